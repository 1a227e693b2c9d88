import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cart, CartLine, CheckoutDetailsPayload, PaymentIntentResponse } from '@pl/contracts';
import { Button, buttonClass, Card, CardContent, CardHeader, Link, serverMessage, Skeleton, toast, useNavigate, useQueryClient } from '@pl/ui';
import { cartStale, useCart } from '../../../shared/api/cart.js';
import { CartLineItem } from '../../../shared/components/cart-line-item.js';
import { CartTotals } from '../../../shared/components/cart-totals.js';
import { LoadFailed } from '../../../shared/components/load-failed.js';
import { PricesChangedNotice, usePricesChanged } from '../../../shared/components/prices-changed-notice.js';
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
  const queryClient = useQueryClient();
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
    // For the total the summary shows: a price that changed since is refused, and the summary shows
    // the new one (the hook's onError says so, or shows the spec's 'Failed to initialize payment').
    setIntent(await createIntent.mutateAsync({ total: cart.total }).catch(() => null));
  };

  // The cart changed under an open payment form (a price changed, a hold expired, another tab
  // removed a line): the amount the server charges has changed too, so ask for a payment for the new
  // total; until it has come and agrees with the summary, nothing can be paid (PaymentStep).
  const { mutate: recreateIntent } = createIntent;
  const renewIntent = useCallback(
    (summaryTotal: string) =>
      recreateIntent(
        {},
        {
          onSuccess: (next) => {
            setIntent(next);
            // The catalog has moved on again since this summary was read: read it again, to agree.
            if (next.amount !== summaryTotal) cartStale(queryClient);
          },
          onError: () => setIntent(null),
        },
      ),
    [recreateIntent, queryClient],
  );
  // Once per new total, so a server that formats amounts differently cannot cause a loop.
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
    renewIntent(cart.total);
  }, [blocked, cart.total, intent?.amount, renewIntent]);

  // The server refused to charge the intent: a price changed since the page showed it (decision 058).
  // The summary is read again and a payment of the new total asked for (even one whose total
  // happens to be the same: its lines' prices are not), and the page says why the total moved.
  const [refusedForPrices, setRefusedForPrices] = useState(false);
  const pricesChanged = usePricesChanged(cart.lines, refusedForPrices);
  const onPricesChanged = () => {
    setRefusedForPrices(true);
    cartStale(queryClient);
    renewIntent(cart.total);
  };

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
            <PricesChangedNotice changed={pricesChanged} />
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
                <PaymentStep
                  intent={intent}
                  shownTotal={cart.total}
                  returnUrl={paymentReturnUrl(window.location.origin)}
                  onPaid={(orderId) => navigate(paymentSuccessPath(orderId))}
                  renewing={createIntent.isPending}
                  onPricesChanged={onPricesChanged}
                  onIntent={setIntent}
                />
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
