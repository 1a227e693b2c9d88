import { lazy, Suspense } from 'react';
import { usePaymentReturnNotice } from './payment-return-notice.js';

// Only a page the shopper returns to from paying shows it: every other page (this sits with the
// header's cart button, on all of them) does not download it.
const OrderPlacedNotice = lazy(() => import('./order-placed-notice.js').then((m) => ({ default: m.OrderPlacedNotice })));

/**
 * The shopper's return from paying: the thanks, and the order's confirmation until they dismiss it.
 * Shown with the header's cart button (exposes/cart-button.tsx), which is on every page.
 */
export function PaymentReturn() {
  const { orderId, paymentId, dismiss } = usePaymentReturnNotice();
  if (!orderId && !paymentId) return null;
  return (
    <Suspense fallback={null}>
      <OrderPlacedNotice orderId={orderId} paymentId={paymentId} onDismiss={dismiss} />
    </Suspense>
  );
}
