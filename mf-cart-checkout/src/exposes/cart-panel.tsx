import '../features/cart-checkout.css';
import { CartPanel } from '../features/cart/components/cart-panel.js';
import type { RemoteComponent } from '@pl/ui';

export default CartPanel satisfies RemoteComponent<'mf_cart_checkout/CartPanel'>;
