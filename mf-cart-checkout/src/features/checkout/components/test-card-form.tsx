import { useState, type FormEvent } from 'react';
import { Button, FormField, serverMessage, toast } from '@pl/ui';
import { confirmTestCard } from '../api/confirm-test-card.js';
import { refusedForPrices, toastPricesChanged } from '../api/create-payment-intent.js';
import { formatCardNumber, formatExpiry, validateCard, type CardErrors } from '../utils/card-input.js';

export interface TestCardFormProps {
  clientSecret: string;
  /** The amount the page shows as charged; unset while it is being updated (nothing can be paid then). */
  total: string | undefined;
  onPaid: (orderId: string | null) => void;
  onPricesChanged: () => void;
}

/**
 * The built-in test-card provider's form (no Stripe keys configured): the card goes to our own
 * server, which decides like a card network and confirms the payment on the server side, for the
 * total shown only and only while its prices are the catalog's (else 409: nothing is charged).
 */
export function TestCardForm({ clientSecret, total, onPaid, onPricesChanged }: TestCardFormProps) {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCard(card, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0 || total === undefined) return;
    setProcessing(true);
    try {
      const result = await confirmTestCard({ clientSecret, cardNumber: card.cardNumber, expiry: card.expiry, cvc: card.cvc.trim(), total });
      if (result.status === 'succeeded') {
        onPaid(result.orderId ?? null);
        return;
      }
      toast({ title: 'Payment Failed', description: result.message ?? 'Your card was declined.', variant: 'destructive' });
    } catch (error) {
      if (refusedForPrices(error)) {
        toastPricesChanged(error);
        onPricesChanged();
      } else {
        toast({ title: 'Payment Failed', description: serverMessage(error) ?? 'The payment could not be completed. Please try again.', variant: 'destructive' });
      }
    }
    setProcessing(false);
  };

  return (
    <form className="cc-card-form" onSubmit={submit} noValidate aria-label="Card payment">
      <FormField
        id="cc-card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={card.cardNumber}
        onChange={(e) => setCard((c) => ({ ...c, cardNumber: formatCardNumber(e.target.value) }))}
        error={errors.cardNumber}
      />
      <div className="cc-card-form__row">
        <FormField
          id="cc-card-expiry"
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          onChange={(e) => setCard((c) => ({ ...c, expiry: formatExpiry(e.target.value) }))}
          error={errors.expiry}
        />
        <FormField
          id="cc-card-cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          onChange={(e) => setCard((c) => ({ ...c, cvc: e.target.value.replace(/\D/g, '') }))}
          error={errors.cvc}
        />
      </div>
      <p className="cc-card-form__hint">
        Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 declines. Any future expiry and any CVC.
      </p>
      <Button type="submit" block size="lg" disabled={processing || total === undefined}>
        {processing ? 'Processing...' : 'Complete Purchase'}
      </Button>
    </form>
  );
}
