import type { Product } from '@pl/contracts';

/** Spec §2: client-side, case-insensitive search over title, brand and description. */
export function filterProducts(products: readonly Product[], query: string): Product[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...products];
  return products.filter((p) => [p.title, p.brand, p.description].some((field) => field?.toLowerCase().includes(q)));
}
