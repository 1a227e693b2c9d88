import { useEffect, useRef, useState } from 'react';
import type { Cart, CartLine, CheckoutDetailsPayload, PaymentIntentResponse } from '@pl/contracts';
import { Button, buttonClass, Card, CardContent, CardHeader, Link, serverMessage, Skeleton, toast, useNavigate } from '@pl/ui';
import { useCart } from '../../../shared/api/cart.js';
import { CartLineItem } from '../../../shared/components/cart-line-item.js';
import { CartTotals } from '../../../shared/components/cart-totals.js';
import { LoadFailed } from '../../../shared/components/load-failed.js';
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
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  // Keyboard focus follows the page: to its heading when it opens (from the cart panel it stayed on
  // the header's cart button), and to the step's heading when the step changes (the form that had
  // focus is gone). After the dialog has put focus back on its trigger, hence the next frame.
  useEffect(() => {
    const frame = requestAnimationFrame(() => pageHeading.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, []);
  const firstStep = useRef(true);
  const paying = intent !== null;
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [paying]);

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
  // A one-of-a-kind line that is no longer the shopper's (its hold ran out, or the store sold it in
  // person) is never paid for: the payment waits until it is held again or removed.
  const unavailable = cart.lines.filter((l) => l.holdExpired || l.holdLost);
  const blocked = unavailable.length > 0;
  useEffect(() => {
    if (blocked) setIntent(null);
  }, [blocked]);
  useEffect(() => {
    if (blocked || !intent?.amount || intent.amount === cart.total || recreatedFor.current === cart.total) return;
    recreatedFor.current = cart.total;
    recreateIntent(undefined, { onSuccess: setIntent, onError: () => setIntent(null) });
  }, [blocked, cart.total, intent?.amount, recreateIntent]);

  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title" ref={pageHeading} tabIndex={-1}>
        Checkout
      </h1>
      <div className="cc-checkout">
        <Card className="cc-checkout__summary">
          <CardHeader>
            <h2 className="pl-card__title">Order Summary</h2>
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
        <Card className="cc-checkout__step">
          <CardHeader>
            <h2 className="pl-card__title" ref={stepHeading} tabIndex={-1}>
              {intent ? 'Payment' : 'Delivery and contact'}
            </h2>
          </CardHeader>
          <CardContent>
            {blocked ? (
              <UnavailableLines lines={unavailable} />
            ) : me.isPending ? (
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

/**
 * In place of the form while a line cannot be paid for: what happened to which item and what to do
 * (the line in the summary has the buttons). Focus comes here when the form it was in goes away.
 */
function UnavailableLines({ lines }: { lines: CartLine[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected || box.current?.closest('.cc-checkout__step')?.contains(active)) box.current?.focus();
  }, []);
  const lost = lines.some((l) => l.holdLost);
  const expired = lines.some((l) => l.holdExpired);
  return (
    <div className="cc-blocked" role="alert" tabIndex={-1} ref={box} data-checkout-blocked="">
      <p className="cc-blocked__title">Before you pay</p>
      <ul className="cc-blocked__lines">
        {lines.map((l) => (
          <li key={l.id}>{l.holdLost ? `${l.variant.title} was sold in the store.` : `Your reservation of ${l.variant.title} ran out.`}</li>
        ))}
      </ul>
      <p>
        {expired && lost ? 'Hold an expired item again or remove it, and remove a sold one'
          : expired ? (lines.length === 1 ? 'Hold it again or remove it' : 'Hold them again or remove them')
          : lines.length === 1 ? 'Remove it' : 'Remove them'}{' '}
        in the order summary to continue. {lines.length === 1 ? 'It is' : 'They are'} not counted in your total.
      </p>
    </div>
  );
}
