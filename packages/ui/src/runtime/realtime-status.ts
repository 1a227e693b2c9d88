import { useSyncExternalStore } from 'react';
import { DomEvents, type DomEventDetails, type RealtimeState } from '@pl/contracts';

/**
 * The state of the shell's websocket as remotes see it: the DOM events are fire-and-forget, so a
 * remote mounted after the socket opened would never learn that it is open. This module (one copy,
 * the @pl/ui singleton, loaded by the shell before it connects) remembers the latest state and when
 * stock data was last brought up to date (an inventory event or a resync after a (re)connect).
 */
export interface RealtimeStatus {
  state: RealtimeState | null;
  lastSyncAt: number;
}

let status: RealtimeStatus = { state: null, lastSyncAt: Date.now() };
const listeners = new Set<() => void>();

function update(patch: Partial<RealtimeStatus>) {
  status = { ...status, ...patch };
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener(DomEvents.realtimeState, (event) =>
    update({ state: (event as CustomEvent<DomEventDetails['shop:realtime-state']>).detail?.state ?? null }),
  );
  window.addEventListener(DomEvents.realtimeResync, () => update({ lastSyncAt: Date.now() }));
  window.addEventListener(DomEvents.inventoryUpdated, () => update({ lastSyncAt: Date.now() }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribe, () => status, () => status);
}
