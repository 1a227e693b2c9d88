import { buildCheckoutDetails, emptyCheckoutDetailsForm, formFromSaved, type CheckoutDetailsForm } from './checkout-details';

const form = (overrides: Partial<CheckoutDetailsForm> = {}): CheckoutDetailsForm => ({ ...emptyCheckoutDetailsForm(), ...overrides });
const shipping = { method: 'shipping' as const, name: 'Dana Doe', line1: '1 Main St', city: 'Columbus', state: 'OH', zipCode: '43215' };

describe('buildCheckoutDetails', () => {
  it('builds a pickup at the chosen location with the guest e-mail', () => {
    expect(buildCheckoutDetails(form({ locationId: 'loc-1', email: ' dana@example.com ' }), { guest: true })).toEqual({
      payload: { fulfilment: { type: 'pickup', locationId: 'loc-1' }, email: 'dana@example.com' },
    });
  });

  it('leaves the e-mail out for a signed-in customer', () => {
    expect(buildCheckoutDetails(form({ locationId: 'loc-1', email: 'ignored@example.com' }), { guest: false })).toEqual({
      payload: { fulfilment: { type: 'pickup', locationId: 'loc-1' } },
    });
  });

  it('builds a shipping address and drops an empty second line', () => {
    const result = buildCheckoutDetails(form(shipping), { guest: false });
    expect(result.payload).toEqual({
      fulfilment: { type: 'shipping', address: { name: 'Dana Doe', line1: '1 Main St', city: 'Columbus', state: 'OH', zipCode: '43215' } },
    });
  });

  it('names every missing or bad field', () => {
    expect(buildCheckoutDetails(form({ method: 'shipping', zipCode: '123' }), { guest: true }).errors).toEqual({
      name: "Enter the recipient's name",
      line1: 'Enter the street address',
      city: 'Enter the city',
      state: 'Enter the state',
      zipCode: 'Enter a ZIP code such as 43215',
      email: 'Enter a valid email address',
    });
    expect(buildCheckoutDetails(form({ email: 'dana@example.com' }), { guest: true }).errors).toEqual({ locationId: 'Choose a pickup location' });
    expect(buildCheckoutDetails(form({ locationId: 'loc-1', email: 'not-an-email' }), { guest: true }).errors).toEqual({ email: 'Enter a valid email address' });
  });
});

describe('formFromSaved', () => {
  it('fills the form from the details saved on the cart', () => {
    const saved = { fulfilment: { type: 'shipping' as const, address: { name: 'Dana Doe', line1: '1 Main St', city: 'Columbus', state: 'OH', zipCode: '43215' } }, email: 'dana@example.com' };
    expect(formFromSaved(saved)).toEqual(form({ ...shipping, email: 'dana@example.com' }));
    expect(formFromSaved({ fulfilment: { type: 'pickup', locationId: 'loc-2' } })).toEqual(form({ locationId: 'loc-2' }));
    expect(formFromSaved(null)).toEqual(form());
  });
});
