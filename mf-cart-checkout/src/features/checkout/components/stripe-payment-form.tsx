// Stripe Elements, loaded only when the server says the provider is Stripe: this module (and
// Stripe.js from Stripe's servers) never reaches a shopper paying with the offline test card.
import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button, toast } from '@pl/ui';

export interface StripePaymentFormProps {
  clientSecret: string;
  publishableKey: string;
  returnUrl: string;
}

export default function StripePaymentForm({ clientSecret, publishableKey, returnUrl }: StripePaymentFormProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <StripeConfirm returnUrl={returnUrl} />
    </Elements>
  );
}

function StripeConfirm({ returnUrl }: { returnUrl: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    // On success Stripe redirects to returnUrl; the order is created from its signed webhook.
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    toast({ title: 'Payment Failed', description: error.message ?? 'The payment could not be completed.', variant: 'destructive' });
    setProcessing(false);
  };

  return (
    <form className="cc-card-form" onSubmit={submit} aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" block size="lg" disabled={!stripe || !elements || processing}>
        {processing ? 'Processing...' : 'Complete Purchase'}
      </Button>
    </form>
  );
}
