import '../features/account.css';
import { AccountPage } from '../pages/account-page.js';
import type { RemoteComponent } from '@pl/ui';

export default AccountPage satisfies RemoteComponent<'mf_account/AccountPage'>;
