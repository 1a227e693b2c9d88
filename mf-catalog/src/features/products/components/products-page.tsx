import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Input } from '@pl/ui';
import { useLiveProducts } from '../api/use-live-products.js';
import { useProducts } from '../api/get-products.js';
import { filterProducts } from '../utils/product-search.js';
import { LoadError } from './load-error.js';
import { ProductGrid, ProductGridSkeleton } from './product-grid.js';

export function ProductsPage() {
  useLiveProducts();
  const [params] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [query, setQuery] = useState(urlQuery);
  // The header search navigates here with ?q=; follow it when it changes.
  useEffect(() => {
    setQuery(urlQuery);
  }, [urlQuery]);
  const products = useProducts();
  const visible = useMemo(() => filterProducts(products.data?.data ?? [], query), [products.data, query]);

  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title">All Products</h1>
      <p className="pl-page__lead">Inspected, graded and ready to ship or pick up.</p>
      <div className="cat-toolbar">
        <label htmlFor="products-search" className="pl-visually-hidden">
          Search products
        </label>
        <Input
          id="products-search"
          type="search"
          placeholder="Search products..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="cat-toolbar__search"
        />
        {products.data && (
          <span className="pl-muted" aria-live="polite">
            {visible.length} {visible.length === 1 ? 'product' : 'products'}
          </span>
        )}
      </div>
      {products.isPending ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <LoadError what="products" error={products.error} onRetry={() => void products.refetch()} />
      ) : visible.length === 0 ? (
        <p className="cat-empty">No products found matching your search.</p>
      ) : (
        <ProductGrid products={visible} />
      )}
    </div>
  );
}
