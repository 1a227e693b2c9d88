import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { ApiPaths } from '@pl/contracts';
import { createKickablePass, createServiceApp, type ServiceDeps } from '@pl/service-kit';
import { createCatalogClient } from './clients/catalog-client.js';
import type { CartContext } from './domain/cart-context.js';
import { createRefusalMemo } from './domain/refusal-memo.js';
import { createUniqueItemGate } from './domain/unique-item-gate.js';
import { createOrderLinks } from './domain/order-links.js';
import { sendDueRefunds } from './domain/refunds.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import { createTestCardProvider } from './payments/test-card-provider.js';
import { cartRoutes } from './routes/cart.routes.js';
import { checkoutRoutes } from './routes/checkout.routes.js';
import { adminOrdersRoutes } from './routes/admin-orders.routes.js';
import { internalOrdersRoutes } from './routes/internal-orders.routes.js';
import { mergesRoutes } from './routes/merges.routes.js';
import { ordersRoutes } from './routes/orders.routes.js';
import { paymentWebhookRoutes } from './routes/payment-webhook.routes.js';
import { reportsRoutes } from './routes/reports.routes.js';

export interface CartAppOptions {
  /** One catalog instance's URL, or several (decision 039). */
  catalogUrl: string | readonly string[];
  internalApiToken: string;
  /** ORDER_LINK_SECRET; unset: a random one for this process. */
  orderLinkSecret?: string;
  payments?: PaymentProvider;
  settings?: Partial<CartContext['settings']>;
}

export const DEFAULT_CART_SETTINGS: CartContext['settings'] = { maxUniqueHoldsPerCart: 5, uniqueItemHoldSeconds: 600, paymentHoldSeconds: 900, pickupOverdueDays: 7 };

export function cartContext({ pool, logger }: Pick<ServiceDeps, 'pool' | 'logger'>, options: CartAppOptions): CartContext {
  const ctx: CartContext = {
    pool,
    logger,
    catalog: createCatalogClient({ baseUrl: options.catalogUrl, token: options.internalApiToken }),
    payments: options.payments ?? createTestCardProvider(),
    orderLinks: createOrderLinks(options.orderLinkSecret ?? randomBytes(32).toString('hex')),
    refunds: createKickablePass('refunds', logger, () => sendDueRefunds(ctx)),
    uniqueItems: createUniqueItemGate(),
    refusals: createRefusalMemo(),
    settings: { ...DEFAULT_CART_SETTINGS, ...options.settings },
  };
  return ctx;
}

/** `ctx`: the process's one context when its workers share it (main.ts), else one for this app. */
export function createApp(deps: ServiceDeps, options: CartAppOptions, ctx: CartContext = cartContext(deps, options)): Express {
  return createServiceApp({
    pool: deps.pool,
    logger: deps.logger,
    verifier: deps.verifier,
    // The webhook's signature covers the exact bytes sent: its body must not go through the JSON parser.
    rawBodyRoutes: [ApiPaths.cart.stripeWebhook],
    routes: [cartRoutes(ctx), checkoutRoutes(ctx), ordersRoutes(ctx), adminOrdersRoutes(ctx), reportsRoutes(ctx), paymentWebhookRoutes(ctx)],
    internal: { token: options.internalApiToken, routes: [mergesRoutes(ctx), internalOrdersRoutes(ctx)] },
  });
}
