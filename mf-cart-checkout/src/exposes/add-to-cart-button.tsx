import '../features/cart-checkout.css';
import { AddToCartButton } from '../features/cart/components/add-to-cart-button.js';

export default AddToCartButton;
