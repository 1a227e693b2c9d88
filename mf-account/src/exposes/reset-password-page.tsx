import '../features/account.css';
import { ResetPasswordPage } from '../features/password/components/reset-password-page.js';

export default ResetPasswordPage;
