import { Link, useParams } from 'react-router-dom';
import { Badge, buttonClass, ConditionBadge, errorStatus, formatPrice, RemoteSlot, Skeleton } from '@pl/ui';
import { useLiveProducts } from '../api/use-live-products.js';
import { useProduct } from '../api/get-product.js';
import { percentOff, showsCompareAt } from '../utils/percent-off.js';
import { productImage } from '../utils/product-images.js';
import { stockLabel } from '../utils/stock-label.js';
import { LoadError } from './load-error.js';

export function ProductPage() {
  useLiveProducts();
  const { id = '' } = useParams();
  const product = useProduct(id);

  if (product.isPending) {
    return (
      <div className="pl-container pl-page cat-detail" aria-busy="true">
        <Skeleton style={{ aspectRatio: '4 / 3' }} />
        <div>
          <Skeleton style={{ height: '2rem', width: '70%' }} />
          <Skeleton style={{ height: '1rem', width: '40%', marginTop: '1rem' }} />
          <Skeleton style={{ height: '6rem', marginTop: '1.5rem' }} />
        </div>
      </div>
    );
  }
  if (product.isError) {
    if (errorStatus(product.error) === 404) {
      return (
        <div className="pl-container pl-page">
          <h1 className="pl-page__title">Product not found</h1>
          <p className="pl-page__lead">This product may have sold out and been removed from the shop.</p>
          <Link to="/products" className={buttonClass()}>
            Browse Products
          </Link>
        </div>
      );
    }
    return (
      <div className="pl-container pl-page">
        <LoadError what="this product" error={product.error} onRetry={() => void product.refetch()} />
      </div>
    );
  }

  const p = product.data;
  return (
    <div className="pl-container pl-page">
      <nav aria-label="Breadcrumb" className="cat-breadcrumb">
        <Link to="/products">All Products</Link> <span aria-hidden="true">/</span> <span>{p.title}</span>
      </nav>
      <div className="cat-detail">
        <img className="cat-detail__image" src={productImage(p.images)} alt={p.title} />
        <div>
          <div className="cat-card__badges">
            <ConditionBadge grade={p.conditionGrade} />
            {p.oneOfAKind && <Badge tone="purple" variant="secondary">Unique Item</Badge>}
          </div>
          <h1 className="pl-page__title">{p.title}</h1>
          {p.brand && <p className="cat-card__brand">{p.brand}</p>}
          {p.description && <p>{p.description}</p>}
          {p.conditionNotes && (
            <p className="cat-detail__notes">
              <strong>Condition notes:</strong> {p.conditionNotes}
            </p>
          )}
          {p.variants.length === 0 && <p className="pl-muted">This product is not available to buy right now.</p>}
          <ul className="cat-variants">
            {p.variants.map((v) => {
              const stock = stockLabel(v.totalAvailable);
              const off = percentOff(v.price, v.compareAtPrice);
              return (
                <li key={v.id} className="cat-variant" data-sku={v.sku}>
                  <div className="cat-card__prices">
                    <span className="pl-price cat-detail__price">{formatPrice(v.price)}</span>
                    {showsCompareAt(v.price, v.compareAtPrice) && (
                      <span className="pl-price--compare">{formatPrice(v.compareAtPrice)}</span>
                    )}
                    {off !== undefined && <Badge variant="destructive">{off}% OFF</Badge>}
                    <Badge variant="secondary" tone={stock.tone}>{stock.label}</Badge>
                  </div>
                  <p className="pl-muted cat-variant__sku">SKU {v.sku}</p>
                  <RemoteSlot
                    id="mf_cart_checkout/AddToCartButton"
                    compact
                    loading={<span className="pl-skeleton cat-card__button-placeholder" />}
                    props={{ sku: v.sku, title: p.title, available: v.totalAvailable, oneOfAKind: p.oneOfAKind }}
                  />
                </li>
              );
            })}
          </ul>
          {p.oneOfAKind && (
            <p className="cat-card__hint">One of a kind: reserved for you for 10 minutes when added to your cart.</p>
          )}
        </div>
      </div>
    </div>
  );
}
