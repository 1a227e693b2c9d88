import '../features/account.css';
import { OrderLookupPage } from '../features/orders/components/order-lookup-page.js';

export default OrderLookupPage;
