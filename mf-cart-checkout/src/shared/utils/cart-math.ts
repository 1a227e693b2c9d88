import { MAX_LINE_QTY, type CartLine } from '@pl/contracts';

/** The header badge: the sum of qty over the cart's lines (spec §2). */
export function cartItemCount(lines: readonly Pick<CartLine, 'qty'>[] | undefined): number {
  return (lines ?? []).reduce((sum, line) => sum + Math.max(0, line.qty), 0);
}

/** A line's struck-through retail (compare-at) total, only when it is higher than what the shopper pays. */
export function lineCompareAtTotal(line: Pick<CartLine, 'qty' | 'subtotal' | 'variant'>): number | undefined {
  const compareAt = line.variant.compareAtPrice;
  if (!compareAt) return undefined;
  const cents = Math.round(Number(compareAt) * 100) * line.qty;
  const paid = Math.round(Number(line.subtotal) * 100);
  return Number.isFinite(cents) && cents > paid ? cents : undefined;
}

/**
 * The quantity control's upper bound: what the server says is available to this cart, never
 * above the contract's limit; one-of-a-kind items are always exactly one. Without a figure from
 * the server only the contract's limit applies: the server still refuses more than it has (409).
 */
export function lineMaxQty(line: Pick<CartLine, 'qty' | 'available' | 'variant'>): number {
  if (line.variant.oneOfAKind) return 1;
  return Math.max(1, Math.min(MAX_LINE_QTY, line.available ?? MAX_LINE_QTY));
}
