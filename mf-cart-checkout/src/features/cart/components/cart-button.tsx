import { Button } from '@pl/ui';
import { useCart, useCartEvents } from '../../../shared/api/cart.js';
import { useCartPanelStore } from '../state/cart-panel-store.js';
import { preloadCartPanel } from './cart-panel-loader.js';
import { cartItemCount } from '../../../shared/utils/cart-math.js';

/**
 * The header's cart button: a count badge (Σ qty) and a toggle for the side panel. Being on every
 * page, it keeps the cart fresh for every cart view on the page (useCartEvents).
 */
export function CartButton() {
  useCartEvents();
  const cart = useCart();
  const open = useCartPanelStore((s) => s.open);
  const apply = useCartPanelStore((s) => s.apply);
  const count = cartItemCount(cart.data?.lines);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="cc-cart-button"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      aria-expanded={open}
      aria-haspopup="dialog"
      data-cart-count={count}
      // This team's own panel: through its store, which holds the press until the panel has arrived.
      onClick={() => apply('toggle')}
      onPointerEnter={preloadCartPanel}
      onFocus={preloadCartPanel}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2.5 3h2.6l2.3 11.2a1.5 1.5 0 0 0 1.5 1.2h8.8a1.5 1.5 0 0 0 1.5-1.1L21 7H6" />
      </svg>
      {count > 0 && (
        <span className="cc-cart-button__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Button>
  );
}
