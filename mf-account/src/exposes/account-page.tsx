import '../features/account.css';
import { AccountPage } from '../features/profile/components/account-page.js';

export default AccountPage;
