import type { CartConfig } from '../config.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';
import { createTestCardProvider } from './test-card-provider.js';

type ProviderConfig = Pick<
  CartConfig,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL'
>;

/** Stripe when its keys are set (config requires all three together), else the built-in test-card provider. */
export function createPaymentProvider(config: ProviderConfig): PaymentProvider {
  if (!config.STRIPE_SECRET_KEY) return createTestCardProvider();
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    api: { host: config.STRIPE_API_HOST, port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL },
  });
}
