import { useEffect, useRef } from 'react';
import type { CartLine } from '@pl/contracts';
import { Button, useQueryClient } from '@pl/ui';
import { useUpdateCartLineQty } from '../api/update-cart-line.js';
import { useNow } from '../state/use-now.js';
import { formatCountdown, remainingMs } from '../utils/countdown.js';
import { cartStale } from '../api/cart.js';

/**
 * A held line's reservation notice with a live mm:ss countdown to the hold's expiry. At zero it
 * turns into the expired notice and refetches the cart, whose answer then says what happened
 * (the server is the judge: its clock, not the browser's, ends the hold).
 */
export function HoldNotice({ line }: { line: CartLine }) {
  const held = !line.holdExpired && Boolean(line.holdExpiresAt);
  const now = useNow(held);
  const left = remainingMs(line.holdExpiresAt, now);
  const expired = line.holdExpired === true || left === 0;
  const queryClient = useQueryClient();
  const refetched = useRef(false);
  // Holding again is asking for the same quantity afresh: the server holds it if it is still free.
  const holdAgain = useUpdateCartLineQty();

  useEffect(() => {
    if (!expired || line.holdExpired || refetched.current) return;
    refetched.current = true;
    cartStale(queryClient);
  }, [expired, line.holdExpired, queryClient]);

  if (expired) {
    return (
      <div className="cc-hold cc-hold--expired" role="status" data-hold-expired="">
        <p>Reservation expired. This item has been released and is not counted in your total.</p>
        {line.holdExpired && (
          <Button variant="outline" size="sm" disabled={holdAgain.isPending} onClick={() => holdAgain.mutate({ lineId: line.id, qty: line.qty })}>
            {holdAgain.isPending ? 'Holding...' : 'Hold again'}
          </Button>
        )}
      </div>
    );
  }
  if (left === undefined) return null;
  return (
    <p className="cc-hold" data-hold-expires-at={line.holdExpiresAt ?? undefined}>
      Reserved for you: <span className="cc-hold__time" aria-label={`${formatCountdown(left)} left`}>{formatCountdown(left)}</span> left
    </p>
  );
}
