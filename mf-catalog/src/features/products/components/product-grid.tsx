import { useDeferredValue, useState } from 'react';
import type { Product } from '@pl/contracts';
import { ProductCard, ProductCardSkeleton } from './product-card.js';

/** Cards whose photo loads at once: the grid's widest first row (4 columns); the rest wait until scrolled near. */
const EAGER_CARDS = 4;

/**
 * A grid of product cards; a product without variants has no card (spec §2), so it takes no cell either.
 *
 * The cards render in the background (a deferred value): a grid arriving with its data (two dozen
 * cards, each with the cart team's button) would otherwise be one long task on a phone, since a
 * query's answer renders at once. Meanwhile the skeleton stays; a later change (live stock) shows
 * the cards as they were until the new ones are ready, a few milliseconds later.
 */
export function ProductGrid({ products, label, served = false }: { products: readonly Product[]; label?: string; /** The products came with the page (decision 076): drawn at once, as the server drew them. */ served?: boolean }) {
  const [atOnce] = useState(served);
  const shown = useDeferredValue<readonly Product[] | null>(products, atOnce ? products : null);
  if (shown === null) return <ProductGridSkeleton />;
  return (
    <ul className="cat-grid" aria-label={label}>
      {shown.filter((p) => p.variants.length > 0).map((p, i) => (
        <li key={p.id} className="cat-grid__item">
          <ProductCard product={p} photo={i === 0 ? 'high' : i < EAGER_CARDS ? 'eager' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}

/** Spec §9: the loading state of a product grid is 8 placeholder cards. */
export const PRODUCT_SKELETON_COUNT = 8;

export function ProductGridSkeleton({ count = PRODUCT_SKELETON_COUNT }: { count?: number }) {
  return (
    <div className="cat-grid" aria-busy="true" role="status" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="cat-grid__item">
          <ProductCardSkeleton />
        </div>
      ))}
    </div>
  );
}
