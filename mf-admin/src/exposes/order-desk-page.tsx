import '../features/admin.css';
import { OrderDeskPage } from '../features/orders/components/order-desk-page.js';

export default OrderDeskPage;
