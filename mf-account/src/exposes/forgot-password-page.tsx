import '../features/account.css';
import { ForgotPasswordPage } from '../features/password/components/forgot-password-page.js';

export default ForgotPasswordPage;
