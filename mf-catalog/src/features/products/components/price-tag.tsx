import { formatPrice, RetailPrice } from '@pl/ui';
import { showsCompareAt } from '../utils/percent-off.js';

/** The price, and the struck-through retail price (the compare-at price) when it is higher (spec §2 product card). */
export function PriceTag({ price, compareAt, className, priceClassName }: { price: string; compareAt?: string | null; className: string; priceClassName?: string }) {
  return (
    <p className={className}>
      <span className={priceClassName ? `pl-price ${priceClassName}` : 'pl-price'}>{formatPrice(price)}</span>
      {showsCompareAt(price, compareAt) && <RetailPrice amount={compareAt!} />}
    </p>
  );
}
