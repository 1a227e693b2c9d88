import '../features/admin.css';
import { AdminOrderPage } from '../features/orders/components/admin-order-page.js';

export default AdminOrderPage;
