import '../features/cart-checkout.css';
import { AddToCartButton } from '../features/cart/components/add-to-cart-button.js';
import type { RemoteComponent } from '@pl/ui';

export default AddToCartButton satisfies RemoteComponent<'mf_cart_checkout/AddToCartButton'>;
