import '../features/cart-checkout.css';
import { CartPanel } from '../features/cart/components/cart-panel.js';

export default CartPanel;
