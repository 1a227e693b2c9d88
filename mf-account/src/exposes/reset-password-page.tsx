import '../features/account.css';
import { ResetPasswordPage } from '../features/password/components/reset-password-page.js';
import type { RemoteComponent } from '@pl/ui';

export default ResetPasswordPage satisfies RemoteComponent<'mf_account/ResetPasswordPage'>;
