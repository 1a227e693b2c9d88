import { z } from 'zod';
import { MAX_HOLD_SECONDS, UNIQUE_ITEM_HOLD_SECONDS } from '@pl/contracts';
import { emptyAsUnset, internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig, urlListVar } from '@pl/service-kit';

const optionalSecret = z.preprocess(emptyAsUnset, z.string().min(1).optional());

export const CartConfig = serviceConfig({ port: 5103, schema: 'cart' })
  .extend({
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
    /** Unset: the built-in test-card provider. */
    STRIPE_SECRET_KEY: optionalSecret,
    STRIPE_PUBLISHABLE_KEY: optionalSecret,
    STRIPE_WEBHOOK_SECRET: optionalSecret,
    /** Where Stripe's API is; unset: api.stripe.com. Tests point these at a local fake. */
    STRIPE_API_HOST: optionalSecret,
    STRIPE_API_PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
    STRIPE_API_PROTOCOL: z.preprocess(emptyAsUnset, z.enum(['http', 'https']).optional()),
  })
  .superRefine(requireInternalApiTokenInProduction)
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.ORDER_LINK_SECRET === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ORDER_LINK_SECRET'], message: 'required in production: 32+ random characters (e.g. `openssl rand -hex 32`)' });
    }
  })
  .superRefine((c, ctx) => {
    if (c.STRIPE_SECRET_KEY && (!c.STRIPE_PUBLISHABLE_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required with STRIPE_SECRET_KEY' });
    }
  });
export type CartConfig = z.infer<typeof CartConfig>;

export const loadCartConfig = (env: NodeJS.ProcessEnv = process.env): CartConfig => loadConfig(CartConfig, env);
