import type { Cart, CartLine, CheckoutDetailsPayload } from '@pl/contracts';
import { TAX_RATE_BASIS_POINTS } from './shop-rules.js';
import { centsToDecimal } from '@pl/contracts';

/** What a cart line keeps of the variant when it is added (the catalog's word at that time), in cents; its price is the last the cart knew (line-prices.ts). */
export interface LineSnapshot {
  sku: string;
  /** The listing's id, brand and images as the catalog said when the line was added (null on lines added before they were kept). */
  listingId: string | null;
  brand: string | null;
  images: string[] | null;
  title: string;
  image: string | null;
  conditionGrade: string;
  conditionNotes: string | null;
  oneOfAKind: boolean;
  unitPriceCents: number;
  compareAtCents: number | null;
}

/** A cart line as stored: the variant snapshot, the quantity and its holds. */
export interface CartLineRecord extends LineSnapshot {
  id: string;
  /** The line's listing, once the catalog has priced the line at this read (line-prices.ts); not stored. */
  productId?: string;
  qty: number;
  holdExpiresAt: Date | null;
  /** The catalog holds guarding this line's units (one-of-a-kind from the add; every line during payment). */
  holdIds: string[];
}

/** True while the line's holds still guard its units. */
export const isHeld = (l: Pick<CartLineRecord, 'holdExpiresAt' | 'holdIds'>, now = new Date()) =>
  l.holdIds.length > 0 && l.holdExpiresAt !== null && l.holdExpiresAt.getTime() > now.getTime();

/** Tax on a subtotal in cents, rounded half up to the cent (8%, spec §9). */
export const taxCents = (subtotalCents: number) => Math.round((subtotalCents * TAX_RATE_BASIS_POINTS) / 10_000);

export interface CartTotals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

export function cartTotals(lines: readonly CartLineRecord[]): CartTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.qty, 0);
  const tax = taxCents(subtotalCents);
  return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/** How the lines' holds stand beyond the cart's own records: holds the catalog ended as lost (the store sold the unit). */
export interface HoldFacts {
  lostHoldIds?: ReadonlySet<string>;
}

/** A one-of-a-kind line whose hold the catalog ended while the cart still counted on it. */
export const isLostUnique = (l: CartLineRecord, facts: HoldFacts, now: Date) =>
  l.oneOfAKind && isHeld(l, now) && l.holdIds.some((id) => facts.lostHoldIds?.has(id));

function toCartLine(l: CartLineRecord, now: Date, facts: HoldFacts): CartLine {
  const lost = isLostUnique(l, facts, now);
  return {
    id: l.id,
    qty: l.qty,
    subtotal: centsToDecimal(l.unitPriceCents * l.qty),
    // A lost line has nothing left to count down to.
    holdExpiresAt: lost ? null : (l.holdExpiresAt?.toISOString() ?? null),
    // A one-of-a-kind line whose hold ran out: the item is back on sale for everyone.
    holdExpired: isExpiredUnique(l, now),
    ...(lost ? { holdLost: true } : {}),
    variant: {
      sku: l.sku,
      title: l.title,
      image: l.image,
      conditionGrade: l.conditionGrade,
      oneOfAKind: l.oneOfAKind,
      conditionNotes: l.conditionNotes,
      price: centsToDecimal(l.unitPriceCents),
      compareAtPrice: l.compareAtCents === null ? null : centsToDecimal(l.compareAtCents),
      ...(l.productId ? { productId: l.productId } : {}),
      ...((l.productId ?? l.listingId)
        ? {
            product: {
              id: (l.productId ?? l.listingId)!,
              title: l.title,
              brand: l.brand,
              images: l.images ?? (l.image ? [l.image] : []),
              conditionGrade: l.conditionGrade,
              conditionNotes: l.conditionNotes,
              oneOfAKind: l.oneOfAKind,
            },
          }
        : {}),
    },
  };
}

/** A one-of-a-kind line whose hold ran out: shown (as expired), never counted, until held again. */
export const isExpiredUnique = (l: CartLineRecord, now: Date) => l.oneOfAKind && !isHeld(l, now);

/** A line the shopper can still buy: not a one-of-a-kind item whose hold ran out or was lost. */
export const isPayable = (l: CartLineRecord, now: Date, facts: HoldFacts = {}) => !isExpiredUnique(l, now) && !isLostUnique(l, facts, now);

/** The wire cart; the server computes every amount, the browser only displays them. */
export function toCart(lines: readonly CartLineRecord[], options: { checkout?: CheckoutDetailsPayload | null; now?: Date } & HoldFacts = {}): Cart {
  const now = options.now ?? new Date();
  const totals = cartTotals(lines.filter((l) => isPayable(l, now, options)));
  return {
    lines: lines.map((l) => toCartLine(l, now, options)),
    checkout: options.checkout ?? null,
    subtotal: centsToDecimal(totals.subtotalCents),
    tax: centsToDecimal(totals.taxCents),
    total: centsToDecimal(totals.totalCents),
  };
}
