import { TEST_ORDER_LABEL, type Order } from '@pl/contracts';
import { Badge, Button, buttonClass, Card, CardContent, formatPrice, Link, serverMessage, Skeleton } from '@pl/ui';
import { RequireCustomer } from '../../../shared/components/require-customer.js';
import { useOrders } from '../api/get-orders.js';
import { formatOrderDate, itemCount, statusLabel } from '../utils/order-view.js';

/** /account/orders: the customer's orders from the cart service (date, items, total, status), each linking to its page. */
export function OrderHistoryPage() {
  return (
    <RequireCustomer>
      {() => (
        <div className="pl-container pl-page">
          <h1 className="pl-page__title">Order History</h1>
          <OrderList />
        </div>
      )}
    </RequireCustomer>
  );
}

function OrderList() {
  const orders = useOrders();
  if (orders.isPending) {
    return (
      <div aria-busy="true" className="acc-orders-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} style={{ height: '3rem' }} />
        ))}
      </div>
    );
  }
  if (orders.isError) {
    return (
      <div>
        <p className="acc-error" role="alert">
          Your orders could not be loaded. {serverMessage(orders.error) ?? 'Please try again.'}
        </p>
        <Button variant="outline" onClick={() => void orders.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (orders.data.length === 0) return <NoOrders />;
  return <OrderTable orders={orders.data} />;
}

function NoOrders() {
  return (
    <Card className="acc-orders-empty">
      <CardContent>
        <h2>No orders yet</h2>
        <p className="pl-muted">Orders you place will be listed here.</p>
        <Link to="/products" className={buttonClass()}>
          Browse Products
        </Link>
      </CardContent>
    </Card>
  );
}

function OrderTable({ orders }: { orders: Order[] }) {
  return (
    <Card>
      <CardContent className="acc-orders">
        <table className="acc-orders__table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Items</th>
              <th scope="col" className="acc-orders__num">
                Total
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} data-order-id={order.id}>
                <td>
                  <Link to={`/orders/${order.id}`} className="acc-orders__link" aria-label={`Order ${order.number}`}>
                    {order.number}
                  </Link>
                </td>
                <td>
                  <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
                </td>
                <td>
                  <span className="acc-orders__count">
                    {itemCount(order)} {itemCount(order) === 1 ? 'item' : 'items'}
                  </span>
                  <span className="pl-muted acc-orders__titles">{order.lines.map((l) => (l.qty > 1 ? `${l.qty} × ${l.title}` : l.title)).join(', ')}</span>
                </td>
                <td className="acc-orders__num">{formatPrice(order.total)}</td>
                <td>
                  <span className="acc-order__badges">
                    <Badge variant="secondary">{statusLabel(order.status)}</Badge>
                    {order.testOrder && (
                      <Badge variant="outline" data-test-order>
                        {TEST_ORDER_LABEL}
                      </Badge>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
