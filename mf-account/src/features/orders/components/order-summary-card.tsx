import { Card, CardContent, CardHeader, CardTitle, formatPrice, Skeleton } from '@pl/ui';
import { useOrders } from '../api/get-orders.js';
import { summarizeOrders } from '../utils/order-view.js';

/** The account page's order summary: real counts from the order history (zeros before the first order). */
export function OrderSummaryCard() {
  const orders = useOrders();
  const summary = summarizeOrders(orders.data ?? []);
  const value = (text: string) => (orders.isPending ? <Skeleton className="acc-summary__loading" /> : text);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="acc-details" data-order-summary>
          <dt>Total Orders</dt>
          <dd data-total-orders>{value(String(summary.totalOrders))}</dd>
          <dt>Total Spent</dt>
          <dd data-total-spent>{value(formatPrice(summary.totalSpentCents))}</dd>
        </dl>
        {orders.isError && (
          <p className="pl-muted acc-hint" role="status">
            Your orders could not be loaded just now.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
