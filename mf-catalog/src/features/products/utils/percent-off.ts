import { decimalToCents } from '@pl/contracts';

function cents(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  try {
    return decimalToCents(value);
  } catch {
    return undefined;
  }
}

/**
 * Spec §5: round((compareAt − price) / compareAt × 100), shown only when above 0. Prices are the
 * wire's decimal strings; undefined means "show no badge".
 */
export function percentOff(price: string | null | undefined, compareAt: string | null | undefined): number | undefined {
  const p = cents(price);
  const c = cents(compareAt);
  if (p === undefined || c === undefined || c <= 0) return undefined;
  const pct = Math.round(((c - p) / c) * 100);
  return pct > 0 ? pct : undefined;
}

/** The compare-at price is struck through only when it is higher than the price. */
export function showsCompareAt(price: string | null | undefined, compareAt: string | null | undefined): boolean {
  const p = cents(price);
  const c = cents(compareAt);
  return p !== undefined && c !== undefined && c > p;
}

/** What the shopper saves against the compare-at price ('Save $X (N%)'), or undefined when nothing. */
export function savings(
  price: string | null | undefined,
  compareAt: string | null | undefined,
): { amountCents: number; percent: number } | undefined {
  const p = cents(price);
  const c = cents(compareAt);
  const percent = percentOff(price, compareAt);
  if (p === undefined || c === undefined || percent === undefined) return undefined;
  return { amountCents: c - p, percent };
}
