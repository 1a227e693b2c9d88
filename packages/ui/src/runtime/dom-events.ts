import { useEffect, useRef } from 'react';
import type { DomEventDetails } from '@pl/contracts';

export type DomEventName = keyof DomEventDetails;

/** Dispatches one of the shop's namespaced cross-team events (contracts `DomEvents`) on window. */
export function emitDomEvent<N extends DomEventName>(name: N, detail: DomEventDetails[N]): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/**
 * Listens to a cross-team DOM event while the component is mounted. The latest handler is
 * always called, so callers need not memoise it.
 */
export function useDomEvent<N extends DomEventName>(name: N, handler: (detail: DomEventDetails[N]) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<DomEventDetails[N]>).detail);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name]);
}
