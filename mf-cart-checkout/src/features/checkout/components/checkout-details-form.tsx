import { useState, type FormEvent } from 'react';
import type { Cart, CheckoutDetailsPayload } from '@pl/contracts';
import { Button, FormField, Label, Select } from '@pl/ui';
import { useLocations } from '../api/get-locations.js';
import { buildCheckoutDetails, formFromSaved, type CheckoutDetailsErrors, type CheckoutDetailsField, type CheckoutDetailsForm } from '../utils/checkout-details.js';

/**
 * Step one of checkout: pickup at a store or shipping to an address, and a guest's e-mail.
 * `onSubmit` saves the details and sets up the payment; it rejects (after its own toast) on failure.
 */
export function CheckoutDetailsFormView({
  cart,
  guest,
  busy,
  onSubmit,
}: {
  cart: Cart;
  guest: boolean;
  busy: boolean;
  onSubmit: (payload: CheckoutDetailsPayload) => void;
}) {
  const locations = useLocations();
  const [form, setForm] = useState<CheckoutDetailsForm>(() => formFromSaved(cart.checkout));
  const [errors, setErrors] = useState<CheckoutDetailsErrors>({});
  const firstLocationId = locations.data?.[0]?.id ?? '';
  const locationId = form.locationId || firstLocationId;

  // Editing a field takes its error away (it used to stay after the e-mail was corrected); the next
  // submit checks it again.
  const set = (field: keyof CheckoutDetailsForm) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors((e) => (e[field as CheckoutDetailsField] ? { ...e, [field]: undefined } : e));
  };
  const field = (name: CheckoutDetailsField, label: string, extra: Record<string, unknown> = {}) => (
    <FormField id={`cc-${name}`} label={label} value={form[name]} onChange={set(name)} error={errors[name]} {...extra} />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = buildCheckoutDetails({ ...form, locationId }, { guest });
    setErrors(result.errors ?? {});
    if (result.payload) onSubmit(result.payload);
  };

  return (
    <form className="cc-details" onSubmit={submit} noValidate aria-label="Checkout details">
      {guest && field('email', 'Email', { type: 'email', autoComplete: 'email', required: true, placeholder: 'you@example.com' })}
      <fieldset className="cc-fieldset">
        <legend className="cc-fieldset__legend">How would you like to get your order?</legend>
        <label className="cc-choice">
          <input type="radio" name="cc-fulfilment" value="pickup" checked={form.method === 'pickup'} onChange={() => setForm((f) => ({ ...f, method: 'pickup' }))} />
          Pickup at a store (free, ready within 24 hours)
        </label>
        <label className="cc-choice">
          <input type="radio" name="cc-fulfilment" value="shipping" checked={form.method === 'shipping'} onChange={() => setForm((f) => ({ ...f, method: 'shipping' }))} />
          Ship to an address (free standard shipping)
        </label>
      </fieldset>
      {form.method === 'pickup' ? (
        <div className="pl-field">
          <Label htmlFor="cc-locationId">Store</Label>
          <Select
            id="cc-locationId"
            value={locationId}
            onChange={set('locationId')}
            disabled={locations.isPending}
            aria-invalid={errors.locationId ? true : undefined}
            aria-describedby={errors.locationId ? 'cc-locationId-error' : undefined}
          >
            {locations.isPending && <option value="">Loading stores...</option>}
            {locations.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}: {l.address}, {l.city}, {l.state} {l.zipCode}
              </option>
            ))}
          </Select>
          {locations.isError && <p className="pl-field__error">We couldn't load the stores. Please reload the page.</p>}
          {errors.locationId && (
            <p id="cc-locationId-error" className="pl-field__error">
              {errors.locationId}
            </p>
          )}
        </div>
      ) : (
        <div className="cc-address">
          {field('name', 'Full name', { autoComplete: 'name' })}
          {field('line1', 'Address', { autoComplete: 'address-line1' })}
          {field('line2', 'Apartment, suite (optional)', { autoComplete: 'address-line2' })}
          <div className="cc-address__row">
            {field('city', 'City', { autoComplete: 'address-level2' })}
            {field('state', 'State', { autoComplete: 'address-level1' })}
            {field('zipCode', 'ZIP code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
          </div>
        </div>
      )}
      <Button type="submit" block size="lg" disabled={busy}>
        {busy ? 'Preparing payment...' : 'Continue to Payment'}
      </Button>
    </form>
  );
}
