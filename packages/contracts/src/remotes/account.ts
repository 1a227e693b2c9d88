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
  AccountPage: exposed(),
  ForgotPasswordPage: exposed(),
  ResetPasswordPage: exposed(),
  OrderHistoryPage: exposed(),
  OrderPage: exposed(),
  OrderLookupPage: exposed(),
  OrderPlaced: exposed<OrderPlacedProps>(),
});
