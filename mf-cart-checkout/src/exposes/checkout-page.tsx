import '../features/cart-checkout.css';
import { CheckoutPage } from '../features/checkout/components/checkout-page.js';

export default CheckoutPage;
