// What a cart line costs is what the catalog asks for it now, not what it asked when the line was
// added (decision 058): a markdown reaches carts already holding the item, and a price the POS
// raised is shown before it is paid. Every cart answer asks the catalog; so does every payment,
// which also refuses to charge an amount the shopper was not shown.
import { centsToDecimal, decimalToCents, PRICES_CHANGED_MESSAGE } from '@pl/contracts';
import { conflict } from '@pl/service-kit';
import type { PaymentSnapshotLine } from '../db/payments.repo.js';
import type { CartContext } from './cart-context.js';
import type { CartLineRecord } from './cart-view.js';
import { CartErrorCodes } from './error-codes.js';

export const pricesChanged = () => conflict(PRICES_CHANGED_MESSAGE, CartErrorCodes.pricesChanged);

/**
 * The lines at the catalog's prices now. A line whose variant is no longer on sale keeps its last
 * known price (a hold of it is refused at payment anyway). `strict` (paying): a catalog that cannot
 * be asked fails the call; otherwise (showing the cart) the lines are shown as last known, and the
 * payment, which asks again, refuses a total that is not what was shown.
 */
export async function withCurrentPrices(ctx: CartContext, lines: readonly CartLineRecord[], { strict = false } = {}): Promise<CartLineRecord[]> {
  if (lines.length === 0) return [];
  let prices;
  try {
    prices = new Map((await ctx.catalog.prices(lines.map((l) => l.sku))).map((p) => [p.sku, p]));
  } catch (err) {
    if (strict) throw err;
    ctx.logger.warn({ err }, "could not ask the catalog for the cart's prices; showing the last known");
    return [...lines];
  }
  return lines.map((l) => {
    const now = prices.get(l.sku);
    return now ? { ...l, unitPriceCents: now.priceCents, compareAtCents: now.compareAtCents, productId: now.productId } : l;
  });
}

/** Refuses a shown total that is not `totalCents` (decimal strings on the wire, compared as cents). */
export function refuseUnlessShown(shownTotal: string | undefined, totalCents: number): void {
  if (shownTotal !== undefined && decimalToCents(shownTotal) !== totalCents) throw pricesChanged();
}

/**
 * Before an intent made earlier is charged: refuses it when a line's price is no longer the one it
 * was made for, so the shopper is shown the new total and pays that instead.
 */
export async function refuseChangedSince(ctx: CartContext, lines: readonly PaymentSnapshotLine[]): Promise<void> {
  if (lines.length === 0) return;
  const prices = new Map((await ctx.catalog.prices(lines.map((l) => l.sku))).map((p) => [p.sku, p.priceCents]));
  const changed = lines.filter((l) => prices.has(l.sku) && prices.get(l.sku) !== l.unitPriceCents);
  if (changed.length === 0) return;
  ctx.logger.info({ changed: changed.map((l) => ({ sku: l.sku, was: centsToDecimal(l.unitPriceCents), now: centsToDecimal(prices.get(l.sku)!) })) }, 'payment refused: prices changed since its intent');
  throw pricesChanged();
}
