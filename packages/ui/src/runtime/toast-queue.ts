import type { ToastRequest, ToastVariant } from '@pl/contracts';

/**
 * The toaster's rules as pure functions (spec §2 Notifications, §9): one toast visible at a
 * time (a new one replaces the old), 5000 ms default lifetime, swipe right past 50 px dismisses.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

export type ToastAction = { type: 'add'; toast: ToastItem } | { type: 'dismiss'; id: string };

/** Fills in a request's defaults; an invalid duration falls back to the default. */
export function toToastItem(id: string, request: ToastRequest): ToastItem {
  const duration =
    typeof request.duration === 'number' && Number.isFinite(request.duration) && request.duration > 0
      ? request.duration
      : TOAST_DEFAULT_DURATION_MS;
  return {
    id,
    title: request.title,
    description: request.description,
    variant: request.variant === 'destructive' ? 'destructive' : 'default',
    duration,
  };
}

/** The visible toasts after an action, newest first and never more than TOAST_LIMIT. */
export function toastReducer(state: readonly ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state.filter((t) => t.id !== action.toast.id)].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return state.filter((t) => t.id !== action.id);
  }
}

/** Only rightward movement counts as a swipe; dragging left or back past the start stays at 0. */
export function swipeOffset(startX: number, currentX: number): number {
  return Math.max(0, currentX - startX);
}

/** What happens when the pointer is released after a swipe of `offset` px to the right. */
export function swipeOutcome(offset: number): 'dismiss' | 'snap-back' {
  return offset >= TOAST_SWIPE_THRESHOLD_PX ? 'dismiss' : 'snap-back';
}
