import '../features/account.css';
import { OrderHistoryPage } from '../features/orders/components/order-history-page.js';

export default OrderHistoryPage;
