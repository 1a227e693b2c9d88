import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DomEvents, WS_PATH } from '@pl/contracts';
import { emitDomEvent } from '@pl/ui';
import { connectRealtime } from './realtime-connection.js';
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
 * `DomEvents`) and query invalidations, so remotes refresh without knowing about the socket.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
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
        onOpen({ attempt }) {
          emitDomEvent(DomEvents.realtimeResync, { attempt });
          void queryClient.invalidateQueries({ predicate: isLiveQuery });
        },
        onState(state, attempt) {
          emitDomEvent(DomEvents.realtimeState, { state, attempt });
        },
      },
    );
    return () => {
      inventory.cancel();
      connection.close();
    };
  }, [queryClient]);
  return null;
}
