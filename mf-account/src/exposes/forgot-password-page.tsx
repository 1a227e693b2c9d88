import '../features/account.css';
import { ForgotPasswordPage } from '../features/password/components/forgot-password-page.js';
import type { RemoteComponent } from '@pl/ui';

export default ForgotPasswordPage satisfies RemoteComponent<'mf_account/ForgotPasswordPage'>;
