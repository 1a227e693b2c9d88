// The account team's public contract: the header's sign-in and account menu, the account,
// password, order history, order and order lookup pages, and the confirmation of an order just
// placed (shown by the cart team where the shopper lands after paying).
import { defineRemote, exposed } from '../remote-contract.js';

export interface OrderPlacedProps {
  /** The order just placed (the shopper's own session's). */
  orderId: string;
  /** The shopper closed it, or went on to the order's page. */
  onDismiss: () => void;
}

export const accountRemote = defineRemote('mf_account', {
  AccountArea: exposed(),
  AccountPage: exposed({ title: 'Profile settings' }),
  ForgotPasswordPage: exposed({ title: 'Forgot password' }),
  ResetPasswordPage: exposed({ title: 'Reset your password' }),
  OrderHistoryPage: exposed({ title: 'Order history' }),
  OrderPage: exposed({ title: 'Order' }),
  OrderLookupPage: exposed({ title: 'Find your order' }),
  OrderPlaced: exposed<OrderPlacedProps>(),
});
