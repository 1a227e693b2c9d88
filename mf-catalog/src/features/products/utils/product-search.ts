import type { Product } from '@pl/contracts';

type Searchable = Pick<Product, 'title' | 'brand' | 'description'>;

/**
 * Spec §2: client-side, case-insensitive search over title, brand and description. Every word
 * must appear somewhere ("sony headphones" finds Sony's headphones), in any order.
 */
export function filterProducts<P extends Searchable>(products: readonly P[], query: string): P[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((p) => {
    const haystack = [p.title, p.brand, p.description].filter(Boolean).join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Pages fetched by cursor can overlap when stock moves items between requests: keep each product once. */
export function uniqueProducts<P extends Pick<Product, 'id'>>(products: readonly P[]): P[] {
  const seen = new Set<string>();
  return products.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
}

/** The home page's Featured Products: products that can be bought first, then the rest, in list order. */
export function featuredProducts(products: readonly Product[], count: number): Product[] {
  const withVariants = products.filter((p) => p.variants.length > 0);
  const inStock = withVariants.filter((p) => p.variants.some((v) => v.totalAvailable > 0));
  const soldOut = withVariants.filter((p) => !p.variants.some((v) => v.totalAvailable > 0));
  return [...inStock, ...soldOut].slice(0, count);
}

/**
 * The catalog's search falls back to spelling closeness ("labtop" finds laptops) only when nothing
 * contains the words typed. Such an answer is no match for the search the shopper made: the page
 * says 'No products found matching your search.' and offers the results as similar products.
 */
export function isSimilarOnly(results: readonly Searchable[], query: string): boolean {
  return query.trim() !== '' && results.length > 0 && filterProducts(results, query).length === 0;
}
