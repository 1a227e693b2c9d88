import '../features/admin.css';
import { AdminOrderPage } from '../features/orders/components/admin-order-page.js';
import type { RemoteComponent } from '@pl/ui';

export default AdminOrderPage satisfies RemoteComponent<'mf_admin/AdminOrderPage'>;
