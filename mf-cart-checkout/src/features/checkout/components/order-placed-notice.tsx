import { createPortal } from 'react-dom';
import { ShellRegions } from '@pl/contracts';
import { Button, Link, RemoteSlot } from '@pl/ui';
import { useOrderPaidBy } from '../api/order-paid-by.js';
import type { PaymentReturned } from './payment-return-notice.js';

/**
 * Where the shopper lands after paying: the confirmation of the order just placed (the account
 * team's OrderPlaced: its number, lines, total and what happens next), without a click. After
 * Stripe's redirect the order is found by the payment it names, once Stripe's webhook has made it.
 * Portalled into the shell's notices region under the header, because its owner, the header's
 * CartButton, sits inside the header's layout.
 */
export function OrderPlacedNotice({ orderId, paymentId, onDismiss }: PaymentReturned & { onDismiss: () => void }) {
  const paid = useOrderPaidBy(orderId ? null : paymentId);
  const placed = orderId ?? paid.orderId;
  return createPortal(
    placed ? (
      <RemoteSlot id="mf_account/OrderPlaced" props={{ orderId: placed, onDismiss }} compact hideWhenUnavailable loading={<Confirming />} />
    ) : paid.gaveUp ? (
      <div className="cc-order-banner" role="status">
        <span>Your payment went through. Your order will be in your order history in a moment.</span>
        <Link to="/account/orders" className="cc-order-banner__link" onClick={onDismiss}>
          Order history
        </Link>
        <Button variant="ghost" size="sm" className="cc-order-banner__close" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </Button>
      </div>
    ) : (
      <Confirming />
    ),
    document.getElementById(ShellRegions.notices) ?? document.body,
  );
}

function Confirming() {
  return (
    <p className="cc-order-banner" role="status">
      Thank you! Confirming your order…
    </p>
  );
}
