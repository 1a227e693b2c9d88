import { formatPrice } from '@pl/ui';
import { showsCompareAt } from '../utils/percent-off.js';

/** The price, and the struck-through compare-at price when it is higher (spec §2 product card). */
export function PriceTag({ price, compareAt, className, priceClassName }: { price: string; compareAt?: string | null; className: string; priceClassName?: string }) {
  return (
    <p className={className}>
      <span className={priceClassName ? `pl-price ${priceClassName}` : 'pl-price'}>{formatPrice(price)}</span>
      {showsCompareAt(price, compareAt) && (
        <span className="pl-price--compare">
          <span className="pl-visually-hidden">Was </span>
          {formatPrice(compareAt)}
        </span>
      )}
    </p>
  );
}
