import { z } from 'zod';
import { DecimalString, decimalToCents } from '@pl/contracts';

// REVIEW: the cart team's `GET /api/orders` has no contract in @pl/contracts yet. This reads the
// fields the order history needs from the shape issue 5 describes (snapshot lines with title and
// qty, a decimal-string total, status, createdAt) and ignores the rest; replace it with the
// contract's Order schema once the cart team publishes one.
const OrderLineView = z.object({
  title: z.string().optional(),
  qty: z.number().int().positive().optional(),
  quantity: z.number().int().positive().optional(),
  variant: z.object({ title: z.string().optional() }).optional(),
});
const OrderViewSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  total: DecimalString,
  lines: z.array(OrderLineView).optional(),
  items: z.array(OrderLineView).optional(),
});

export interface OrderView {
  id: string;
  createdAt: string;
  status: string;
  /** Integer cents. */
  totalCents: number;
  items: Array<{ title: string; qty: number }>;
}

/** The orders of the response: an array, or a `{ data: [...] }` page like the products list. */
export function parseOrders(body: unknown): OrderView[] {
  const list = Array.isArray(body) ? body : z.object({ data: z.array(z.unknown()) }).parse(body).data;
  return list.map((raw) => {
    const order = OrderViewSchema.parse(raw);
    return {
      id: order.id,
      createdAt: order.createdAt,
      status: order.status,
      totalCents: decimalToCents(order.total),
      items: (order.lines ?? order.items ?? []).map((line) => ({
        title: line.title ?? line.variant?.title ?? 'Item',
        qty: line.qty ?? line.quantity ?? 1,
      })),
    };
  });
}

/** Orders whose money went back to the customer do not count as spent. */
const NOT_SPENT = new Set(['refunded', 'voided', 'canceled', 'cancelled', 'failed']);

export interface OrderSummary {
  totalOrders: number;
  totalSpentCents: number;
}

export function summarizeOrders(orders: readonly OrderView[]): OrderSummary {
  return {
    totalOrders: orders.length,
    totalSpentCents: orders.filter((o) => !NOT_SPENT.has(o.status.toLowerCase())).reduce((sum, o) => sum + o.totalCents, 0),
  };
}

export const itemCount = (order: OrderView) => order.items.reduce((sum, item) => sum + item.qty, 0);

/** 'paid' → 'Paid', 'ready_for_pickup' → 'Ready for pickup'. */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : status;
}
