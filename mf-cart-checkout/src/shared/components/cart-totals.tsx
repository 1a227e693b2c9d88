import type { Cart } from '@pl/contracts';
import { Totals } from '@pl/ui';

/** Subtotal, shipping (Free), tax and total, as the cart service computed them. */
export function CartTotals({ cart }: { cart: Cart }) {
  return <Totals className="cc-totals" subtotal={cart.subtotal} tax={cart.tax} total={cart.total} />;
}
