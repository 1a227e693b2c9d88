import { useCallback, useEffect, useReducer, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { DomEvents } from '@pl/contracts';
import { cx } from './class-names.js';
import { useDomEvent } from '../runtime/dom-events.js';
import {
  swipeOffset,
  swipeOutcome,
  toastReducer,
  toToastItem,
  type ToastItem,
} from '../runtime/toast-queue.js';

export const TOAST_REGION_LABEL = 'Notifications (F8)';
const HOTKEY = 'F8';
/** Pointer travel before a press becomes a swipe, so a click on the close button stays a click. */
const SWIPE_START_PX = 4;

let nextId = 0;

/**
 * Shows the toasts raised with `toast()` (the `shop:toast` DOM event). Rendered once, by the
 * shell. The region is always present so F8 can focus it.
 */
export function Toaster() {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const regionRef = useRef<HTMLElement>(null);

  useDomEvent(DomEvents.toast, (request) => {
    nextId += 1;
    dispatch({ type: 'add', toast: toToastItem(`toast-${nextId}`, request ?? {}) });
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const dismiss = useCallback((id: string) => dispatch({ type: 'dismiss', id }), []);

  return (
    <section ref={regionRef} className="pl-toast-region" aria-label={TOAST_REGION_LABEL} tabIndex={-1}>
      <ol className="pl-toast-list">
        {toasts.map((t) => (
          <ToastView key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </ol>
    </section>
  );
}

function ToastView({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: string) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const [swiping, setSwiping] = useState(false);
  const press = useRef<{ startX: number; pointerId: number } | null>(null);
  const dismiss = useCallback(() => onDismiss(toast.id), [onDismiss, toast.id]);

  // The timer pauses while the shopper is reading (hover/focus) or dragging the toast, and
  // resumes with the time that was left (WCAG 2.2.1).
  useAutoDismiss(toast.duration, hovered || focused || swiping, dismiss);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (event.button !== 0) return;
    press.current = { startX: event.clientX, pointerId: event.pointerId };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (!press.current || press.current.pointerId !== event.pointerId) return;
    const next = swipeOffset(press.current.startX, event.clientX);
    if (!swiping && next < SWIPE_START_PX) return;
    if (!swiping) {
      setSwiping(true);
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setOffset(next);
  };
  const endPress = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (!press.current || press.current.pointerId !== event.pointerId) return;
    const wasSwiping = swiping;
    const final = swipeOffset(press.current.startX, event.clientX);
    press.current = null;
    setSwiping(false);
    if (!wasSwiping) return;
    if (event.type === 'pointerup' && swipeOutcome(final) === 'dismiss') dismiss();
    else setOffset(0);
  };

  const destructive = toast.variant === 'destructive';
  return (
    <li
      className={cx('pl-toast', destructive && 'pl-toast--destructive')}
      data-variant={toast.variant}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined }}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endPress}
      onPointerCancel={endPress}
    >
      {/* The live region is inside the list item: an <li> with a role of its own is no list item to
          assistive technology, and the list around it would be broken (axe: list). */}
      <div role={destructive ? 'alert' : 'status'} aria-live={destructive ? 'assertive' : 'polite'} aria-atomic="true">
        {toast.title && <p className="pl-toast__title">{toast.title}</p>}
        {toast.description && <p className="pl-toast__description">{toast.description}</p>}
      </div>
      <button type="button" className="pl-toast__close" aria-label="Close" onClick={dismiss}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </li>
  );
}

function useAutoDismiss(duration: number, paused: boolean, onExpire: () => void) {
  const remaining = useRef(duration);
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => expire.current(), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused]);
}
