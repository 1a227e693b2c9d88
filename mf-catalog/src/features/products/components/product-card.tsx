import { Link } from 'react-router-dom';
import type { Product } from '@pl/contracts';
import { Badge, Card, ConditionBadge, formatPrice, RemoteSlot } from '@pl/ui';
import { percentOff, showsCompareAt } from '../utils/percent-off.js';
import { productImage } from '../utils/product-images.js';
import { stockLabel } from '../utils/stock-label.js';

export interface ProductCardProps {
  product: Product;
}

/**
 * A product in a grid (spec §2 "Product card"). Shows the first variant's price and stock; the
 * add-to-cart button is the cart team's fragment. Renders nothing for a product without variants.
 */
export function ProductCard({ product }: ProductCardProps) {
  const variant = product.variants[0];
  if (!variant) return null;
  const stock = stockLabel(variant.totalAvailable);
  const off = percentOff(variant.price, variant.compareAtPrice);
  return (
    <Card className="cat-card" data-product-id={product.id}>
      <Link to={`/products/${encodeURIComponent(product.id)}`} className="cat-card__media" tabIndex={-1} aria-hidden="true">
        <img src={productImage(product.images)} alt="" loading="lazy" />
        {off !== undefined && <Badge variant="destructive" className="cat-card__off">{off}% OFF</Badge>}
      </Link>
      <div className="cat-card__body">
        <div className="cat-card__badges">
          <ConditionBadge grade={product.conditionGrade} />
          {product.oneOfAKind && <Badge tone="purple" variant="secondary">Unique Item</Badge>}
          <Badge variant="secondary" tone={stock.tone}>{stock.label}</Badge>
        </div>
        <h3 className="cat-card__title">
          <Link to={`/products/${encodeURIComponent(product.id)}`}>{product.title}</Link>
        </h3>
        {product.brand && <p className="cat-card__brand">{product.brand}</p>}
        {product.conditionNotes && <p className="cat-card__notes">{product.conditionNotes}</p>}
        <p className="cat-card__prices">
          <span className="pl-price">{formatPrice(variant.price)}</span>
          {showsCompareAt(variant.price, variant.compareAtPrice) && (
            <span className="pl-price--compare">
              <span className="pl-visually-hidden">Was </span>
              {formatPrice(variant.compareAtPrice)}
            </span>
          )}
        </p>
        <div className="cat-card__action">
          <RemoteSlot
            id="mf_cart_checkout/AddToCartButton"
            compact
            loading={<span className="pl-skeleton cat-card__button-placeholder" />}
            props={{ sku: variant.sku, title: product.title, available: variant.totalAvailable, oneOfAKind: product.oneOfAKind }}
          />
        </div>
        {product.oneOfAKind && variant.totalAvailable > 0 && (
          <p className="cat-card__hint">One of a kind: reserved for you for 10 minutes when added to your cart.</p>
        )}
      </div>
    </Card>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card className="cat-card" aria-hidden="true" data-skeleton-card="">
      <div className="pl-skeleton cat-card__media-skeleton" />
      <div className="cat-card__body">
        <div className="pl-skeleton" style={{ height: '1.25rem', width: '50%' }} />
        <div className="pl-skeleton" style={{ height: '1.25rem', width: '85%', marginTop: '0.75rem' }} />
        <div className="pl-skeleton" style={{ height: '1rem', width: '60%', marginTop: '0.5rem' }} />
        <div className="pl-skeleton" style={{ height: '2.5rem', marginTop: '1rem' }} />
      </div>
    </Card>
  );
}
