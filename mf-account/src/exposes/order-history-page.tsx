import '../features/account.css';
import { OrderHistoryPage } from '../features/orders/components/order-history-page.js';
import type { RemoteComponent } from '@pl/ui';

export default OrderHistoryPage satisfies RemoteComponent<'mf_account/OrderHistoryPage'>;
