import { TAX_RATE_BASIS_POINTS, type Cart, type CartLine } from '@pl/contracts';
import { centsToDecimal } from '@pl/contracts';

/** A cart line as stored: the variant snapshot in cents. */
export interface CartLineRecord {
  id: string;
  sku: string;
  qty: number;
  title: string;
  image: string | null;
  conditionGrade: string;
  conditionNotes: string | null;
  oneOfAKind: boolean;
  unitPriceCents: number;
  compareAtCents: number | null;
  holdExpiresAt: Date | null;
}

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

function toCartLine(l: CartLineRecord): CartLine {
  return {
    id: l.id,
    qty: l.qty,
    subtotal: centsToDecimal(l.unitPriceCents * l.qty),
    holdExpiresAt: l.holdExpiresAt?.toISOString() ?? null,
    variant: {
      sku: l.sku,
      title: l.title,
      image: l.image,
      conditionGrade: l.conditionGrade,
      oneOfAKind: l.oneOfAKind,
      conditionNotes: l.conditionNotes,
      price: centsToDecimal(l.unitPriceCents),
      compareAtPrice: l.compareAtCents === null ? null : centsToDecimal(l.compareAtCents),
    },
  };
}

/** The wire cart; the server computes every amount, the browser only displays them. */
export function toCart(lines: readonly CartLineRecord[]): Cart {
  const totals = cartTotals(lines);
  return {
    lines: lines.map(toCartLine),
    subtotal: centsToDecimal(totals.subtotalCents),
    tax: centsToDecimal(totals.taxCents),
    total: centsToDecimal(totals.totalCents),
  };
}
