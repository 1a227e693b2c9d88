import { Link } from 'react-router-dom';
import { buttonClass, Card, CardContent } from '@pl/ui';
import { RequireCustomer } from '../../profile/components/require-customer.js';

/**
 * Order history. The shop has no order-listing call yet (spec §1: the menu entry exists, its
 * destination is not shown), so this page says plainly where orders will appear.
 */
export function OrderHistoryPage() {
  return (
    <RequireCustomer>
      {() => (
        <div className="pl-container pl-page">
          <h1 className="pl-page__title">Order History</h1>
          <Card className="acc-orders-empty">
            <CardContent>
              <h2>No orders to show yet</h2>
              <p className="pl-muted">
                Orders you place will be listed here. Your order confirmation e-mail has the details of every purchase.
              </p>
              <Link to="/products" className={buttonClass()}>
                Browse Products
              </Link>
            </CardContent>
          </Card>
        </div>
      )}
    </RequireCustomer>
  );
}
