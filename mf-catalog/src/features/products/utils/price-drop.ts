import type { Product } from '@pl/contracts';
import { formatPrice } from '@pl/ui';

/**
 * 'Price dropped $40.00 on Nov 28, 2026': told only when the catalog says the price truly dropped
 * (a price the listing charged while on sale was lowered; the price history proves it), else nothing.
 */
export function priceDropText(drop: Product['priceDrop']): string | null {
  if (!drop) return null;
  const on = new Date(drop.on);
  if (Number.isNaN(on.getTime())) return null;
  return `Price dropped ${formatPrice(drop.amount)} on ${on.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`;
}
