import { OrderPlacedNotice } from './order-placed-notice.js';
import { usePaymentReturnNotice } from './payment-return-notice.js';

/**
 * The shopper's return from paying: the thanks, and the order's confirmation until they dismiss it.
 * Shown with the header's cart button (exposes/cart-button.tsx), which is on every page.
 */
export function PaymentReturn() {
  const { orderId, paymentId, dismiss } = usePaymentReturnNotice();
  return orderId || paymentId ? <OrderPlacedNotice orderId={orderId} paymentId={paymentId} onDismiss={dismiss} /> : null;
}
