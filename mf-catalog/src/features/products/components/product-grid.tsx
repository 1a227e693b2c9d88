import type { Product } from '@pl/contracts';
import { ProductCard, ProductCardSkeleton } from './product-card.js';

export function ProductGrid({ products }: { products: readonly Product[] }) {
  return (
    <div className="pl-grid cat-grid">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </div>
  );
}

/** Spec §9: the loading state of a product grid is 8 placeholder cards. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="pl-grid cat-grid" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
