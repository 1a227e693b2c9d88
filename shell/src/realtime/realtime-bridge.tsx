import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, DomEvents, WS_PATH } from '@pl/contracts';
import { Button, emitDomEvent } from '@pl/ui';
import { connectRealtime, type RealtimeConnection } from './realtime-connection.js';
import { coalescedRefresh } from './coalesced-refresh.js';
import { isInventoryQuery, isLiveQuery } from './live-queries.js';
import { resolveBaseDelay } from './reconnect-policy.js';

/** How long the shell waits for more inventory events before refetching inventory queries. */
const INVENTORY_REFRESH_DELAY_MS = 250;

declare global {
  interface Window {
    /** End-to-end tests set this to run the reconnect backoff fast; unset in real use. */
    __PL_WS_BASE_DELAY_MS__?: number;
  }
}

/**
 * Connects the shop's websocket and turns what arrives into cross-team DOM events (contracts
 * `DomEvents`) and query invalidations, so remotes refresh without knowing about the socket. When
 * the spec's 5 attempts are spent it says so ('Live updates paused', with 'Reconnect'), and starts
 * a new round by itself when the browser is back online or the tab is shown again.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const connectionRef = useRef<RealtimeConnection | null>(null);
  const [paused, setPaused] = useState(false);
  /** The Reconnect button had focus: once it goes away (connected), focus moves to the page, not to <body>. */
  const buttonFocused = useRef(false);
  useEffect(() => {
    if (paused || !buttonFocused.current) return;
    buttonFocused.current = false;
    document.getElementById('main')?.focus();
  }, [paused]);
  useEffect(() => {
    // Remotes patch what they show from each event at once; the refetch behind it is coalesced, so a
    // burst (a POS sync changes thousands of counts) is a few refetches, not one per event. Runs never
    // overlap, so the refetch each one starts is never cancelled by the next event's.
    const inventory = coalescedRefresh(() => queryClient.invalidateQueries({ predicate: isInventoryQuery }), INVENTORY_REFRESH_DELAY_MS);
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const connection = connectRealtime(
      { url: `${protocol}//${window.location.host}${WS_PATH}`, baseDelayMs: resolveBaseDelay(window.__PL_WS_BASE_DELAY_MS__) },
      {
        onInventoryUpdated(message) {
          emitDomEvent(DomEvents.inventoryUpdated, message);
          inventory.signal();
        },
        onOrderUpdated(message) {
          // The account team's order pages listen for it and refetch what they show.
          emitDomEvent(DomEvents.orderUpdated, message);
        },
        onOpen({ attempt }) {
          emitDomEvent(DomEvents.realtimeResync, { attempt });
          void queryClient.invalidateQueries({ predicate: isLiveQuery });
        },
        onState(state, attempt) {
          setPaused(state === 'gave-up');
          emitDomEvent(DomEvents.realtimeState, { state, attempt });
        },
      },
    );
    connectionRef.current = connection;
    // A visitor's socket opens before they have a session (pages start none); their first write
    // starts one, and the socket is reopened as that guest so their orders' events reach it.
    const reidentify = () => connection.reconnect();
    window.addEventListener(DomEvents.guestSessionStarted, reidentify);
    const resume = () => connection.resume();
    const resumeWhenShown = () => {
      if (document.visibilityState === 'visible') connection.resume();
    };
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', resumeWhenShown);
    return () => {
      window.removeEventListener(DomEvents.guestSessionStarted, reidentify);
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', resumeWhenShown);
      inventory.cancel();
      connection.close();
      connectionRef.current = null;
    };
  }, [queryClient]);

  // Whose browser this is decides which order events the gateway sends it, and the gateway reads it
  // when the socket opens: a sign-in or sign-out (the shared current-user query changing from one
  // known answer to another) opens a new socket. The first answer is what the socket opened with.
  const me = useQuery<{ id?: string } | null>({ queryKey: [ApiPaths.auth.me], enabled: false });
  const identity = me.data === undefined ? undefined : (me.data?.id ?? null);
  const lastIdentity = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (identity === undefined) return;
    if (lastIdentity.current !== undefined && lastIdentity.current !== identity) connectionRef.current?.reconnect();
    lastIdentity.current = identity;
  }, [identity]);
  if (!paused) return null;
  return (
    <div className="shell-live-paused" role="status" data-live-paused="">
      <span className="shell-live-paused__dot" aria-hidden="true" />
      <span className="shell-live-paused__text">Live updates paused</span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => connectionRef.current?.resume()}
        onFocus={() => (buttonFocused.current = true)}
        onBlur={() => (buttonFocused.current = false)}
      >
        Reconnect
      </Button>
    </div>
  );
}
