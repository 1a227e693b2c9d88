import '../features/admin.css';
import { OrderDeskPage } from '../features/orders/components/order-desk-page.js';
import type { RemoteComponent } from '@pl/ui';

export default OrderDeskPage satisfies RemoteComponent<'mf_admin/OrderDeskPage'>;
