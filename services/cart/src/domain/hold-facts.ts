// What the cart's own records cannot know about its holds: the catalog ends a hold when the store
// counts fewer units than were held (the item was sold in person). Asked at every cart answer that
// has a live one-of-a-kind hold, so the refetch a browser makes on that stock change already shows
// the line as lost, and at payment, so a lost line is never charged.
import type { CartContext } from './cart-context.js';
import { isHeld, type CartLineRecord, type HoldFacts } from './cart-view.js';

export async function holdFactsOf(ctx: CartContext, lines: readonly CartLineRecord[], now = new Date()): Promise<HoldFacts> {
  const ids = lines.filter((l) => l.oneOfAKind && isHeld(l, now)).flatMap((l) => l.holdIds);
  if (ids.length === 0) return {};
  try {
    const holds = await ctx.catalog.lookupHolds(ids);
    return { lostHoldIds: new Set(holds.filter((h) => h.status === 'lost').map((h) => h.id)) };
  } catch (err) {
    // The cart is still shown as the cart knows it; payment asks again and the commit would refuse a lost unit.
    ctx.logger.warn({ err }, 'could not look up the cart\'s holds in the catalog');
    return {};
  }
}
