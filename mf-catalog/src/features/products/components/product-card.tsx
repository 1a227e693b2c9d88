import type { Product } from '@pl/contracts';
import { Badge, Card, ConditionBadge, Link } from '@pl/ui';
import { leadVariant } from '../utils/availability.js';
import { percentOff } from '../utils/percent-off.js';
import { coverPhotoOf } from '../utils/photo-sources.js';
import { productImage } from '../utils/product-images.js';
import { stockLabel } from '../utils/stock-label.js';
import { AddToCartSlot } from './add-to-cart-slot.js';
import { PriceTag } from './price-tag.js';
import { ProductImage } from './product-image.js';

export interface ProductCardProps {
  product: Product;
  /**
   * In the grid's first row: its photo loads at once; `high` for the very first (the page's LCP on a
   * phone). A `lazy` card, below the first screen, also shows its add-to-cart button only once the
   * page's first view is shown: two dozen of the cart team's buttons made the app's first commit and
   * its effects one long task, for buttons nobody sees yet.
   */
  photo?: 'lazy' | 'eager' | 'high';
}

/** Spec §4 and §9: one-of-a-kind items are held in the cart for 10 minutes. */
export const RESERVATION_HINT = 'Reserved for 10 minutes when added to your cart';

export const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;

/**
 * A product in a grid (spec §2 "Product card"). Shows the first variant that can be bought (its
 * price and stock); the add-to-cart button is the cart team's fragment, loaded through Module
 * Federation. Renders nothing for a product without variants. Every row of the card has a fixed
 * height (see catalog.css), so all cards, and their skeletons, are the same size.
 */
export function ProductCard({ product, photo = 'lazy' }: ProductCardProps) {
  const variant = leadVariant(product);
  if (!variant) return null;
  const stock = stockLabel(variant.totalAvailable);
  const off = percentOff(variant.price, variant.compareAtPrice);
  const href = productPath(product.id);
  return (
    <Card className="cat-card" data-product-card="" data-product-id={product.id} data-sku={variant.sku}>
      <div className="cat-card__media">
        {/* The title links to the same page: the photo link is for pointers only. */}
        <Link to={href} tabIndex={-1} aria-hidden="true" className="cat-card__media-link">
          <ProductImage
            src={productImage(product.images)}
            photo={coverPhotoOf(product.photos)}
            size="card"
            alt={product.title}
            className="cat-card__image"
            loading={photo === 'lazy' ? 'lazy' : 'eager'}
            priority={photo === 'high'}
          />
        </Link>
        {product.oneOfAKind && (
          <Badge tone="purple" variant="secondary" className="cat-card__unique">
            Unique Item
          </Badge>
        )}
        {off !== undefined && (
          <Badge variant="destructive" className="cat-card__off" data-percent-off={off}>
            {off}% OFF
          </Badge>
        )}
      </div>
      <div className="cat-card__body">
        <div className="cat-card__badges">
          <ConditionBadge grade={product.conditionGrade} data-condition-badge="" />
          <Badge variant="secondary" tone={stock.tone} data-stock-badge="" data-available={variant.totalAvailable}>
            {stock.label}
          </Badge>
        </div>
        <h3 className="cat-card__title" data-product-title="">
          <Link to={href}>{product.title}</Link>
        </h3>
        <p className="cat-card__brand">{product.brand}</p>
        <p className="cat-card__description">{product.description}</p>
        <p className="cat-card__notes" title={product.conditionNotes ?? undefined}>
          {product.conditionNotes && <span className="pl-visually-hidden">Condition notes: </span>}
          {product.conditionNotes}
        </p>
        <PriceTag className="cat-card__prices" price={variant.price} compareAt={variant.compareAtPrice} />
        <div className="cat-card__action">
          <AddToCartSlot product={product} variant={variant} afterFirstView={photo === 'lazy'} />
        </div>
        {product.oneOfAKind && variant.totalAvailable > 0 && <p className="cat-card__hint">{RESERVATION_HINT}</p>}
      </div>
    </Card>
  );
}

/** A loading card: the same rows at the same heights as ProductCard, so nothing moves when data arrives. */
export function ProductCardSkeleton() {
  return (
    <Card className="cat-card" aria-hidden="true" data-skeleton-card="">
      <div className="cat-card__media pl-skeleton cat-card__media-skeleton" />
      <div className="cat-card__body">
        <div className="cat-card__badges">
          <span className="pl-skeleton cat-skeleton-line" style={{ width: '5.5rem' }} />
          <span className="pl-skeleton cat-skeleton-line" style={{ width: '4.5rem' }} />
        </div>
        <div className="cat-card__title">
          <span className="pl-skeleton cat-skeleton-line" style={{ width: '90%' }} />
        </div>
        <div className="cat-card__brand">
          <span className="pl-skeleton cat-skeleton-line" style={{ width: '35%' }} />
        </div>
        <div className="cat-card__description">
          <span className="pl-skeleton cat-skeleton-line" style={{ width: '100%' }} />
        </div>
        <div className="cat-card__notes">
          <span className="pl-skeleton cat-skeleton-line" style={{ width: '70%' }} />
        </div>
        <div className="cat-card__prices">
          <span className="pl-skeleton cat-skeleton-line" style={{ width: '40%' }} />
        </div>
        <div className="cat-card__action">
          <span className="pl-skeleton cat-card__button-placeholder" />
        </div>
      </div>
    </Card>
  );
}
