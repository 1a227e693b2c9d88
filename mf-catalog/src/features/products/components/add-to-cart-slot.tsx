import type { Product, Variant } from '@pl/contracts';
import { preloadRemote, RemoteSlot } from '@pl/ui';

const ADD_TO_CART = 'mf_cart_checkout/AddToCartButton';

// Every page that shows a product shows the button: load it with the page's module (this file is
// part of it), not when the first card renders, so the cards' first render has it and React does
// not hold the buttons back behind a placeholder for its 300 ms reveal throttle.
void preloadRemote(ADD_TO_CART);

/**
 * The cart team's AddToCartButton, loaded through Module Federation: the one place the catalog
 * names that fragment and fills its props, so the card and the detail page cannot drift apart.
 */
export function AddToCartSlot({
  product,
  variant,
  afterFirstView = false,
}: {
  product: Pick<Product, 'title' | 'oneOfAKind'>;
  variant: Pick<Variant, 'sku' | 'totalAvailable' | 'reservedUntil'>;
  /** Below the first screen: its placeholder (what the server drew) until the page's first view is shown. */
  afterFirstView?: boolean;
}) {
  return (
    <RemoteSlot
      id={ADD_TO_CART}
      compact
      afterFirstView={afterFirstView}
      loading={<span className="pl-skeleton cat-card__button-placeholder" aria-hidden="true" />}
      props={{ sku: variant.sku, title: product.title, available: variant.totalAvailable, oneOfAKind: product.oneOfAKind, reservedUntil: variant.reservedUntil ?? null }}
    />
  );
}
