import type { CartConfig } from '../config.js';
import type { PaymentProvider } from './payment-provider.js';
import { createTestCardProvider } from './test-card-provider.js';

/** Stripe when its keys are set, else the built-in test-card provider. */
export function createPaymentProvider(config: Pick<CartConfig, 'STRIPE_SECRET_KEY'>): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is set but the Stripe provider is not built yet: unset it to use the test-card provider');
  return createTestCardProvider();
}
