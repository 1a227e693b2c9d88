import { useCallback } from 'react';
import type { AddToCartButtonProps, Cart } from '@pl/contracts';
import { Button } from '@pl/ui';
import { useAddCartLine } from '../api/add-cart-line.js';
import { useCartPart } from '../../../shared/api/cart.js';
import { useCartPanelStore } from '../state/cart-panel-store.js';
import { preloadCartPanel } from './cart-panel-loader.js';
import { useNow } from '../../../shared/state/use-now.js';
import { formatCountdown, remainingMs } from '../../../shared/utils/countdown.js';

/** '5:42 PM' in the shopper's own clock and locale. */
const clockTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/**
 * Adds one of the variant to the cart; disabled when sold out or while adding (spec §4). While
 * adding it is disabled with aria-disabled, not `disabled`: a disabled button loses keyboard focus
 * (it dropped to <body> after every add), an aria-disabled one keeps it and ignores the clicks.
 */
export function AddToCartButton({ sku, title, available, oneOfAKind, reservedUntil }: AddToCartButtonProps) {
  const add = useAddCartLine({ title, oneOfAKind });
  // Only a unique item's own line, held and not expired, changes what the button shows.
  const heldLine = useCallback((cart: Cart) => (oneOfAKind ? cart.lines.find((l) => l.variant.sku === sku && !l.holdExpired && l.holdExpiresAt) : undefined), [sku, oneOfAKind]);
  const held = useCartPart(heldLine).data;
  const now = useNow(held !== undefined);
  const left = remainingMs(held?.holdExpiresAt, now);
  const soldOut = available <= 0;
  const holding = held && left !== undefined && left > 0 ? { line: held, left } : undefined;
  // Another shopper holds the unique item: say so, and when it may be back (the catalog's live
  // updates bring it back on sale when the hold ends, without a reload). Never while our own add is
  // on its way: its stock update may arrive before its answer, and the item is then ours, not theirs.
  const reservedByOther = !holding && !add.isPending && oneOfAKind && soldOut && reservedUntil && Date.parse(reservedUntil) > now;
  // One shape in every state (a fragment, the button first): React keeps the same <button> element
  // from 'Add to Cart' through 'Adding...' to 'In your cart', so keyboard focus stays on it. A button
  // built anew (another shape of tree) dropped focus to <body> when the stock update won the race.
  return (
    <>
      {holding ? (
        // The one holding the unique item: it reads as sold out to everyone else (spec's stock label), never to them.
        <Button
          variant="secondary"
          className="cc-add-to-cart cc-add-to-cart--held"
          // The panel is this team's own: opened through its store, so a press made before the panel
          // has arrived (it loads after the page's first view) opens it when it does. An event would be lost.
          onClick={() => useCartPanelStore.getState().apply('open')}
          onPointerEnter={preloadCartPanel}
          onFocus={preloadCartPanel}
          data-sku={sku}
          data-held-until={holding.line.holdExpiresAt ?? undefined}
        >
          In your cart · <span className="cc-add-to-cart__time">{formatCountdown(holding.left)}</span> left
        </Button>
      ) : (
        <Button
          className="cc-add-to-cart"
          // Not while adding, even if the stock update that our own add causes arrives first.
          disabled={soldOut && !add.isPending}
          aria-disabled={add.isPending || undefined}
          onClick={() => {
            if (!add.isPending) add.mutate(sku);
          }}
          data-sku={sku}
        >
          {add.isPending ? 'Adding...' : soldOut ? 'Sold Out' : 'Add to Cart'}
        </Button>
      )}
      {reservedByOther ? (
        <p className="cc-add-to-cart__reserved" data-reserved-until={reservedUntil}>
          Reserved by another shopper. It may be back on sale at {clockTime(reservedUntil)}.
        </p>
      ) : null}
    </>
  );
}
