import { lazy, Suspense } from 'react';
import type { PaymentIntentResponse } from '@pl/contracts';
import { formatPrice, Skeleton } from '@pl/ui';
import { TestCardForm } from './test-card-form.js';

// A separate chunk: Stripe's libraries load only for a cart paid through Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form.js'));

export interface PaymentStepProps {
  intent: PaymentIntentResponse;
  /** The total the order summary shows: the intent is paid only while it is for exactly that. */
  shownTotal: string;
  /** A payment for a new total is being asked for. */
  renewing: boolean;
  returnUrl: string;
  onPaid: (orderId: string | null) => void;
  /** The server refused to charge: a price changed since the page showed it (decision 058). */
  onPricesChanged: () => void;
  /** The server answered another intent for the total shown (the cart's content changed): pay that one. */
  onIntent: (intent: PaymentIntentResponse) => void;
}

/**
 * The payment form the server chose: Stripe Elements when Stripe keys are configured, else the test
 * card. It says what will be charged, and takes no payment while that is not the summary's total (a
 * price changed and the payment for the new total is on its way): what is charged is what was shown.
 */
export function PaymentStep({ intent, shownTotal, renewing, returnUrl, onPaid, onPricesChanged, onIntent }: PaymentStepProps) {
  const agreed = !renewing && intent.amount === shownTotal;
  const payable = agreed ? intent.amount : undefined;
  return (
    <>
      <p className="cc-pay-total" aria-live="polite" data-pay-total={payable ?? ''}>
        {payable ? (
          <>
            You pay <strong>{formatPrice(payable)}</strong>
          </>
        ) : (
          'Updating your total...'
        )}
      </p>
      {intent.provider === 'stripe' && intent.publishableKey ? (
        <Suspense fallback={<Skeleton style={{ height: '12rem' }} aria-label="Loading payment form" />}>
          <StripePaymentForm
            key={intent.clientSecret}
            clientSecret={intent.clientSecret}
            publishableKey={intent.publishableKey}
            returnUrl={returnUrl}
            total={payable}
            onPricesChanged={onPricesChanged}
            onIntent={onIntent}
          />
        </Suspense>
      ) : (
        <TestCardForm clientSecret={intent.clientSecret} total={payable} onPaid={onPaid} onPricesChanged={onPricesChanged} />
      )}
    </>
  );
}
