import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { Button } from '@pl/ui';

/**
 * After a payment that named its order: a small banner linking to the order's confirmation page
 * (owned by the account team at /orders/:id). Portalled to the page body because its owner, the
 * header's CartButton, sits inside the header's layout.
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
    document.body,
  );
}
