// The account team's public contract: the header's sign-in and account menu, and the account,
// password, order history, order and order lookup pages. None takes props.
import { defineRemote, exposed } from '../remote-contract.js';

export const accountRemote = defineRemote('mf_account', {
  AccountArea: exposed(),
  AccountPage: exposed({ title: 'Profile settings' }),
  ForgotPasswordPage: exposed({ title: 'Forgot password' }),
  ResetPasswordPage: exposed({ title: 'Reset your password' }),
  OrderHistoryPage: exposed({ title: 'Order history' }),
  OrderPage: exposed({ title: 'Order' }),
  OrderLookupPage: exposed({ title: 'Find your order' }),
});
