// What may be returned and what a return gives back (spec §9): lines of an order picked up or
// delivered at most RETURN_WINDOW_DAYS ago, For Parts and As-Is lines never (final sale). A line's refund is
// its price and its share of the order's tax; shipping is not refunded for a return.
import { FINAL_SALE_TEXT } from '@pl/contracts';
import type { OrderLineRecord, OrderRecord } from '../db/orders.repo.js';
import { FINAL_SALE_GRADES, RETURN_WINDOW_DAYS } from './shop-rules.js';

const DAY_MS = 86_400_000;

export const isFinalSale = (line: Pick<OrderLineRecord, 'conditionGrade'>) => FINAL_SALE_GRADES.includes(line.conditionGrade);

/** The end of the return window, or null while the order has not been picked up or delivered. */
export const returnWindowEnd = (order: Pick<OrderRecord, 'fulfilledAt'>): Date | null =>
  order.fulfilledAt ? new Date(order.fulfilledAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS) : null;

/** Why this line cannot be returned now, or null when it can. `asked`: the line indexes with a return already. */
export function whyNotReturnable(order: Pick<OrderRecord, 'fulfilledAt' | 'lines'>, index: number, asked: ReadonlySet<number>, now = new Date()): string | null {
  const line = order.lines[index];
  if (!line) return `This order has no item number ${index + 1}.`;
  if (isFinalSale(line)) return `${line.title}: ${FINAL_SALE_TEXT}`;
  if (asked.has(index)) return `${line.title}: a return was already requested.`;
  const end = returnWindowEnd(order);
  if (!end) return 'A return can be requested once the order has been picked up or delivered.';
  if (now > end) return `Returns for this order closed on ${end.toISOString().slice(0, 10)} (${RETURN_WINDOW_DAYS} days after pickup or delivery).`;
  return null;
}

/** A line's refund: its subtotal and its share of the tax, in cents. */
export function lineRefundCents(order: Pick<OrderRecord, 'lines' | 'subtotalCents' | 'taxCents'>, index: number): number {
  const line = order.lines[index]!;
  const subtotal = line.unitPriceCents * line.qty;
  const tax = order.subtotalCents > 0 ? Math.round((order.taxCents * subtotal) / order.subtotalCents) : 0;
  return subtotal + tax;
}
