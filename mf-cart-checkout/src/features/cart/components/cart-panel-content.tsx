import type { CartLine } from '@pl/contracts';
import { Button, useNavigate } from '@pl/ui';
import { useCart } from '../../../shared/api/cart.js';
import { CartLineItem } from '../../../shared/components/cart-line-item.js';
import { CartLinesLoading } from '../../../shared/components/cart-line-skeleton.js';
import { CartTotals } from '../../../shared/components/cart-totals.js';
import { LoadFailed } from '../../../shared/components/load-failed.js';
import { PricesChangedNotice, usePricesChanged } from '../../../shared/components/prices-changed-notice.js';

/** What the open cart panel shows: its lines, totals and the way to checkout (the panel's frame is CartPanel). */
export function CartPanelContent({ close }: { close: () => void }) {
  const cart = useCart();
  const navigate = useNavigate();

  if (cart.isPending) return <CartLinesLoading />;
  if (cart.isError) return <LoadFailed error={cart.error} onRetry={() => void cart.refetch()} />;
  if (cart.data.lines.length === 0) return <p className="cc-empty">Your cart is empty</p>;
  return (
    <>
      <ul className="cc-lines">
        {cart.data.lines.map((line) => (
          <CartLineItem key={line.id} line={line} />
        ))}
      </ul>
      <div className="cc-panel__footer">
        <CartTotals cart={cart.data} />
        <PanelPricesNotice lines={cart.data.lines} />
        <Button
          block
          size="lg"
          onClick={() => {
            close();
            navigate('/checkout');
          }}
        >
          Proceed to Checkout
        </Button>
        <p className="cc-panel__note">Items are reserved. Complete checkout within the time limit to secure your purchase.</p>
      </div>
    </>
  );
}

/** The panel's word on prices that changed while it was open (the lines follow the catalog live). */
function PanelPricesNotice({ lines }: { lines: CartLine[] }) {
  return <PricesChangedNotice changed={usePricesChanged(lines)} />;
}
