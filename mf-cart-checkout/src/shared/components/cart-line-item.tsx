import type { CartLine } from '@pl/contracts';
import { Badge, Button, ConditionBadge, formatPrice, RetailPrice } from '@pl/ui';
import { useRemoveCartLine } from '../api/remove-cart-line.js';
import { lineCompareAtTotal } from '../utils/cart-math.js';
import { HoldNotice } from './hold-notice.js';
import { QuantityControl } from './quantity-control.js';

const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#f1f5f9"/></svg>');

/** One cart line; `editable` adds the quantity control and Remove (the panel), the checkout summary reads only. */
export function CartLineItem({ line, editable = true }: { line: CartLine; editable?: boolean }) {
  const remove = useRemoveCartLine();
  const compareAt = lineCompareAtTotal(line);
  const v = line.variant;
  return (
    <li className="cc-line" data-line-id={line.id} data-sku={v.sku}>
      {/* The listing's cover photo (or its drawing); the title beside it says what it is. */}
      <img className="cc-line__image" src={v.image || PLACEHOLDER} alt="" width={64} height={64} loading="lazy" decoding="async" />
      <div className="cc-line__body">
        <p className="cc-line__title">{v.title}</p>
        <div className="cc-line__badges">
          <ConditionBadge grade={v.conditionGrade} />
          {v.oneOfAKind && (
            <Badge tone="purple" variant="secondary">
              Unique
            </Badge>
          )}
        </div>
        {v.conditionNotes && <p className="cc-line__notes">{v.conditionNotes}</p>}
        {line.holdLost ? (
          <p className="cc-hold cc-hold--expired" role="status" data-hold-lost="">
            Sold in the store. This item is no longer available and is not counted in your total.
          </p>
        ) : (
          (line.holdExpiresAt || line.holdExpired) && <HoldNotice line={line} />
        )}
        <div className="cc-line__meta">
          {editable ? <QuantityControl line={line} /> : <span>Qty {line.qty}</span>}
          <span>
            <span className="pl-price">{formatPrice(line.subtotal)}</span>{' '}
            {compareAt !== undefined && <RetailPrice amount={compareAt} />}
          </span>
        </div>
        {/* Read-only lines (the checkout summary) still offer Remove once the item is no longer the shopper's. */}
        {(editable || line.holdExpired || line.holdLost) && (
          <Button variant="ghost" size="sm" className="cc-line__remove" disabled={remove.isPending} onClick={() => remove.mutate(line.id)}>
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
