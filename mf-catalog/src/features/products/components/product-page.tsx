import { useDeferredValue, useState } from 'react';
import { productPageTitle, type Product } from '@pl/contracts';
import { Badge, buttonClass, ConditionBadge, conditionGradeInfo, errorStatus, formatPrice, Link, Skeleton, useParams, usePageTitle } from '@pl/ui';
import { LastSyncIndicator } from '../../../shared/components/last-sync-indicator.js';
import { servedWithPage, useProduct } from '../api/get-product.js';
import { useLiveProducts } from '../api/use-live-products.js';
import { leadVariant } from '../utils/availability.js';
import { savings } from '../utils/percent-off.js';
import { stockLabel } from '../utils/stock-label.js';
import { LoadError } from '../../../shared/components/load-error.js';
import { PickupAvailability } from './pickup-availability.js';
import { AddToCartSlot } from './add-to-cart-slot.js';
import { PriceTag } from './price-tag.js';
import { priceDropText } from '../utils/price-drop.js';
import { RESERVATION_HINT } from './product-card.js';
import { InspectionReport } from './inspection-report.js';
import { ProductGallery } from './product-gallery.js';
import { VariantPicker } from './variant-picker.js';

/** /products/:id: one product with its photos (or drawing), grade, inspection, price, stock per location and add to cart. */
export function ProductPage() {
  useLiveProducts();
  const { id = '' } = useParams();
  const product = useProduct(id);
  // The page renders in the background once its product arrives (see ProductGrid): not one long task on a phone.
  // Served with the page, it is drawn at once instead, as the server drew it (decision 076).
  const [served] = useState(() => servedWithPage(id));
  const shown = useDeferredValue(product.data ?? null, served ? (product.data ?? null) : null);

  if (product.isPending) return <ProductPageSkeleton />;
  if (product.isError) {
    // 400 is a malformed id (not a UUID): for the shopper that link leads nowhere either.
    const status = errorStatus(product.error);
    if (status === 404 || status === 400) return <ProductNotFound />;
    return (
      <div className="pl-container pl-page">
        <LoadError what="this product" error={product.error} onRetry={() => void product.refetch()} />
      </div>
    );
  }
  // Not the product asked for yet (the one before, while the next renders): still loading, for the shopper.
  if (shown?.id !== product.data.id) return <ProductPageSkeleton />;
  // Keyed by id: moving to another product starts with that product's own first variant.
  return <ProductDetail key={shown.id} product={shown} dataUpdatedAt={product.dataUpdatedAt} />;
}

function ProductDetail({ product: p, dataUpdatedAt }: { product: Product; dataUpdatedAt: number }) {
  const [chosenId, setChosenId] = useState(() => leadVariant(p)?.id);
  const variant = p.variants.find((v) => v.id === chosenId) ?? leadVariant(p);
  const grade = conditionGradeInfo(p.conditionGrade);
  usePageTitle(productPageTitle(p, variant));
  return (
    <div className="pl-container pl-page" data-product-id={p.id}>
      <nav aria-label="Breadcrumb" className="cat-breadcrumb">
        <Link to="/products">All Products</Link> <span aria-hidden="true">/</span> <span aria-current="page">{p.title}</span>
      </nav>
      <div className="cat-detail">
        <ProductGallery product={p} />
        <div className="cat-detail__info">
          <div className="cat-detail__badges">
            <ConditionBadge grade={p.conditionGrade} />
            {p.oneOfAKind && (
              <Badge tone="purple" variant="secondary">
                Unique Item
              </Badge>
            )}
          </div>
          <h1 className="pl-page__title">{p.title}</h1>
          {p.brand && <p className="cat-detail__brand">{p.brand}</p>}

          {variant ? (
            <PriceAndStock product={p} variantId={variant.id} dataUpdatedAt={dataUpdatedAt} onSelect={setChosenId} />
          ) : (
            <p className="cat-note">This product is not available to buy right now.</p>
          )}

          <section className="cat-detail__condition" aria-labelledby="condition-heading">
            <h2 id="condition-heading" className="cat-detail__subheading">
              Condition: {grade ? grade.label : p.conditionGrade}
            </h2>
            {grade && <p className="pl-muted">{grade.meaning}</p>}
            {p.conditionNotes && (
              <p className="cat-detail__notes">
                <strong>Condition notes:</strong> {p.conditionNotes}
              </p>
            )}
            <p>
              <Link to="/support/condition-guide">How we grade: read the Condition Guide</Link>
            </p>
          </section>

          <InspectionReport inspection={p.inspection} />

          {p.description && (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="cat-detail__subheading">
                Description
              </h2>
              <p className="cat-detail__description">{p.description}</p>
            </section>
          )}

          {variant && <PickupAvailability levels={variant.inventoryLevels} />}
        </div>
      </div>
    </div>
  );
}

