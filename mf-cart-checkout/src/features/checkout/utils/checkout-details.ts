import { CheckoutDetailsPayload, type Fulfilment } from '@pl/contracts';

/** What the checkout details form holds while the shopper types. */
export interface CheckoutDetailsForm {
  method: Fulfilment['type'];
  locationId: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zipCode: string;
  email: string;
}

export type CheckoutDetailsField = Exclude<keyof CheckoutDetailsForm, 'method'>;
export type CheckoutDetailsErrors = Partial<Record<CheckoutDetailsField, string>>;

const MESSAGES: Record<CheckoutDetailsField, string> = {
  locationId: 'Choose a pickup location',
  name: "Enter the recipient's name",
  line1: 'Enter the street address',
  line2: 'Keep the second address line under 200 characters',
  city: 'Enter the city',
  state: 'Enter the state',
  zipCode: 'Enter a ZIP code such as 43215',
  email: 'Enter a valid email address',
};

export const emptyCheckoutDetailsForm = (): CheckoutDetailsForm => ({
  method: 'pickup',
  locationId: '',
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zipCode: '',
  email: '',
});

/** The form again from what the cart already has saved (a reload, or Back from the payment step). */
export function formFromSaved(saved: CheckoutDetailsPayload | null | undefined): CheckoutDetailsForm {
  const form = emptyCheckoutDetailsForm();
  if (!saved) return form;
  form.email = saved.email ?? '';
  if (saved.fulfilment.type === 'pickup') {
    form.locationId = saved.fulfilment.locationId;
  } else {
    const a = saved.fulfilment.address;
    Object.assign(form, { method: 'shipping', name: a.name, line1: a.line1, line2: a.line2 ?? '', city: a.city, state: a.state, zipCode: a.zipCode });
  }
  return form;
}

/**
 * The PUT /api/cart/checkout payload from the form, checked with the contract's own schema, or a
 * message per bad field. Guests must give an e-mail; a signed-in customer's comes from the account.
 */
export function buildCheckoutDetails(
  form: CheckoutDetailsForm,
  { guest }: { guest: boolean },
): { payload: CheckoutDetailsPayload; errors?: undefined } | { payload?: undefined; errors: CheckoutDetailsErrors } {
  const fulfilment =
    form.method === 'pickup'
      ? { type: 'pickup' as const, locationId: form.locationId }
      : {
          type: 'shipping' as const,
          address: {
            name: form.name,
            line1: form.line1,
            ...(form.line2.trim() ? { line2: form.line2 } : {}),
            city: form.city,
            state: form.state,
            zipCode: form.zipCode,
          },
        };
  const candidate = guest ? { fulfilment, email: form.email.trim() } : { fulfilment };
  const parsed = CheckoutDetailsPayload.safeParse(candidate);
  const errors: CheckoutDetailsErrors = {};
  if (guest && !form.email.trim()) errors.email = MESSAGES.email;
  if (parsed.success && !errors.email) return { payload: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[issue.path.length - 1];
    if (typeof field === 'string' && field in MESSAGES) errors[field as CheckoutDetailsField] = MESSAGES[field as CheckoutDetailsField];
  }
  return { errors };
}
