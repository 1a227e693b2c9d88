import '../features/cart-checkout.css';
import type { RemoteComponent } from '@pl/ui';
import { CartButton } from '../features/cart/components/cart-button.js';
import { PaymentReturn } from '../features/checkout/components/payment-return.js';

/** The header's cart button; and, since it is on every page, the checkout's thanks after a payment. */
function HeaderCart() {
  return (
    <>
      <CartButton />
      <PaymentReturn />
    </>
  );
}

export default HeaderCart satisfies RemoteComponent<'mf_cart_checkout/CartButton'>;
