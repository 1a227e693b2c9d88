import type { CartLine } from '@pl/contracts';
import { Button } from '@pl/ui';
import { useUpdateCartLineQty } from '../api/update-cart-line.js';
import { lineMaxQty } from '../utils/cart-math.js';

/** − qty + for a line, bounded by 1 and what is available to this cart (the server checks again). */
export function QuantityControl({ line }: { line: CartLine }) {
  const update = useUpdateCartLineQty();
  const max = lineMaxQty(line);
  const set = (qty: number) => update.mutate({ lineId: line.id, qty });
  const title = line.variant.title;
  if (line.variant.oneOfAKind || line.holdExpired) return <span className="cc-qty__value">Qty {line.qty}</span>;
  return (
    <span className="cc-qty" role="group" aria-label={`Quantity of ${title}`}>
      <Button variant="outline" size="sm" className="cc-qty__step" aria-label="Decrease quantity" disabled={update.isPending || line.qty <= 1} onClick={() => set(line.qty - 1)}>
        −
      </Button>
      <span className="cc-qty__value" aria-live="polite">
        Qty {line.qty}
      </span>
      <Button variant="outline" size="sm" className="cc-qty__step" aria-label="Increase quantity" disabled={update.isPending || line.qty >= max} onClick={() => set(line.qty + 1)}>
        +
      </Button>
    </span>
  );
}
