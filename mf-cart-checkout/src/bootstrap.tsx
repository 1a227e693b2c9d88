import { renderStandaloneRemote } from '@pl/ui/standalone';
import AddToCartButton from './exposes/add-to-cart-button.js';
import CartButton from './exposes/cart-button.js';
import CartPanel from './exposes/cart-panel.js';
import CheckoutPage from './exposes/checkout-page.js';

// `rsbuild dev` in mf-cart-checkout: the checkout page, the header cart button and panel, and an
// add-to-cart button for a sku given as ?sku= (API through the gateway proxy).
const sku = new URLSearchParams(window.location.search).get('sku') ?? '';
renderStandaloneRemote({
  name: 'mf_cart_checkout',
  toolbar: (
    <>
      <CartButton />
      <CartPanel />
    </>
  ),
  pages: [
    { path: '/checkout', label: 'Checkout', element: <CheckoutPage /> },
    {
      path: '/',
      label: 'Add to cart',
      element: (
        <div className="pl-container pl-page">
          <p className="pl-muted">Add one of the variant given as ?sku= to the cart.</p>
          <AddToCartButton sku={sku} title={sku || 'No sku given'} available={sku ? 1 : 0} oneOfAKind={false} />
        </div>
      ),
    },
  ],
});
