import '../features/account.css';
import { OrderPlaced } from '../features/orders/components/order-placed.js';
import type { RemoteComponent } from '@pl/ui';

export default OrderPlaced satisfies RemoteComponent<'mf_account/OrderPlaced'>;
