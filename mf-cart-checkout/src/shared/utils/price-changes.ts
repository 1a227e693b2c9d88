import type { CartLine } from '@pl/contracts';

type PricedLine = Pick<CartLine, 'id' | 'variant'>;

/**
 * The lines of `after` that cost something else than `before` showed for the same line (the catalog
 * changed the price meanwhile: a markdown, the POS). Lines added or removed are not price changes.
 */
export function repricedLines<L extends PricedLine>(before: readonly PricedLine[], after: readonly L[]): L[] {
  const shown = new Map(before.map((l) => [l.id, l.variant.price]));
  return after.filter((l) => shown.has(l.id) && shown.get(l.id) !== l.variant.price);
}
