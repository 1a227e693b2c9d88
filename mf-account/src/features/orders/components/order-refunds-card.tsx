import type { OrderRefund } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle, RefundList } from '@pl/ui';
import { formatOrderDate, refundReasonText, refundStatusText } from '../utils/order-view.js';

/** The money given back for a cancellation or a return, and where each refund stands. */
export function OrderRefundsCard({ refunds }: { refunds: OrderRefund[] }) {
  return (
    <Card role="region" aria-labelledby="acc-refunds-title">
      <CardHeader>
        <CardTitle level={2} id="acc-refunds-title">
          Refunds
        </CardTitle>
      </CardHeader>
      <CardContent>
        <RefundList refunds={refunds} statusText={refundStatusText} reasonText={refundReasonText} formatDate={formatOrderDate} />
      </CardContent>
    </Card>
  );
}
