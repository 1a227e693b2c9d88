import { OrderPlacedBanner } from './order-placed-banner.js';
import { usePaymentReturnNotice } from './payment-return-notice.js';

/**
 * The shopper's return from paying: the thanks, and a link to the new order until they dismiss it.
 * Shown with the header's cart button (exposes/cart-button.tsx), which is on every page.
 */
export function PaymentReturn() {
  const paymentReturn = usePaymentReturnNotice();
  return paymentReturn.orderId ? <OrderPlacedBanner orderId={paymentReturn.orderId} onDismiss={paymentReturn.dismiss} /> : null;
}
