import { useState } from 'react';
import { buttonClass, Link } from '@pl/ui';
import { LastSyncIndicator } from '../../../shared/components/last-sync-indicator.js';
import { servedList, useProducts } from '../api/get-products.js';
import { useLiveProducts } from '../api/use-live-products.js';
import { LoadError } from '../../../shared/components/load-error.js';
import { ProductGrid, ProductGridSkeleton } from './product-grid.js';
import { featuredProducts } from '../utils/product-search.js';

const FEATURED_COUNT = 8;

const reasons = [
  {
    title: 'Inspected and graded',
    text: 'Every item is tested by our team and given an honest condition grade, with notes on any wear.',
  },
  {
    title: 'Up to 70% off retail',
    text: 'Returns, overstock and open-box goods from major brands at liquidation prices.',
  },
  {
    title: 'Live stock, local pickup',
    text: 'See what is on the shelf right now, reserve one-of-a-kind finds and pick up free in store.',
  },
];

export function HomePage() {
  useLiveProducts();
  const products = useProducts();
  const [served] = useState(() => servedList() !== undefined);
  const featured = featuredProducts(products.data?.data ?? [], FEATURED_COUNT);

  return (
    <div>
      <section className="cat-hero">
        <div className="pl-container cat-hero__inner">
          <h1 className="cat-hero__title">Quality goods, honestly graded, priced to move</h1>
          <p className="cat-hero__lead">
            Inspected customer returns, overstock and open-box items from brands you know, at a fraction of retail.
          </p>
          <div className="cat-hero__actions">
            <Link to="/products" className={buttonClass({ size: 'lg' })}>
              Browse Products
            </Link>
            <Link to="/locations" className={buttonClass({ size: 'lg', variant: 'outline' })}>
              Store Locations
            </Link>
          </div>
          <LastSyncIndicator dataUpdatedAt={products.dataUpdatedAt} />
        </div>
      </section>

      <section className="pl-container cat-section" aria-labelledby="featured-heading">
        <div className="cat-section__head">
          <h2 id="featured-heading" className="cat-section__title">
            Featured Products
          </h2>
          <Link to="/products">View all</Link>
        </div>
        {products.isPending ? (
          <ProductGridSkeleton />
        ) : products.isError ? (
          <LoadError what="products" error={products.error} onRetry={() => void products.refetch()} />
        ) : featured.length === 0 ? (
          <p className="cat-empty">New stock is on its way. Check back soon.</p>
        ) : (
          <ProductGrid products={featured} label="Featured Products" served={served} />
        )}
      </section>

      <section className="pl-container cat-section" aria-labelledby="why-heading">
        <h2 id="why-heading" className="cat-section__title">
          Why Choose Professional Liquidation
        </h2>
        <ul className="cat-reasons">
          {reasons.map((r) => (
            <li key={r.title} className="cat-reason">
              <h3>{r.title}</h3>
              <p className="pl-muted">{r.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
