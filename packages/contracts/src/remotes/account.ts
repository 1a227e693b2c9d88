// The account team's public contract: the header's sign-in and account menu, and the account,
// password, order history, order and order lookup pages. None takes props.
import { defineRemote, exposed } from '../remote-contract.js';

export const accountRemote = defineRemote('mf_account', {
  AccountArea: exposed(),
  AccountPage: exposed(),
  ForgotPasswordPage: exposed(),
  ResetPasswordPage: exposed(),
  OrderHistoryPage: exposed(),
  OrderPage: exposed(),
  OrderLookupPage: exposed(),
});
