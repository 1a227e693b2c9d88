import { cx } from './class-names.js';
import { formatPrice } from './format-price.js';

/**
 * The retail price (MSRP, the catalog's compare-at price) a price is compared with: said 'Retail'
 * and struck through (spec §2: the struck-through compare-at price). Never 'Was': it is the maker's
 * price, not one the shop charged; only the listing's price history can say what it used to cost.
 */
export function RetailPrice({ amount, className }: { amount: string | number; className?: string }) {
  return (
    <span className={cx('pl-retail', className)} data-retail-price="">
      <span className="pl-retail__label">Retail</span> <s className="pl-price--compare">{formatPrice(amount)}</s>
    </span>
  );
}
