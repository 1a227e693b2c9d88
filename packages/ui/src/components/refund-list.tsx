import type { OrderRefund } from '@pl/contracts';
import { formatPrice } from './format-price.js';

export interface RefundListProps {
  refunds: readonly OrderRefund[];
  /** How the page names a refund's state and purpose (a customer and the store are told differently). */
  statusText: (status: OrderRefund['status']) => string;
  reasonText: (reason: OrderRefund['reason']) => string;
  formatDate: (iso: string) => string;
}

/** The money given back on an order, one refund per row: amount and state, then what it was for and when. */
export function RefundList({ refunds, statusText, reasonText, formatDate }: RefundListProps) {
  return (
    <ul className="pl-refunds">
      {refunds.map((refund) => (
        <li key={refund.id} className="pl-refunds__item" data-refund={refund.status}>
          <span>
            <span className="pl-refunds__amount">{formatPrice(refund.amount)}</span> ·{' '}
            <span className={refund.status === 'failed' ? 'pl-refunds__status pl-refunds__status--failed' : 'pl-refunds__status'}>{statusText(refund.status)}</span>
          </span>
          <span className="pl-refunds__meta">
            {reasonText(refund.reason)} · <time dateTime={refund.createdAt}>{formatDate(refund.createdAt)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
