import { useEffect, useRef, useState } from 'react';
import { DomEvents, WS_PATH } from '@pl/contracts';
import { Button, emitDomEvent } from '@pl/ui';
import { connectRealtime, type RealtimeConnection } from './realtime-connection.js';
import { resolveBaseDelay } from './reconnect-policy.js';

declare global {
  interface Window {
    /** End-to-end tests set this to run the reconnect backoff fast; unset in real use. */
    __PL_WS_BASE_DELAY_MS__?: number;
  }
}

/**
 * Connects the shop's websocket and turns what arrives into cross-team DOM events (contracts
 * `DomEvents`). It only broadcasts: each team decides what a signal means for its own queries
 * (@pl/ui team-cache, decision 036), so the shell knows no team's query keys. When
 * the spec's 5 attempts are spent it says so ('Live updates paused', with 'Reconnect'), and starts
 * a new round by itself when the browser is back online or the tab is shown again.
 */
export function RealtimeBridge() {
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
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const connection = connectRealtime(
      { url: `${protocol}//${window.location.host}${WS_PATH}`, baseDelayMs: resolveBaseDelay(window.__PL_WS_BASE_DELAY_MS__) },
      {
        onInventoryUpdated(message) {
          emitDomEvent(DomEvents.inventoryUpdated, message);
        },
        onProductUpdated(message) {
          // The catalog team refetches the listing wherever it shows it (new photos, an inspection).
          emitDomEvent(DomEvents.productUpdated, message);
        },
        onOrderUpdated(message) {
          // The account team's order pages listen for it and refetch what they show.
          emitDomEvent(DomEvents.orderUpdated, message);
        },
        onOpen({ attempt }) {
          // Events may have been missed while it was down: each team refetches what it keeps live.
          emitDomEvent(DomEvents.realtimeResync, { attempt });
        },
        onState(state, attempt) {
          setPaused(state === 'gave-up');
          emitDomEvent(DomEvents.realtimeState, { state, attempt });
        },
      },
    );
    connectionRef.current = connection;
    // Whose browser this is decides which order events the gateway sends it, and the gateway reads
    // it when the socket opens. A visitor's socket opens before they have a session (pages start
    // none): their first write starts one; a sign-in, registration or sign-out changes it. Either
    // way the socket is reopened as the new subject, so their orders' events reach it.
    const reidentify = () => connection.reconnect();
    window.addEventListener(DomEvents.guestSessionStarted, reidentify);
    window.addEventListener(DomEvents.sessionChanged, reidentify);
    const resume = () => connection.resume();
    const resumeWhenShown = () => {
      if (document.visibilityState === 'visible') connection.resume();
    };
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', resumeWhenShown);
    return () => {
      window.removeEventListener(DomEvents.guestSessionStarted, reidentify);
      window.removeEventListener(DomEvents.sessionChanged, reidentify);
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', resumeWhenShown);
      connection.close();
      connectionRef.current = null;
    };
  }, []);

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
