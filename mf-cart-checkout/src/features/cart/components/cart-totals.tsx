import type { Cart } from '@pl/contracts';
import { formatPrice } from '@pl/ui';

/** Subtotal, shipping (Free), tax and total, as the cart service computed them. */
export function CartTotals({ cart }: { cart: Cart }) {
  return (
    <dl className="cc-totals">
      <dt>Subtotal</dt>
      <dd>{formatPrice(cart.subtotal)}</dd>
      <dt>Shipping</dt>
      <dd>Free</dd>
      <dt>Tax</dt>
      <dd>{formatPrice(cart.tax)}</dd>
      <dt className="cc-totals__total">Total</dt>
      <dd className="cc-totals__total">{formatPrice(cart.total)}</dd>
    </dl>
  );
}
