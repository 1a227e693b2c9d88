import { loadCartConfig } from '../config.js';
import { createPaymentProvider } from './create-payment-provider.js';

describe('choosing the payment provider from config', () => {
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('uses the built-in test-card provider when no Stripe keys are set (or they are empty)', () => {
    expect(createPaymentProvider(loadCartConfig({})).name).toBe('test-card');
    expect(createPaymentProvider(loadCartConfig({ STRIPE_SECRET_KEY: '', STRIPE_API_PORT: '' })).name).toBe('test-card');
  });

  it('uses Stripe, with its webhook and publishable key, when the keys are set', () => {
    const provider = createPaymentProvider(loadCartConfig({ ...stripeKeys, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' }));
    expect(provider).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_x' });
    expect(provider.verifyWebhook).toBeInstanceOf(Function);
  });

  it('refuses to start with a secret key but no webhook secret, or a bad API port or protocol', () => {
    expect(() => loadCartConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadCartConfig({ ...stripeKeys, STRIPE_API_PORT: 'abc' })).toThrow(/STRIPE_API_PORT/);
    expect(() => loadCartConfig({ ...stripeKeys, STRIPE_API_PROTOCOL: 'ftp' })).toThrow(/STRIPE_API_PROTOCOL/);
  });
});
