import { decimalToCents, type Location, type Order, type OrderStatus } from '@pl/contracts';

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

/** The order page's heading: a refunded or cancelled order must not read as confirmed. */
export function orderHeading(status: Order['status']): string {
  return isConfirmed(status) ? 'Order confirmed' : `Order ${status}`;
}

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
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

/**
 * The order's progress for its timeline: the path its kind of order takes (pickup: paid, ready,
 * picked up; shipping: paid, shipped, delivered) with the time of each step reached. A cancelled or
 * refunded order ends where it stopped, with that as its last step.
 */
export function orderSteps(order: Pick<Order, 'status' | 'fulfilment' | 'timeline' | 'createdAt'>): OrderStep[] {
  const path: OrderStatus[] = order.fulfilment.type === 'pickup' ? ['paid', 'ready_for_pickup', 'picked_up'] : ['paid', 'shipped', 'delivered'];
  const reachedAt = new Map<OrderStatus, string>([['paid', order.createdAt]]);
  for (const entry of order.timeline ?? []) reachedAt.set(entry.status, entry.at);
  const steps: OrderStatus[] = path.includes(order.status) ? path : [...path.filter((s) => reachedAt.has(s)), order.status];
  const current = steps.indexOf(order.status);
  return steps.map((status, i) => ({
    status,
    label: statusLabel(status),
    ...(i <= current ? { at: reachedAt.get(status) } : {}),
    state: i < current ? 'done' : i === current ? 'current' : 'upcoming',
  }));
}

/** What happens next, in the shop's own terms (spec §9: pickup and shipping constants). */
export function nextStepText(order: Pick<Order, 'status' | 'fulfilment' | 'shipment'>): string | null {
  const pickup = order.fulfilment.type === 'pickup';
  switch (order.status) {
    case 'paid':
      return pickup
        ? "We're preparing your order: it will be ready for pickup within 24 hours, and we'll let you know. Bring a valid ID and your order confirmation."
        : 'Orders are processed in 1-2 business days (usually the same day when placed before 2 PM); standard delivery then takes 5-7 business days.';
    case 'ready_for_pickup':
      return 'Your order is ready for pickup. Bring a valid ID and your order confirmation.';
    case 'shipped':
      return order.shipment ? `On its way with ${order.shipment.carrier}, tracking number ${order.shipment.trackingNumber}.` : 'On its way.';
    case 'picked_up':
    case 'delivered':
      return `Returns are accepted within 7 days of ${pickup ? 'pickup' : 'delivery'}; For Parts items are final sale.`;
    default:
      return null;
  }
}
