import { useCallback, useEffect, useState } from 'react';
import { DomEvents } from '@pl/contracts';
import { emitDomEvent, toast, useLocation, useNavigate, useQueryClient } from '@pl/ui';
import { cartStale } from '../../../shared/api/cart.js';
import { isPaymentReturn, paymentReturnOrderId, paymentReturnPaymentId, withoutPaymentParams } from '../utils/payment-return.js';

/**
 * The shopper lands on '/?payment=success' after paying (from the test-card form, with
 * '&order=<id>', or from Stripe's redirect): thank them once, refetch the now-empty cart, tell the
 * other teams an order was placed (`order:placed`), and drop the parameters so a reload or Back
 * does not thank them again. Mounted by PaymentReturn, beside the header's cart button, which is on
 * every page. Answers what the return named (the order, or Stripe's payment when the order is
 * still being made from its webhook) for the confirmation, until the shopper dismisses it.
 */
// The location entry already thanked for: StrictMode's double effects and a second mounted
// cart button (standalone page plus header) must not show the toast twice.
let thankedFor: string | undefined;

export interface PaymentReturned {
  orderId: string | null;
  /** Stripe's payment (payment_intent) when the return names no order. */
  paymentId: string | null;
}

export function usePaymentReturnNotice(): PaymentReturned & { dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returned = isPaymentReturn(location.search);
  // Only the instance that thanked keeps what the return named, so the confirmation shows once as well.
  const [returnedWith, setReturnedWith] = useState<PaymentReturned>({ orderId: null, paymentId: null });

  useEffect(() => {
    if (!returned || thankedFor === location.key) return;
    thankedFor = location.key;
    toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });
    setReturnedWith({ orderId: paymentReturnOrderId(location.search), paymentId: paymentReturnPaymentId(location.search) });
    cartStale(queryClient);
    // The account team's order pages follow this signal; this team touches only its own cache.
    emitDomEvent(DomEvents.orderPlaced, { orderId: paymentReturnOrderId(location.search) });
    navigate({ pathname: location.pathname, search: withoutPaymentParams(location.search), hash: location.hash }, { replace: true });
  }, [returned, location, navigate, queryClient]);

  const dismiss = useCallback(() => setReturnedWith({ orderId: null, paymentId: null }), []);
  return { ...returnedWith, dismiss };
}
