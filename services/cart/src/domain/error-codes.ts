// The cart's own error codes on the wire: one table, beside the shared ErrorCodes and the
// catalog's HoldErrorCodes the cart passes on as the catalog gave them.
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
  invalidSignature: 'INVALID_SIGNATURE',
} as const;
