import type { InventoryUpdatedMessage, OrderUpdatedMessage } from './events.js';
import type { ProductUpdatedMessage } from './intake.js';

/**
 * Cross-team browser signals (the Tractor Store way): namespaced CustomEvents on window.
 * Remotes never import the shell or each other; they dispatch and listen to these.
 */
export const DomEvents = {
  /** Raise a toast; the shell's Toaster shows it. detail: ToastRequest */
  toast: 'shop:toast',
  /** The shell's websocket received inventory.updated. detail: InventoryUpdatedMessage */
  inventoryUpdated: 'inventory:updated',
  /** The shell's websocket received product.updated: a listing's photos, inspection or price changed, or it was published. detail: ProductUpdatedMessage */
  productUpdated: 'product:updated',
  /** The websocket (re)connected: events may have been missed, refetch live data. detail: { attempt } */
  realtimeResync: 'shop:realtime-resync',
  /** The websocket connection state changed. detail: { state } */
  realtimeState: 'shop:realtime-state',
  /** The cart changed (line added or removed). */
  cartUpdated: 'cart:updated',
  /** Open, close or toggle the cart side panel. detail: { action } */
  cartPanel: 'cart:panel',
  /** One of this browser's orders moved on, or one of its refunds settled. detail: OrderUpdatedMessage */
  orderUpdated: 'order:updated',
  /**
   * An API answer started a new guest session (contracts SessionHeaders.guestStarted): the
   * visitor's first write, or a sign-out. The shell reopens its websocket as that guest.
   */
  guestSessionStarted: 'shop:guest-session-started',
  /**
   * The shopper signed in, registered or signed out (the account team says so, once its own data
   * follows). Each team resets what it cached for the previous shopper; the shell reopens its
   * websocket as the new one.
   */
  sessionChanged: 'shop:session-changed',
  /** The shopper came back from paying: an order was placed (the cart team says so). detail: { orderId } (null when the return named none) */
  orderPlaced: 'order:placed',
  /**
   * A page knows its title from its data ('MacBook Air 13" M2 – Open Box – $749'): the shell shows it
   * as the document's title (documentTitleOf) for the address it was told at. detail: { title, location }
   */
  pageTitle: 'shop:page-title',
} as const;

/**
 * Places in the shell's page that remotes may render into (a portal target, found by id). A remote
 * falls back to document.body when the shell it runs in has none (its own bootstrap, an old shell).
 */
export const ShellRegions = {
  /** In the page flow directly under the header, above the page: notices that belong to no one page (an order just placed). */
  notices: 'shell-notices',
} as const;

export type ToastVariant = 'default' | 'destructive';
export interface ToastRequest {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Auto-dismiss after this many ms (default 5000, spec §9). */
  duration?: number;
}

export type RealtimeState = 'connecting' | 'open' | 'closed' | 'gave-up';

export interface DomEventDetails {
  'shop:toast': ToastRequest;
  'inventory:updated': InventoryUpdatedMessage;
  'product:updated': ProductUpdatedMessage;
  'shop:realtime-resync': { attempt: number };
  'shop:realtime-state': { state: RealtimeState; attempt: number };
  'cart:updated': Record<string, never>;
  'cart:panel': { action: 'open' | 'close' | 'toggle' };
  'order:updated': OrderUpdatedMessage;
  'shop:guest-session-started': Record<string, never>;
  'shop:session-changed': { signedIn: boolean };
  'order:placed': { orderId: string | null };
  /** `location`: the page's pathname and search when it said so (a title never outlives its address). */
  'shop:page-title': { title: string; location: string };
}
