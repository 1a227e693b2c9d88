import '../features/cart-checkout.css';
import { CartButton } from '../features/cart/components/cart-button.js';

export default CartButton;
