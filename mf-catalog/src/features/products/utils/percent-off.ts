/**
 * Spec §5: round((compareAt − price) / compareAt × 100), shown only when above 0. Prices are the
 * wire's decimal strings; undefined means "show no badge".
 */
export function percentOff(price: string | null | undefined, compareAt: string | null | undefined): number | undefined {
  const p = Number(price);
  const c = Number(compareAt);
  if (!price || !compareAt || !Number.isFinite(p) || !Number.isFinite(c) || c <= 0) return undefined;
  const pct = Math.round(((c - p) / c) * 100);
  return pct > 0 ? pct : undefined;
}

/** The compare-at price is struck through only when it is higher than the price. */
export function showsCompareAt(price: string | null | undefined, compareAt: string | null | undefined): boolean {
  return Boolean(price && compareAt && Number(compareAt) > Number(price));
}
