import {
  decimalToCents,
  FINAL_SALE_TEXT,
  PICKUP_TRANSFER_READY_TEXT,
  RETURN_REASON_LABELS,
  RETURN_REFUND_TEXT,
  type Location,
  type Order,
  type OrderLineReturn,
  type OrderRefund,
  type OrderStatus,
} from '@pl/contracts';

/** Orders whose money went back to the customer do not count as spent. */
const NOT_SPENT = new Set<Order['status']>(['refunded', 'cancelled']);

export interface OrderSummary {
  totalOrders: number;
  totalSpentCents: number;
}

export function summarizeOrders(orders: readonly Order[]): OrderSummary {
  return {
    totalOrders: orders.length,
    totalSpentCents: orders.filter((o) => !NOT_SPENT.has(o.status)).reduce((sum, o) => sum + decimalToCents(o.total), 0),
  };
}

export const itemCount = (order: Pick<Order, 'lines'>) => order.lines.reduce((sum, line) => sum + line.qty, 0);

/** Newest first. */
export const newestFirst = (orders: readonly Order[]) => [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/** 'paid' → 'Paid', 'ready_for_pickup' → 'Ready for pickup'. */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : status;
}

/** Every order that still stands (paid, on its way, collected, delivered, being returned); a refunded or cancelled one does not. */
export function isConfirmed(status: Order['status']): boolean {
  return !NOT_SPENT.has(status);
}

/** The order page's heading: a refunded or cancelled order must not read as confirmed, nor one being returned. */
export function orderHeading(status: Order['status']): string {
  if (status === 'return_requested') return 'Return requested';
  if (status === 'returned') return 'Return received';
  return isConfirmed(status) ? 'Order confirmed' : `Order ${status}`;
}

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A moment with its time of day (a timeline step, the end of the return window). */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * How the order reaches the customer, as lines of text: the pickup location's name, address and
 * opening hours (nothing yet while the locations load; a plain 'Pickup location' if it no longer
 * exists), or the shipping address.
 */
export function fulfilmentLines(fulfilment: Order['fulfilment'], locations: readonly Location[] | undefined): { title: string; lines: string[] } {
  if (fulfilment.type === 'pickup') {
    const location = locations?.find((l) => l.id === fulfilment.locationId);
    if (!location) return { title: 'Pickup', lines: locations ? ['Pickup location'] : [] };
    const hours = location.hours ? [`Open ${location.hours}`] : [];
    return { title: 'Pickup', lines: [location.name, location.address, `${location.city}, ${location.state} ${location.zipCode}`, ...hours] };
  }
  const a = fulfilment.address;
  return { title: 'Shipping', lines: [a.name, a.line1, ...(a.line2 ? [a.line2] : []), `${a.city}, ${a.state} ${a.zipCode}`] };
}

export interface OrderStep {
  status: OrderStatus;
  label: string;
  /** When the order reached it (from its timeline); absent for a step still ahead. */
  at?: string;
  state: 'done' | 'current' | 'upcoming';
}

const RETURN_PATH: readonly OrderStatus[] = ['return_requested', 'returned'];

/**
 * The order's progress for its timeline: the path its kind of order takes (pickup: paid, ready,
 * picked up; shipping: paid, shipped, delivered) with the time of each step reached. A return goes
 * on from there (requested, then received); a cancelled or refunded order ends where it stopped,
 * with that as its last step.
 */
export function orderSteps(order: Pick<Order, 'status' | 'fulfilment' | 'timeline' | 'createdAt'>): OrderStep[] {
  const path: OrderStatus[] = order.fulfilment.type === 'pickup' ? ['paid', 'ready_for_pickup', 'picked_up'] : ['paid', 'shipped', 'delivered'];
  const reachedAt = new Map<OrderStatus, string>([['paid', order.createdAt]]);
  for (const entry of order.timeline ?? []) reachedAt.set(entry.status, entry.at);
  const ending = RETURN_PATH.includes(order.status) ? RETURN_PATH : [order.status];
  const steps: OrderStatus[] = path.includes(order.status) ? path : [...path.filter((s) => reachedAt.has(s)), ...ending];
  const current = steps.indexOf(order.status);
  return steps.map((status, i) => ({
    status,
    label: statusLabel(status),
    ...(i <= current ? { at: reachedAt.get(status) } : {}),
    state: i < current ? 'done' : i === current ? 'current' : 'upcoming',
  }));
}

/** What happens next, in the shop's own terms (spec §9: pickup, shipping and returns constants). */
export function nextStepText(order: Pick<Order, 'status' | 'fulfilment' | 'shipment' | 'transferFrom' | 'returnWindowDays'>): string | null {
  const pickup = order.fulfilment.type === 'pickup';
  switch (order.status) {
    case 'paid':
      if (pickup && order.transferFrom?.length) {
        return `Some items are coming to the store from another of our locations: your order will be ready for pickup ${PICKUP_TRANSFER_READY_TEXT}, and we'll let you know. Bring a valid ID and your order confirmation.`;
      }
      return pickup
        ? "We're preparing your order: it will be ready for pickup within 24 hours, and we'll let you know. Bring a valid ID and your order confirmation."
        : 'Orders are processed in 1-2 business days (usually the same day when placed before 2 PM); standard delivery then takes 5-7 business days.';
    case 'ready_for_pickup':
      return 'Your order is ready for pickup. Bring a valid ID and your order confirmation.';
    case 'shipped':
      return order.shipment ? `On its way with ${order.shipment.carrier}, tracking number ${order.shipment.trackingNumber}.` : 'On its way.';
    case 'picked_up':
    case 'delivered':
      return `Returns are accepted within ${order.returnWindowDays} days of ${pickup ? 'pickup' : 'delivery'}. ${FINAL_SALE_TEXT}`;
    case 'cancelled':
      return 'Your payment is refunded in full to your card.';
    // No return address or label exists in the shop's data, so a shipped order's return says no more than this.
    case 'return_requested':
      return `${pickup ? 'Bring the items you are returning, with your order confirmation, to the store you picked the order up from.' : 'Pack the items you are returning with your order number and ship them back to us.'} ${RETURN_REFUND_TEXT}`;
    case 'returned':
      return `We received your return and started its refund. ${RETURN_REFUND_TEXT}`;
    default:
      return null;
  }
}

/** A line's return in words: 'Return requested (Arrived damaged)', then 'Returned · refunded $49.99' once the store has it. */
export function lineReturnText(lineReturn: OrderLineReturn, formatMoney: (decimal: string) => string): string {
  return lineReturn.status === 'requested'
    ? `Return requested (${RETURN_REASON_LABELS[lineReturn.reason]})`
    : `Returned · refunded ${formatMoney(lineReturn.refund)}`;
}

const REFUND_STATUS_TEXT: Record<OrderRefund['status'], string> = {
  pending: 'Refund pending',
  succeeded: 'Refunded',
  failed: 'Refund failed — we are looking into it',
};
/** A refund's state in words: 'Refund pending', 'Refunded', or a failure the shop follows up. */
export const refundStatusText = (status: OrderRefund['status']): string => REFUND_STATUS_TEXT[status];

/** What a refund is for: the whole cancelled order, or returned items. */
export const refundReasonText = (reason: OrderRefund['reason']): string => (reason === 'cancellation' ? 'Cancelled order' : 'Returned items');
