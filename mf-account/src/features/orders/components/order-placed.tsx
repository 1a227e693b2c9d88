import { useEffect, useRef } from 'react';
import type { OrderPlacedProps } from '@pl/contracts';
import { Button, formatPrice, Link, Skeleton } from '@pl/ui';
import { useOrder } from '../api/get-order.js';
import { nextStepText } from '../utils/order-view.js';

/**
 * The confirmation of an order just placed, where the shopper lands after paying (the cart team
 * shows it): its number, what happens next, its lines and total, without a click. The order's page
 * stays the place for everything else. Takes the focus once it shows the order, so a keyboard or
 * screen reader user starts there.
 */
export function OrderPlaced({ orderId, onDismiss }: OrderPlacedProps) {
  const order = useOrder(orderId);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = order.data ?? null;
  useEffect(() => {
    if (shown) heading.current?.focus({ preventScroll: true });
  }, [shown]);

  if (order.isPending) {
    return (
      <section className="acc-placed" aria-busy="true" aria-label="Your order">
        <p className="acc-placed__title">Thank you! Confirming your order…</p>
        <Skeleton style={{ height: '4rem' }} />
      </section>
    );
  }
  // Not this browser's order after all (or gone): the toast has thanked them; nothing more to say.
  if (!shown) return null;
  const next = nextStepText(shown);
  return (
    <section className="acc-placed" aria-labelledby="acc-placed-title" data-order-placed={shown.id}>
      <h2 id="acc-placed-title" ref={heading} tabIndex={-1} className="acc-placed__title">
        Thank you! Order <span data-order-number>{shown.number}</span> is confirmed
      </h2>
      {next && <p className="acc-placed__next">{next}</p>}
      {shown.email && <p className="pl-muted acc-placed__email">A confirmation is on its way to {shown.email}.</p>}
      <ul className="acc-placed__lines">
        {shown.lines.map((line) => (
          <li key={line.sku} data-order-line={line.sku}>
            <span className="acc-placed__line-title">{line.title}</span>
            <span className="pl-muted">
              {line.qty} × {formatPrice(line.price)}
            </span>
          </li>
        ))}
      </ul>
      <p className="acc-placed__total">
        Total <strong data-total>{formatPrice(shown.total)}</strong>
      </p>
      <p className="acc-placed__actions">
        <Link to={`/orders/${encodeURIComponent(shown.id)}`} onClick={onDismiss}>
          View your order
        </Link>
        <Button variant="outline" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </p>
    </section>
  );
}
