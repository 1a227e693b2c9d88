import { useRef, useState, type FormEvent } from 'react';
import type { OrderLookupPayload } from '@pl/contracts';
import { Button, Card, CardContent, FormField, Link, serverMessage } from '@pl/ui';
import { useLookupOrder } from '../api/lookup-order.js';
import { checkOrderLookup, type OrderLookupErrors } from '../utils/order-lookup.js';

/**
 * /orders/lookup: a guest finds an order again by its number and the e-mail given at checkout. The
 * answer never says whether an order matched; the link goes only to the order's own e-mail.
 */
export function OrderLookupPage() {
  const [fields, setFields] = useState<OrderLookupPayload>({ number: '', email: '' });
  const [errors, setErrors] = useState<OrderLookupErrors>({});
  const numberRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const lookup = useLookupOrder();
  const set = (name: keyof OrderLookupPayload) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setErrors((errs) => ({ ...errs, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.isPending) return;
    const checked = checkOrderLookup(fields);
    if (checked.errors) {
      setErrors(checked.errors);
      (checked.errors.number ? numberRef : emailRef).current?.focus();
      return;
    }
    lookup.mutate(checked.payload);
  };

  return (
    <div className="pl-container pl-page acc-narrow">
      <Card>
        <CardContent className="acc-card">
          <h1 className="acc-card__title">Find your order</h1>
          <p className="pl-muted">Enter the order number from your confirmation e-mail and the e-mail address you gave at checkout. We'll e-mail you a link to the order.</p>
          {/* Always in the page, so screen readers announce the answer when it arrives. */}
          <div role="status">
            {lookup.isSuccess && (
              <p className="acc-success" data-lookup-message>
                {lookup.data}
              </p>
            )}
          </div>
          <form onSubmit={submit} noValidate aria-label="Find your order">
            <FormField
              ref={numberRef}
              id="lookup-number"
              label="Order number"
              autoComplete="off"
              placeholder="PL-100001"
              maxLength={20}
              value={fields.number}
              error={errors.number}
              onChange={set('number')}
            />
            <FormField
              ref={emailRef}
              id="lookup-email"
              label="E-mail"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              maxLength={254}
              value={fields.email}
              error={errors.email}
              onChange={set('email')}
            />
            {lookup.isError && (
              <p className="acc-error" role="alert" data-lookup-error>
                {serverMessage(lookup.error) ?? 'Your order could not be looked up. Please try again.'}
              </p>
            )}
            {/* aria-disabled while sending, not disabled: a disabled button would drop keyboard focus to <body>. */}
            <Button type="submit" block aria-disabled={lookup.isPending || undefined} aria-busy={lookup.isPending || undefined}>
              {lookup.isPending ? 'Finding...' : 'Find my order'}
            </Button>
          </form>
          <p className="acc-card__footer">
            Have an account? <Link to="/account/orders">Order History</Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
