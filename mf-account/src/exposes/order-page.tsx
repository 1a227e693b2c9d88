import '../features/account.css';
import { OrderPage } from '../features/orders/components/order-page.js';
import type { RemoteComponent } from '@pl/ui';

export default OrderPage satisfies RemoteComponent<'mf_account/OrderPage'>;