function PriceAndStock({
  product: p,
  variantId,
  dataUpdatedAt,
  onSelect,
}: {
  product: Product;
  variantId: string;
  dataUpdatedAt: number;
  onSelect: (id: string) => void;
}) {
  const v = p.variants.find((x) => x.id === variantId)!;
  const stock = stockLabel(v.totalAvailable);
  const saved = savings(v.price, v.compareAtPrice);
  const dropped = priceDropText(p.priceDrop);
  return (
    <div className="cat-detail__buy" data-sku={v.sku}>
      <PriceTag className="cat-detail__prices" priceClassName="cat-detail__price" price={v.price} compareAt={v.compareAtPrice} />
      {dropped && <p className="cat-detail__dropped">{dropped}</p>}
      {saved && (
        <p className="cat-detail__savings">
          <Badge variant="destructive">
            Save {formatPrice(saved.amountCents)} ({saved.percent}%)
          </Badge>
        </p>
      )}
      <div className="cat-detail__stock">
        <Badge variant="secondary" tone={stock.tone} data-available={v.totalAvailable}>
          {stock.label}
        </Badge>
        <LastSyncIndicator dataUpdatedAt={dataUpdatedAt} className="cat-live--compact" />
      </div>
      {p.variants.length > 1 && <VariantPicker variants={p.variants} selectedId={v.id} onSelect={onSelect} />}
      <div className="cat-detail__action">
        <AddToCartSlot product={p} variant={v} />
      </div>
      {p.oneOfAKind && v.totalAvailable > 0 && <p className="cat-card__hint cat-detail__hint">{RESERVATION_HINT}</p>}
      <p className="pl-muted cat-detail__sku">SKU {v.sku}</p>
    </div>
  );
}

function ProductNotFound() {
  usePageTitle('Product not found');
  return (
    <div className="pl-container pl-page cat-not-found">
      <h1 className="pl-page__title">Product not found</h1>
      <p className="pl-page__lead">We couldn't find this product. It may have sold out and been removed, or the link may be wrong.</p>
      <Link to="/products" className={buttonClass()}>
        Browse Products
      </Link>
    </div>
  );
}

function ProductPageSkeleton() {
  return (
    <div className="pl-container pl-page" aria-busy="true" role="status" aria-label="Loading product">
      <Skeleton style={{ height: '1rem', width: '12rem', marginBottom: '1.25rem' }} />
      <div className="cat-detail">
        <Skeleton className="cat-gallery__main" />
        <div>
          <Skeleton style={{ height: '1.5rem', width: '8rem' }} />
          <Skeleton style={{ height: '2.25rem', width: '80%', marginTop: '1rem' }} />
          <Skeleton style={{ height: '2rem', width: '40%', marginTop: '1.5rem' }} />
          <Skeleton style={{ height: '2.5rem', marginTop: '1.5rem' }} />
          <Skeleton style={{ height: '8rem', marginTop: '1.5rem' }} />
        </div>
      </div>
    </div>
  );
}
