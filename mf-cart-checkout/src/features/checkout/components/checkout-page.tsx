import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Cart, CheckoutDetailsPayload, PaymentIntentResponse } from '@pl/contracts';
import { Button, buttonClass, Card, CardContent, CardHeader, CardTitle, serverMessage, Skeleton, toast } from '@pl/ui';
import { useCart } from '../../cart/api/get-cart.js';
import { CartLineItem } from '../../cart/components/cart-line-item.js';
import { CartTotals } from '../../cart/components/cart-totals.js';
import { LoadFailed } from '../../cart/components/load-failed.js';
import { useCreatePaymentIntent } from '../api/create-payment-intent.js';
import { useCurrentCustomer } from '../api/get-current-customer.js';
import { useSaveCheckoutDetails } from '../api/save-checkout-details.js';
import { paymentReturnUrl, paymentSuccessPath } from '../utils/payment-return.js';
import { CheckoutDetailsFormView } from './checkout-details-form.js';
import { PaymentStep } from './payment-step.js';

/** /checkout: the order summary, then fulfilment and contact details, then the payment form. */
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
  return <CheckoutWithCart cart={cart.data} />;
}

function CheckoutWithCart({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const me = useCurrentCustomer();
  const save = useSaveCheckoutDetails();
  const createIntent = useCreatePaymentIntent();
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null);
  const guest = me.data === null || me.isError;

  const startPayment = async (details: CheckoutDetailsPayload) => {
    try {
      await save.mutateAsync(details);
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to save your checkout details', variant: 'destructive' });
      return;
    }
    // The hook's onError shows the spec's 'Failed to initialize payment' toast.
    setIntent(await createIntent.mutateAsync().catch(() => null));
  };

  // The cart changed under an open payment form (a hold expired, another tab removed a line): the
  // amount the server charges has changed too, so ask for a payment for the new total.
  // Once per new total, so a server that formats amounts differently cannot cause a loop.
  const { mutate: recreateIntent } = createIntent;
  const recreatedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!intent?.amount || intent.amount === cart.total || recreatedFor.current === cart.total) return;
    recreatedFor.current = cart.total;
    recreateIntent(undefined, { onSuccess: setIntent, onError: () => setIntent(null) });
  }, [cart.total, intent?.amount, recreateIntent]);

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
              {cart.lines.map((line) => (
                <CartLineItem key={line.id} line={line} editable={false} />
              ))}
            </ul>
            <CartTotals cart={cart} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{intent ? 'Payment' : 'Delivery and contact'}</CardTitle>
          </CardHeader>
          <CardContent>
            {me.isPending ? (
              <Skeleton style={{ height: '10rem' }} />
            ) : intent ? (
              <>
                <PaymentStep intent={intent} returnUrl={paymentReturnUrl(window.location.origin)} onPaid={(orderId) => navigate(paymentSuccessPath(orderId))} />
                <Button variant="ghost" size="sm" className="cc-back" onClick={() => setIntent(null)}>
                  Change delivery details
                </Button>
              </>
            ) : (
              <CheckoutDetailsFormView cart={cart} guest={guest} busy={save.isPending || createIntent.isPending} onSubmit={(d) => void startPayment(d)} />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
