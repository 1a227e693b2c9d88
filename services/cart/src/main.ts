// Composition root. runService (service-kit) migrates the schema (outbox first), connects NATS,
// starts the outbox relay and the sign-in merge consumer, serves createApp and shuts down
// gracefully on SIGTERM.
import { fileURLToPath } from 'node:url';
import { runService } from '@pl/service-kit';
import { cartContext, createApp, type CartAppOptions } from './app.js';
import { loadCartConfig } from './config.js';
import { startSignedInConsumer } from './events/signed-in-consumer.js';
import { createPaymentProvider } from './payments/create-payment-provider.js';

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

await runService({
  name: 'cart',
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  workers: [({ pool, logger, nats }) => startSignedInConsumer(cartContext({ pool, logger }, options), nats)],
  createApp: (deps) => createApp(deps, options),
});
