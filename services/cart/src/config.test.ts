import { DEVELOPMENT_INTERNAL_API_TOKEN } from '@pl/service-kit';
import { loadCartConfig } from './config.js';
import { createPaymentProvider } from './payments/create-payment-provider.js';

/** Every value production requires, with live Stripe keys; a test leaves one out or changes it. */
const production = (overrides: Record<string, string | undefined> = {}) => {
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'production',
    INTERNAL_API_TOKEN: 'a-production-internal-token-of-40-chars!',
    ORDER_LINK_SECRET: 'an-order-link-secret-of-32-chars-or-more',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
};
const withoutStripe = { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };

describe('cart config', () => {
  it('has working development defaults: the test-card provider, in test mode', () => {
    const config = loadCartConfig({});
    expect(config).toMatchObject({ PORT: 5103, DB_SCHEMA: 'cart', INTERNAL_API_TOKEN: DEVELOPMENT_INTERNAL_API_TOKEN });
    expect(createPaymentProvider(config)).toMatchObject({ name: 'test-card', testMode: true });
  });

  it('starts in production with every required value and live Stripe keys, not in test mode', () => {
    expect(createPaymentProvider(loadCartConfig(production()))).toMatchObject({ name: 'stripe', testMode: false });
  });

  describe('in production', () => {
    it('refuses to start without a payment provider, naming STRIPE_SECRET_KEY and the way to test mode', () => {
      expect(() => loadCartConfig(production(withoutStripe))).toThrow(/STRIPE_SECRET_KEY: required in production: .*4242.*PAYMENTS_TEST_MODE=on/);
      expect(() => loadCartConfig(production({ ...withoutStripe, STRIPE_SECRET_KEY: '' }))).toThrow(/STRIPE_SECRET_KEY: required in production/);
      expect(() => loadCartConfig(production({ ...withoutStripe, PAYMENTS_TEST_MODE: 'off' }))).toThrow(/STRIPE_SECRET_KEY: required in production/);
    });

    it('runs the test-card provider, in test mode, when PAYMENTS_TEST_MODE=on says so', () => {
      expect(createPaymentProvider(loadCartConfig(production({ ...withoutStripe, PAYMENTS_TEST_MODE: 'on' })))).toMatchObject({ name: 'test-card', testMode: true });
    });

    it('refuses a Stripe test key unless PAYMENTS_TEST_MODE=on, and then runs Stripe in test mode', () => {
      const testKeys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
      expect(() => loadCartConfig(production(testKeys))).toThrow(/STRIPE_SECRET_KEY: required in production: a live key/);
      expect(() => loadCartConfig(production({ ...testKeys, STRIPE_SECRET_KEY: 'rk_test_x' }))).toThrow(/STRIPE_SECRET_KEY/);
      expect(createPaymentProvider(loadCartConfig(production({ ...testKeys, PAYMENTS_TEST_MODE: 'on' })))).toMatchObject({ name: 'stripe', testMode: true });
    });

    it('refuses to start without ORDER_LINK_SECRET or with the development INTERNAL_API_TOKEN', () => {
      expect(() => loadCartConfig(production({ ORDER_LINK_SECRET: undefined }))).toThrow(/ORDER_LINK_SECRET: required in production/);
      expect(() => loadCartConfig(production({ INTERNAL_API_TOKEN: undefined }))).toThrow(/INTERNAL_API_TOKEN: required in production/);
      expect(() => loadCartConfig(production({ INTERNAL_API_TOKEN: DEVELOPMENT_INTERNAL_API_TOKEN }))).toThrow(/INTERNAL_API_TOKEN: required in production/);
    });

    it('names every refused value at once', () => {
      expect(() => loadCartConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_API_TOKEN[\s\S]*ORDER_LINK_SECRET[\s\S]*STRIPE_SECRET_KEY/);
    });
  });

  it('refuses a test mode that contradicts the keys, anywhere', () => {
    expect(() => loadCartConfig({ PAYMENTS_TEST_MODE: 'off' })).toThrow(/STRIPE_SECRET_KEY: required with PAYMENTS_TEST_MODE=off/);
    expect(() => loadCartConfig(production({ PAYMENTS_TEST_MODE: 'on' }))).toThrow(/PAYMENTS_TEST_MODE: is on, but STRIPE_SECRET_KEY is a live key/);
    expect(() => loadCartConfig({ PAYMENTS_TEST_MODE: 'yes' })).toThrow(/PAYMENTS_TEST_MODE/);
  });
});
