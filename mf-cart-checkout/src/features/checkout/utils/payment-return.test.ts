import { isPaymentReturn, paymentReturnOrderId, paymentReturnPaymentId, paymentReturnUrl, paymentSuccessPath, withoutPaymentParams } from './payment-return';

describe('payment return URL', () => {
  it('is the site origin plus /?payment=success', () => {
    expect(paymentReturnUrl('https://shop.example')).toBe('https://shop.example/?payment=success');
  });

  it('names the order after a test-card payment, and stays bare without one', () => {
    expect(paymentSuccessPath('0b6f5a8e-1')).toBe('/?payment=success&order=0b6f5a8e-1');
    expect(paymentSuccessPath(null)).toBe('/?payment=success');
    expect(paymentSuccessPath(undefined)).toBe('/?payment=success');
  });

  it('recognises a successful return only', () => {
    expect(isPaymentReturn('?payment=success')).toBe(true);
    expect(isPaymentReturn('?payment=success&order=o1')).toBe(true);
    expect(isPaymentReturn('?payment=failed')).toBe(false);
    expect(isPaymentReturn('')).toBe(false);
  });

  it('reads the order id of a successful return only', () => {
    expect(paymentReturnOrderId('?payment=success&order=o1')).toBe('o1');
    expect(paymentReturnOrderId('?payment=success')).toBeNull();
    expect(paymentReturnOrderId('?payment=success&order=')).toBeNull();
    expect(paymentReturnOrderId('?payment=failed&order=o1')).toBeNull();
  });

  it('strips the payment and order parameters and keeps the others', () => {
    expect(withoutPaymentParams('?payment=success')).toBe('');
    expect(withoutPaymentParams('?payment=success&order=o1')).toBe('');
    expect(withoutPaymentParams('?payment=success&order=o1&ref=mail')).toBe('?ref=mail');
    expect(withoutPaymentParams('?payment=success&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded')).toBe('');
  });

  it("reads the payment Stripe's return names, when the return names no order", () => {
    expect(paymentReturnPaymentId('?payment=success&payment_intent=pi_3Abc&payment_intent_client_secret=pi_3Abc_secret_x&redirect_status=succeeded')).toBe('pi_3Abc');
    expect(paymentReturnPaymentId('?payment=success&order=o1&payment_intent=pi_3Abc')).toBeNull();
    expect(paymentReturnPaymentId('?payment_intent=pi_3Abc')).toBeNull();
  });
});
