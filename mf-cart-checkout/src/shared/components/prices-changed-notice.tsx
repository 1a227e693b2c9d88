import { useState } from 'react';
import { PRICES_CHANGED_MESSAGE, type CartLine } from '@pl/contracts';
import { repricedLines } from '../utils/price-changes.js';

/**
 * Whether a line's price changed while this view was open (the cart follows the catalog's prices
 * live, decision 058), or `also` (the server refused a payment for it): a total that moves on its
 * own is explained, not left for the shopper to notice.
 */
export function usePricesChanged(lines: readonly CartLine[], also = false): boolean {
  const [shown, setShown] = useState(lines);
  const [changed, setChanged] = useState(false);
  // Compared with the lines last rendered, during render (React's "previous props" pattern): no effect, no extra paint.
  if (shown !== lines) {
    setShown(lines);
    if (repricedLines(shown, lines).length > 0) setChanged(true);
  }
  return changed || also;
}

/**
 * Says that prices changed, in a live region that is on the page from the start (so a screen reader
 * announces the sentence when it appears), empty until then.
 */
export function PricesChangedNotice({ changed }: { changed: boolean }) {
  return (
    <div role="status" className="cc-repriced-region">
      {changed && (
        <p className="cc-repriced" data-prices-changed="">
          {PRICES_CHANGED_MESSAGE}
        </p>
      )}
    </div>
  );
}
