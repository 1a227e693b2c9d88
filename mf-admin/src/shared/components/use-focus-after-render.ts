import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves keyboard focus once React has rendered what an action brought: the control that had focus
 * is often gone by then (the action button of a status the order left, 'Show more' after the last
 * page), and focus must land somewhere useful rather than drop to <body>. The target is looked up
 * after each render until it exists.
 */
export function useFocusAfterRender(): (target: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [, rerender] = useState(0);
  useEffect(() => {
    const element = pending.current?.();
    if (!element) return;
    pending.current = null;
    element.focus();
  });
  return useCallback((target) => {
    pending.current = target;
    rerender((n) => n + 1);
  }, []);
}
