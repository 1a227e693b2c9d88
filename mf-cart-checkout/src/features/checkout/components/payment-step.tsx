import { lazy, Suspense } from 'react';
import type { PaymentIntentResponse } from '@pl/contracts';
import { Skeleton } from '@pl/ui';
import { TestCardForm } from './test-card-form.js';

// A separate chunk: Stripe's libraries load only for a cart paid through Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form.js'));

/** The payment form the server chose: Stripe Elements when Stripe keys are configured, else the test card. */
export function PaymentStep({ intent, returnUrl, onPaid }: { intent: PaymentIntentResponse; returnUrl: string; onPaid: (orderId: string | null) => void }) {
  if (intent.provider === 'stripe' && intent.publishableKey) {
    return (
      <Suspense fallback={<Skeleton style={{ height: '12rem' }} aria-label="Loading payment form" />}>
        <StripePaymentForm clientSecret={intent.clientSecret} publishableKey={intent.publishableKey} returnUrl={returnUrl} />
      </Suspense>
    );
  }
  return <TestCardForm clientSecret={intent.clientSecret} onPaid={onPaid} />;
}
