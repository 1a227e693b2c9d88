import type { Product, Variant } from '@pl/contracts';
import { RemoteSlot } from '@pl/ui';

/**
 * The cart team's AddToCartButton, loaded through Module Federation: the one place the catalog
 * names that fragment and fills its props, so the card and the detail page cannot drift apart.
 */
export function AddToCartSlot({ product, variant }: { product: Pick<Product, 'title' | 'oneOfAKind'>; variant: Pick<Variant, 'sku' | 'totalAvailable' | 'reservedUntil'> }) {
  return (
    <RemoteSlot
      id="mf_cart_checkout/AddToCartButton"
      compact
      loading={<span className="pl-skeleton cat-card__button-placeholder" aria-hidden="true" />}
      props={{ sku: variant.sku, title: product.title, available: variant.totalAvailable, oneOfAKind: product.oneOfAKind, reservedUntil: variant.reservedUntil ?? null }}
    />
  );
}
