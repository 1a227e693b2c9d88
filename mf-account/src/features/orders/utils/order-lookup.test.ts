import { checkOrderLookup } from './order-lookup';

describe('the order lookup form', () => {
  it('sends the number and the e-mail trimmed, the e-mail in lower case', () => {
    expect(checkOrderLookup({ number: ' PL-100001 ', email: ' Dana@Example.com ' })).toEqual({ payload: { number: 'PL-100001', email: 'dana@example.com' } });
  });

  it('takes an order number without its PL- prefix', () => {
    expect(checkOrderLookup({ number: '100001', email: 'dana@example.com' }).payload?.number).toBe('100001');
  });

  it('names each field that is missing or malformed', () => {
    expect(checkOrderLookup({ number: '', email: '' })).toEqual({
      errors: { number: 'An order number such as PL-100001', email: 'Enter a valid e-mail address' },
    });
    expect(checkOrderLookup({ number: 'ORDER 7', email: 'dana@example.com' })).toEqual({ errors: { number: 'An order number such as PL-100001' } });
    expect(checkOrderLookup({ number: 'PL-1', email: 'dana@' })).toEqual({ errors: { email: 'Enter a valid e-mail address' } });
  });
});
