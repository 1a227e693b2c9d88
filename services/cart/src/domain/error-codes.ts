// The cart's own error codes on the wire: one table, beside the shared ErrorCodes and the
// catalog's HoldErrorCodes the cart passes on as the catalog gave them.
import { PRICES_CHANGED_CODE } from '@pl/contracts';

export const CartErrorCodes = {
  holdLimit: 'CART_HOLD_LIMIT',
  lineLimit: 'CART_LINE_LIMIT',
  lineUnavailable: 'CART_LINE_UNAVAILABLE',
  empty: 'CART_EMPTY',
  alreadyPaid: 'CART_ALREADY_PAID',
  emailRequired: 'EMAIL_REQUIRED',
  checkoutDetailsRequired: 'CHECKOUT_DETAILS_REQUIRED',
  unknownLocation: 'UNKNOWN_LOCATION',
  paymentAmountMismatch: 'PAYMENT_AMOUNT_MISMATCH',
  /** The pages read it (contracts): a payment refused because the shopper was shown another total. */
  pricesChanged: PRICES_CHANGED_CODE,
  invalidSignature: 'INVALID_SIGNATURE',
} as const;
