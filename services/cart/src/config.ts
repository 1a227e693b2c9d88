import { z } from 'zod';
import { MAX_HOLD_SECONDS, UNIQUE_ITEM_HOLD_SECONDS } from '@pl/contracts';
import { emptyAsUnset, internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig, urlListVar } from '@pl/service-kit';
import { isStripeTestKey } from './payments/stripe-keys.js';

const optionalSecret = z.preprocess(emptyAsUnset, z.string().min(1).optional());

const CartEnv = serviceConfig({ port: 5103, schema: 'cart' }).extend({
  INTERNAL_API_TOKEN: internalApiTokenVar,
  /** The catalog's internal API (variants by sku, holds). */
  CATALOG_URL: urlListVar('http://127.0.0.1:5102'),
  /** Anti-hoarding: unique items one cart may hold at once. */
  MAX_UNIQUE_HOLDS_PER_CART: z.coerce.number().int().min(1).max(100).default(5),
  UNIQUE_ITEM_HOLD_SECONDS: z.coerce.number().int().min(1).max(MAX_HOLD_SECONDS).default(UNIQUE_ITEM_HOLD_SECONDS),
  /** Every line is held this long once a payment intent is created. */
  PAYMENT_HOLD_SECONDS: z.coerce.number().int().min(60).max(MAX_HOLD_SECONDS).default(15 * 60),
  /**
   * Signs the keys of order e-mail links (a guest opens the order without an account). Required in
   * production; unset elsewhere, a random one for the process (links then die with it).
   */
  ORDER_LINK_SECRET: z.preprocess(emptyAsUnset, z.string().min(32, 'at least 32 characters (e.g. `openssl rand -hex 32`)').optional()),
  /** A pickup ready this many days and not collected shows as overdue on the order desk. */
  PICKUP_OVERDUE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Unset: the built-in test-card provider, which takes no real money (allowed in production only with PAYMENTS_TEST_MODE=on). */
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_PUBLISHABLE_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  /** Where Stripe's API is; unset: api.stripe.com. Tests point these at a local fake. */
  STRIPE_API_HOST: optionalSecret,
  STRIPE_API_PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: z.preprocess(emptyAsUnset, z.enum(['http', 'https']).optional()),
  /**
   * Payments that take no real money (the test-card provider, or Stripe with a test key): `on`
   * allows them, `off` refuses them; unset, they are allowed outside production only (decision 042).
   */
  PAYMENTS_TEST_MODE: z.preprocess(emptyAsUnset, z.enum(['on', 'off']).optional()),
});

export const CartConfig = CartEnv.superRefine((c, ctx) => {
  if (c.STRIPE_SECRET_KEY && (!c.STRIPE_PUBLISHABLE_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required with STRIPE_SECRET_KEY' });
  }
  refuseUnsafeSettings(c, ctx);
});
export type CartConfig = z.infer<typeof CartConfig>;

/**
 * What the cart refuses to start with (decision 042), in one place: in production every secret it
 * would otherwise make up or default, and payments that take no real money unless an operator asks
 * for them by name (PAYMENTS_TEST_MODE=on); anywhere, a test mode that contradicts the keys.
 */
function refuseUnsafeSettings(c: z.infer<typeof CartEnv>, ctx: z.RefinementCtx): void {
  const production = c.NODE_ENV === 'production';
  requireInternalApiTokenInProduction(c, ctx);
  if (production && c.ORDER_LINK_SECRET === undefined) {
    ctx.addIssue({ code: 'custom', path: ['ORDER_LINK_SECRET'], message: 'required in production: 32+ random characters (e.g. `openssl rand -hex 32`)' });
  }
  const testPayments = c.STRIPE_SECRET_KEY === undefined || isStripeTestKey(c.STRIPE_SECRET_KEY);
  const testModeAllowed = c.PAYMENTS_TEST_MODE === 'on' || (c.PAYMENTS_TEST_MODE === undefined && !production);
  if (testPayments && !testModeAllowed) {
    const why = production ? 'required in production' : 'required with PAYMENTS_TEST_MODE=off';
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message:
        c.STRIPE_SECRET_KEY === undefined
          ? `${why}: without it the built-in test-card provider takes payments that are not real (anyone pays with 4242 4242 4242 4242). Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_TEST_MODE=on for a shop that takes no real payments on purpose`
          : `${why}: a live key (sk_live_…); a Stripe test key takes no real payments. Set PAYMENTS_TEST_MODE=on if that is on purpose`,
    });
  }
  if (!testPayments && c.PAYMENTS_TEST_MODE === 'on') {
    ctx.addIssue({ code: 'custom', path: ['PAYMENTS_TEST_MODE'], message: 'is on, but STRIPE_SECRET_KEY is a live key (payments would be real): unset one of them' });
  }
}

export const loadCartConfig = (env: NodeJS.ProcessEnv = process.env): CartConfig => loadConfig(CartConfig, env);
