// The reference POS: a stand-in for a vendor's point-of-sale API (see API.md), started in-process
// by tests and by main.ts. It shares no code with the shop on purpose.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createPosApp } from './app.js';
import { createPosActions, type Count, type PriceBatchCall } from './pos-actions.js';
import { createCursorCodec } from './routes/cursor.js';
import { createRateLimiter } from './routes/rate-limiter.js';
import type { ProductPatch } from './routes/schemas.js';
import { seedCatalog, type Seed } from './seed/seed-catalog.js';
import { LOCATIONS } from './seed/seed-product.js';
import { CatalogStore } from './store/catalog-store.js';
import { createClock } from './store/clock.js';
import { IdempotencyStore } from './store/idempotency-store.js';
import { WebhookSubscriptions } from './store/webhook-subscriptions.js';
import { WebhookDispatcher, type Delivery } from './webhooks/webhook-dispatcher.js';
import { toWireProduct, type Product } from './wire.js';

export type { Delivery, WebhookEvent } from './webhooks/webhook-dispatcher.js';
export type { Money, Product, StockLevel, Variant } from './wire.js';
export type { Adjustment, Count, PriceBatchCall, PriceResult } from './pos-actions.js';
export type { Seed } from './seed/seed-catalog.js';
export type { EventType, Subscription } from './store/webhook-subscriptions.js';
export { generateProducts } from './seed/generate-products.js';
export { signatureHeader } from './webhooks/signature.js';

export interface ReferencePosOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  apiKey: string;
  seed?: Seed;
  /** Requests per second per API key, also the burst; 0 turns the limit off. Default 100. */
  rateLimitPerSecond?: number;
  webhookRetryDelaysMs?: number[];
  webhookTimeoutMs?: number;
  log?: (line: string) => void;
}

/** What updateProduct changes (the body of PATCH /v1/products/:id). */
export type ProductChange = ProductPatch;

export interface ReferencePos {
  url: string;
  apiKey: string;
  /** A physical count, exactly as POST /v1/inventory/counts (webhook included). */
  setCount(sku: string, locationId: string, quantity: number): Promise<Count>;
  /** A product edit, exactly as PATCH /v1/products/:id (webhook included). */
  updateProduct(id: string, change: ProductChange): Promise<Product>;
  /** A snapshot of every product in API order (wire shape, a copy). */
  products(): Product[];
  quantity(sku: string, locationId: string): number;
  /** Every webhook delivery attempt so far. */
  readonly deliveries: Delivery[];
  /** How many adjustment requests were applied (replays not counted). */
  adjustmentsApplied(): number;
  /** Every POST /v1/prices/batch answered 200, replays included, oldest first. */
  priceBatches(): PriceBatchCall[];
  /** While down, every /v1 call answers 503 unavailable. */
  setDown(down: boolean): void;
  /** While throttled, every /v1 call answers 429 rate_limited with Retry-After: 1. */
  setThrottled(throttled: boolean): void;
  /** Closes the server and cancels pending webhook retries. */
  stop(): Promise<void>;
}

export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

export async function startReferencePos(options: ReferencePosOptions): Promise<ReferencePos> {
  const log = options.log ?? (() => {});
  const store = new CatalogStore(LOCATIONS, createClock());
  seedCatalog(store, options.seed ?? 'demo');
  const subscriptions = new WebhookSubscriptions();
  const deliveries: Delivery[] = [];
  const dispatcher = new WebhookDispatcher({
    subscriptions,
    deliveries,
    log,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: options.webhookTimeoutMs ?? 5000,
  });
  const actions = createPosActions({ store, idempotency: new IdempotencyStore(), publish: (type, data) => dispatcher.publish(type, data) });
  let down = false;
  let throttled = false;
  const app = createPosApp({
    apiKey: options.apiKey,
    store,
    actions,
    subscriptions,
    rateLimiter: createRateLimiter(options.rateLimitPerSecond ?? 100),
    cursors: createCursorCodec(),
    isDown: () => down,
    isThrottled: () => throttled,
    log,
  });

  const host = options.host ?? '127.0.0.1';
  const server = app.listen(options.port ?? 0, host);
  await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error))]);
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    apiKey: options.apiKey,
    setCount: async (sku, locationId, quantity) => actions.setCount({ sku, location_id: locationId, quantity }),
    updateProduct: async (id, change) => actions.updateProduct(id, change),
    products: () => store.all().map(toWireProduct),
    quantity(sku, locationId) {
      const match = store.findSku(sku);
      if (!match || !store.hasLocation(locationId)) throw new Error(`unknown sku ${sku} or location ${locationId}`);
      return match.variant.stock.find((s) => s.location_id === locationId)?.quantity ?? 0;
    },
    deliveries,
    adjustmentsApplied: actions.adjustmentsApplied,
    priceBatches: actions.priceBatches,
    setDown(value) {
      down = value;
    },
    setThrottled(value) {
      throttled = value;
    },
    async stop() {
      dispatcher.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
