import '../features/account.css';
import { AccountArea } from '../features/session/components/account-area.js';

export default AccountArea;
