import '../features/account.css';
import { OrderPage } from '../features/orders/components/order-page.js';

export default OrderPage;
