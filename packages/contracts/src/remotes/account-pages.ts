// The account team's pages as they present themselves (decision 071), beside its contract (account.ts) and
// apart from it: every remote's bundle holds the contract, these texts only the shell's navigation
// and the gateway.
import type { PagesOf } from '../remote-contract.js';
import type { accountRemote } from './account.js';

/** What each of these pages says of itself before its data (decision 071): the shell's and the gateway's to show. */
export const accountPages: PagesOf<typeof accountRemote> = {
  AccountPage: { title: 'Profile settings' },
  ForgotPasswordPage: { title: 'Forgot password' },
  ResetPasswordPage: { title: 'Reset your password' },
  OrderHistoryPage: { title: 'Order history' },
  OrderPage: { title: 'Order' },
  OrderLookupPage: { title: 'Find your order' },
};
