import { isPaymentReturn, paymentReturnUrl, withoutPaymentParam } from './payment-return';

describe('payment return URL', () => {
  it('is the site origin plus /?payment=success', () => {
    expect(paymentReturnUrl('https://shop.example')).toBe('https://shop.example/?payment=success');
  });

  it('recognises a successful return only', () => {
    expect(isPaymentReturn('?payment=success')).toBe(true);
    expect(isPaymentReturn('?payment=failed')).toBe(false);
    expect(isPaymentReturn('')).toBe(false);
  });

  it('strips the payment parameter and keeps the others', () => {
    expect(withoutPaymentParam('?payment=success')).toBe('');
    expect(withoutPaymentParam('?payment=success&ref=mail')).toBe('?ref=mail');
  });
});
