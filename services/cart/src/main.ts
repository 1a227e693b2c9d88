// Composition root. runService (service-kit) migrates the schema (outbox first), connects NATS,
// starts the outbox relay, the sign-in merge consumer and the refund sender, serves createApp and
// shuts down gracefully on SIGTERM.
import { fileURLToPath } from 'node:url';
import { loadEnvFile, runService, startPeriodicWorker, type ServiceDeps } from '@pl/service-kit';
import { cartContext, createApp, type CartAppOptions } from './app.js';
import { loadCartConfig } from './config.js';
import type { CartContext } from './domain/cart-context.js';
import { REFUND_PASS_INTERVAL_MS } from './domain/refunds.js';
import { startInventoryWatch } from './events/inventory-watch.js';
import { startSignedInConsumer } from './events/signed-in-consumer.js';
import { createPaymentProvider } from './payments/create-payment-provider.js';

loadEnvFile();

const config = loadCartConfig();
const options: CartAppOptions = {
  catalogUrl: config.CATALOG_URL,
  internalApiToken: config.INTERNAL_API_TOKEN,
  orderLinkSecret: config.ORDER_LINK_SECRET,
  payments: createPaymentProvider(config),
  settings: {
    maxUniqueHoldsPerCart: config.MAX_UNIQUE_HOLDS_PER_CART,
    uniqueItemHoldSeconds: config.UNIQUE_ITEM_HOLD_SECONDS,
    paymentHoldSeconds: config.PAYMENT_HOLD_SECONDS,
    pickupOverdueDays: config.PICKUP_OVERDUE_DAYS,
  },
};

// One context per process: the refund pass the routes kick is the one the periodic worker runs.
let shared: CartContext | undefined;
const contextOf = (deps: Pick<ServiceDeps, 'pool' | 'logger'>) => (shared ??= cartContext(deps, options));

await runService({
  name: 'cart',
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  workers: [
    (deps) => startSignedInConsumer(contextOf(deps), deps.nats),
    (deps) => startInventoryWatch(contextOf(deps).refusals, deps.nats, deps.logger),
    // Refunds the actions' own kicks left for later (provider down, another instance stopped mid-way).
    (deps) => {
      const ctx = contextOf(deps);
      const { logger } = deps;
      void ctx.refunds.kick();
      const periodic = startPeriodicWorker({ name: 'refunds', intervalMs: REFUND_PASS_INTERVAL_MS, logger, run: () => ctx.refunds.kick() });
      return {
        async stop() {
          await periodic.stop();
          await ctx.refunds.stop();
        },
      };
    },
  ],
  createApp: (deps) => createApp(deps, options, contextOf(deps)),
});
