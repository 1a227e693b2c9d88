import { Link } from 'react-router-dom';
import { buttonClass, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@pl/ui';
import { useCart } from '../../cart/api/get-cart.js';
import { CartLineItem } from '../../cart/components/cart-line-item.js';
import { CartTotals } from '../../cart/components/cart-totals.js';
import { LoadFailed } from '../../cart/components/load-failed.js';

export function CheckoutPage() {
  const cart = useCart();

  if (cart.isPending) {
    return (
      <div className="pl-container pl-page" aria-busy="true">
        <Skeleton style={{ height: '2.25rem', width: '12rem' }} />
        <Skeleton style={{ height: '14rem', marginTop: '1.5rem', maxWidth: '40rem' }} />
      </div>
    );
  }
  if (cart.isError) {
    return (
      <div className="pl-container pl-page">
        <h1 className="pl-page__title">Checkout</h1>
        <LoadFailed error={cart.error} onRetry={() => void cart.refetch()} />
      </div>
    );
  }
  if (cart.data.lines.length === 0) {
    return (
      <div className="pl-container pl-page cc-checkout-empty">
        <Card>
          <CardContent>
            <h1 className="cc-checkout-empty__title">Cart Empty</h1>
            <p className="pl-muted">Add some items to your cart before checkout.</p>
            <Link to="/" className={buttonClass()}>
              Continue Shopping
            </Link>
          </CardContent>
        </Card>
      </div>
    );
  }
  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title">Checkout</h1>
      <div className="cc-checkout">
        <Card>
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="cc-lines">
              {cart.data.lines.map((line) => (
                <CartLineItem key={line.id} line={line} removable={false} />
              ))}
            </ul>
            <CartTotals cart={cart.data} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
