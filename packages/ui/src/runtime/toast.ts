import { DomEvents, type ToastRequest } from '@pl/contracts';
import { emitDomEvent } from './dom-events.js';

/**
 * Raises a toast. This is the documented contract for remotes: it dispatches the
 * `shop:toast` CustomEvent on window and the shell's Toaster shows it, so nothing imports the shell.
 */
export function toast(request: ToastRequest): void {
  emitDomEvent(DomEvents.toast, request);
}
