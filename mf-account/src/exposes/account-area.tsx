import '../features/account.css';
import { AccountArea } from '../features/session/components/account-area.js';
import type { RemoteComponent } from '@pl/ui';

export default AccountArea satisfies RemoteComponent<'mf_account/AccountArea'>;
