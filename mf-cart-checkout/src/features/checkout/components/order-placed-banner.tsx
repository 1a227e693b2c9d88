import { createPortal } from 'react-dom';
import { ShellRegions } from '@pl/contracts';
import { Button, Link } from '@pl/ui';

/**
 * After a payment that named its order: a small banner linking to the order's confirmation page
 * (owned by the account team at /orders/:id). Portalled into the shell's notices region under the
 * header because its owner, the header's CartButton, sits inside the header's layout. (Fixed at a
 * guessed header height, it hid under the header's second row on phones and tablets.)
 */
export function OrderPlacedBanner({ orderId, onDismiss }: { orderId: string; onDismiss: () => void }) {
  return createPortal(
    <div className="cc-order-banner" role="status" data-order-banner={orderId}>
      <span>Your order has been placed.</span>
      <Link to={`/orders/${encodeURIComponent(orderId)}`} className="cc-order-banner__link" onClick={onDismiss}>
        View your order
      </Link>
      <Button variant="ghost" size="sm" className="cc-order-banner__close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </Button>
    </div>,
    document.getElementById(ShellRegions.notices) ?? document.body,
  );
}
