// The cart's wire values without a schema (decision 025): limits the cart service and the pages share.

/** Most units of one item a cart line may hold. */
export const MAX_LINE_QTY = 99;

/** What every page shows while payments are in test mode (contracts PaymentMode, decision 042). */
export const TEST_MODE_BANNER_TEXT = 'Test mode: no real payments';
/** The badge of an order paid in test mode, wherever the order is shown. */
export const TEST_ORDER_LABEL = 'Test order';

/**
 * A payment refused (409) because what it would charge is not what the shopper was shown: a price
 * in the cart changed since (decision 058). Nothing was charged; the page shows the new total.
 */
export const PRICES_CHANGED_CODE = 'CART_PRICES_CHANGED';
export const PRICES_CHANGED_MESSAGE = 'Prices in your cart changed: check the new total before paying.';
