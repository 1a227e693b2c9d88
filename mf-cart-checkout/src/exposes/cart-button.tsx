import '../features/cart-checkout.css';
import { CartButton } from '../features/cart/components/cart-button.js';
import type { RemoteComponent } from '@pl/ui';

export default CartButton satisfies RemoteComponent<'mf_cart_checkout/CartButton'>;
