import { useLayoutEffect, useRef } from 'react';

/**
 * For a part of the page that goes away on its own (a finished sync's progress, an inbox event that
 * applied): if it holds keyboard focus when it goes, focus moves to the element with `targetId`
 * (give it tabIndex={-1}) instead of dropping to <body>. A layout effect's cleanup runs while the
 * part is still in the page, so what had focus can still be asked.
 */
export function useFocusHandOff<T extends HTMLElement>(targetId: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    return () => {
      if (element?.contains(document.activeElement)) document.getElementById(targetId)?.focus();
    };
  }, [targetId]);
  return ref;
}
