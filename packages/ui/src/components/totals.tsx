import { formatPrice } from './format-price.js';

export interface TotalsProps {
  /** Decimal strings as the services compute them ("19.99"); the browser only shows them. */
  subtotal: string;
  /** Shown as 'Free' when zero or absent (spec §9: shipping displayed as Free). */
  shipping?: string;
  tax: string;
  total: string;
  /** The caller's class: the list gets it, the total's row `<className>__total`. */
  className: string;
}

/** Subtotal, shipping, tax and total: one money summary for the cart, checkout and order pages. */
export function Totals({ subtotal, shipping, tax, total, className }: TotalsProps) {
  const free = shipping === undefined || Number(shipping) === 0;
  return (
    <dl className={className}>
      <dt>Subtotal</dt>
      <dd>{formatPrice(subtotal)}</dd>
      <dt>Shipping</dt>
      <dd>{free ? 'Free' : formatPrice(shipping)}</dd>
      <dt>Tax</dt>
      <dd>{formatPrice(tax)}</dd>
      <dt className={`${className}__total`}>Total</dt>
      <dd className={`${className}__total`} data-total="">
        {formatPrice(total)}
      </dd>
    </dl>
  );
}
