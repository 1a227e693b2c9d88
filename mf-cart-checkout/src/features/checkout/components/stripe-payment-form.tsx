// Stripe Elements, loaded only when the server says the provider is Stripe: this module (and
// Stripe.js from Stripe's servers) never reaches a shopper paying with the offline test card.
import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentIntentResponse } from '@pl/contracts';
import { Button, toast } from '@pl/ui';
import { createPaymentIntent, refusedForPrices, toastPricesChanged } from '../api/create-payment-intent.js';

export interface StripePaymentFormProps {
  clientSecret: string;
  publishableKey: string;
  returnUrl: string;
  /** The amount the page shows as charged; unset while it is being updated (nothing can be paid then). */
  total: string | undefined;
  onPricesChanged: () => void;
  onIntent: (intent: PaymentIntentResponse) => void;
}

type ConfirmProps = Omit<StripePaymentFormProps, 'publishableKey'>;

export default function StripePaymentForm({ publishableKey, ...props }: StripePaymentFormProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <StripeConfirm {...props} />
    </Elements>
  );
}

function StripeConfirm({ clientSecret, returnUrl, total, onPricesChanged, onIntent }: ConfirmProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || total === undefined) return;
    setProcessing(true);
    // Stripe charges the intent as it is; the server first says whether the total shown is still
    // the cart's (decision 058). Refused: nothing is confirmed, and the page shows the new total.
    let checked: PaymentIntentResponse;
    try {
      checked = await createPaymentIntent({ total });
    } catch (error) {
      if (refusedForPrices(error)) {
        toastPricesChanged(error);
        onPricesChanged();
      } else {
        toast({ title: 'Payment Failed', description: 'The payment could not be completed. Please try again.', variant: 'destructive' });
      }
      setProcessing(false);
      return;
    }
    if (checked.clientSecret !== clientSecret) {
      // The same total for other content (a line removed in another tab, another added): that payment is the one to confirm.
      toast({ title: 'Your cart changed', description: 'Check your order and enter your card again to pay.' });
      onIntent(checked);
      return;
    }
    // On success Stripe redirects to returnUrl; the order is created from its signed webhook.
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    toast({ title: 'Payment Failed', description: error.message ?? 'The payment could not be completed.', variant: 'destructive' });
    setProcessing(false);
  };

  return (
    <form className="cc-card-form" onSubmit={submit} aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" block size="lg" disabled={!stripe || !elements || processing || total === undefined}>
        {processing ? 'Processing...' : 'Complete Purchase'}
      </Button>
    </form>
  );
}
