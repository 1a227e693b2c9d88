import '../features/account.css';
import { OrderLookupPage } from '../features/orders/components/order-lookup-page.js';
import type { RemoteComponent } from '@pl/ui';

export default OrderLookupPage satisfies RemoteComponent<'mf_account/OrderLookupPage'>;
