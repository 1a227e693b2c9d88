import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DomEvents, WS_PATH } from '@pl/contracts';
import { emitDomEvent } from '@pl/ui';
import { connectRealtime } from './realtime-connection.js';
import { isInventoryQuery, isLiveQuery } from './live-queries.js';
import { resolveBaseDelay } from './reconnect-policy.js';

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
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const connection = connectRealtime(
      { url: `${protocol}//${window.location.host}${WS_PATH}`, baseDelayMs: resolveBaseDelay(window.__PL_WS_BASE_DELAY_MS__) },
      {
        onInventoryUpdated(message) {
          emitDomEvent(DomEvents.inventoryUpdated, message);
          void queryClient.invalidateQueries({ predicate: isInventoryQuery });
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
    return () => connection.close();
  }, [queryClient]);
  return null;
}
