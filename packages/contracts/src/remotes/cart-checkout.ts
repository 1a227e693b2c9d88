// The cart and checkout team's public contract: the header's cart button, the cart side panel, the
// add-to-cart button other teams place on their product cards and pages, and the checkout page.
import { defineRemote, exposed } from '../remote-contract.js';

/** What a page showing a product gives the cart team's add-to-cart button (one variant of it). */
export interface AddToCartButtonProps {
  sku: string;
  /** The product's title, for the 'added to cart' toast. */
  title: string;
  /** Units on sale across the stores (catalog Variant.totalAvailable); 0 shows it sold out. */
  available: number;
  /** A one-of-a-kind item: adding it holds the unit for this shopper, and the button shows the hold. */
  oneOfAKind: boolean;
  /** While units are held in carts: when the last hold ends (catalog Variant.reservedUntil). */
  reservedUntil?: string | null;
}

export const cartCheckoutRemote = defineRemote('mf_cart_checkout', {
  CartButton: exposed(),
  CartPanel: exposed(),
  AddToCartButton: exposed<AddToCartButtonProps>(),
  CheckoutPage: exposed(),
});
