import { DomEvents, type CartLine } from '@pl/contracts';
import { Button, Dialog, useDomEvent, useNavigate } from '@pl/ui';
import { useCart } from '../../../shared/api/cart.js';
import { useCartPanelStore } from '../state/cart-panel-store.js';
import { CartLineItem, CartLineSkeleton } from '../../../shared/components/cart-line-item.js';
import { CartTotals } from '../../../shared/components/cart-totals.js';
import { LoadFailed } from '../../../shared/components/load-failed.js';
import { PricesChangedNotice, usePricesChanged } from '../../../shared/components/prices-changed-notice.js';

/**
 * The slide-in cart (spec §2): closed at first; opened, closed or toggled by `cart:panel`.
 * The Dialog gives it Escape to close, a focus trap and focus back to the opener on close.
 */
export function CartPanel() {
  const open = useCartPanelStore((s) => s.open);
  const apply = useCartPanelStore((s) => s.apply);
  useDomEvent(DomEvents.cartPanel, (detail) => apply(detail?.action ?? 'toggle'));
  const cart = useCart({ enabled: open });
  const navigate = useNavigate();
  const close = () => apply('close');

  return (
    <Dialog open={open} onOpenChange={(next) => apply(next ? 'open' : 'close')} title="Shopping Cart" placement="right" className="cc-panel">
      <div className="cc-panel__content">
        {cart.isPending ? (
          <ul className="cc-lines" aria-busy="true" aria-label="Loading cart">
            {Array.from({ length: 3 }, (_, i) => (
              <CartLineSkeleton key={i} />
            ))}
          </ul>
        ) : cart.isError ? (
          <LoadFailed error={cart.error} onRetry={() => void cart.refetch()} />
        ) : cart.data.lines.length === 0 ? (
          <p className="cc-empty">Your cart is empty</p>
        ) : (
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
        )}
      </div>
    </Dialog>
  );
}

/** The panel's word on prices that changed while it was open (the lines follow the catalog live). */
function PanelPricesNotice({ lines }: { lines: CartLine[] }) {
  return <PricesChangedNotice changed={usePricesChanged(lines)} />;
}
