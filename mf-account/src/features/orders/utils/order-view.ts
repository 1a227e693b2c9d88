import { decimalToCents, type Location, type Order } from '@pl/contracts';

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

/** A paid or fulfilled order stands; a refunded or cancelled one does not. */
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
 * How the order reaches the customer, as lines of text: the pickup location's name and address
 * (nothing yet while the locations load; a plain 'Pickup location' if it no longer exists), or
 * the shipping address.
 */
export function fulfilmentLines(fulfilment: Order['fulfilment'], locations: readonly Location[] | undefined): { title: string; lines: string[] } {
  if (fulfilment.type === 'pickup') {
    const location = locations?.find((l) => l.id === fulfilment.locationId);
    if (!location) return { title: 'Pickup', lines: locations ? ['Pickup location'] : [] };
    return { title: 'Pickup', lines: [location.name, location.address, `${location.city}, ${location.state} ${location.zipCode}`] };
  }
  const a = fulfilment.address;
  return { title: 'Shipping', lines: [a.name, a.line1, ...(a.line2 ? [a.line2] : []), `${a.city}, ${a.state} ${a.zipCode}`] };
}
