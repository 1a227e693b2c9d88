import '../features/cart-checkout.css';
import { CheckoutPage } from '../features/checkout/components/checkout-page.js';
import type { RemoteComponent } from '@pl/ui';

export default CheckoutPage satisfies RemoteComponent<'mf_cart_checkout/CheckoutPage'>;
