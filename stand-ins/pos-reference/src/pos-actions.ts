// What changes the POS: counts, adjustments and product edits. The HTTP routes and the test
// handle (startReferencePos) both come through here, so each change sends its webhook the same way.
import { randomBytes } from 'node:crypto';
import { PosError } from './errors.js';
import { fingerprint, type IdempotencyStore } from './store/idempotency-store.js';
import type { CatalogStore, ProductRecord, SkuMatch } from './store/catalog-store.js';
import type { EventType } from './store/webhook-subscriptions.js';
import { money, toWireProduct, type Money, type Product } from './wire.js';
import { AdjustmentBody, BatchCreateBody, CountBody, parseInput, PriceBatchBody, ProductPatch } from './routes/schemas.js';
import { productIdFor, variantIdFor } from './seed/seed-catalog.js';

export interface Count {
  sku: string;
  location_id: string;
  quantity: number;
  version: number;
}

export interface Adjustment {
  id: string;
  reason: AdjustmentBody['reason'];
  reference: string | null;
  created_at: string;
  changes: Array<{ sku: string; location_id: string; delta: number; quantity: number; version: number }>;
}

export interface AdjustmentResult {
  response: { adjustment: Adjustment };
  replayed: boolean;
}

export interface BatchCreateResult {
  response: { products: Product[] };
  replayed: boolean;
}

/** One item's outcome in a price batch: its new price, or why it has none (the other items still apply). */
export type PriceResult =
  | { sku: string; status: 'updated'; product_id: string; price: Money }
  | { sku: string; status: 'not_found'; error: { code: 'not_found'; message: string } };

export interface PriceBatchResult {
  response: { prices: PriceResult[] };
  replayed: boolean;
}

/** A price batch as the POS received it (for tests: how many calls, of which skus, which were replays). */
export interface PriceBatchCall {
  idempotencyKey: string;
  skus: string[];
  replayed: boolean;
}

export interface PosActionsDeps {
  store: CatalogStore;
  idempotency: IdempotencyStore;
  publish: (type: EventType, data: unknown) => void;
}

export type PosActions = ReturnType<typeof createPosActions>;

export function createPosActions({ store, idempotency, publish }: PosActionsDeps) {
  let adjustmentsApplied = 0;
  const priceBatches: PriceBatchCall[] = [];

  const locate = (sku: string, locationId: string): SkuMatch => {
    const match = store.findSku(sku);
    if (!match) throw new PosError('not_found', `Unknown sku ${sku}`);
    if (!store.hasLocation(locationId)) throw new PosError('not_found', `Unknown location ${locationId}`);
    return match;
  };

  const countUpdated = (match: SkuMatch, locationId: string, quantity: number, version: number): void =>
    publish('inventory.count.updated', { sku: match.variant.sku, location_id: locationId, quantity, version, product_id: match.product.id });

  return {
    /** A physical count: sets the quantity at a location. */
    setCount(input: unknown): Count {
      const body = parseInput(CountBody, input, 'count');
      const match = locate(body.sku, body.location_id);
      const record = store.setQuantity(match, body.location_id, body.quantity);
      countUpdated(match, body.location_id, record.quantity, record.version);
      return { sku: body.sku, location_id: body.location_id, quantity: record.quantity, version: record.version };
    },

    /**
     * Relative changes under an idempotency key: all or none apply; the same key and body again
     * answers the first response and applies nothing; the same key with another body is a conflict.
     */
    adjust(idempotencyKey: string, input: unknown): AdjustmentResult {
      const print = fingerprint(input);
      const seen = idempotency.get(idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== print) throw new PosError('idempotency_conflict', 'This Idempotency-Key was used with another request body');
        return { response: seen.response as AdjustmentResult['response'], replayed: true };
      }
      const body = parseInput(AdjustmentBody, input, 'adjustment');
      const matches = body.changes.map((change) => locate(change.sku, change.location_id));

      const touched = new Set<ProductRecord>();
      const changes = body.changes.map((change, i) => {
        const match = matches[i] as SkuMatch;
        const record = store.adjustQuantity(match.variant, change.location_id, change.delta);
        touched.add(match.product);
        return { sku: change.sku, location_id: change.location_id, delta: change.delta, quantity: record.quantity, version: record.version };
      });
      for (const product of touched) store.touch(product);
      const adjustment: Adjustment = {
        id: `adj_${randomBytes(12).toString('hex')}`,
        reason: body.reason,
        reference: body.reference ?? null,
        created_at: new Date().toISOString(),
        changes,
      };
      const response = { adjustment };
      idempotency.remember(idempotencyKey, print, response);
      adjustmentsApplied += 1;
      changes.forEach((change, i) => countUpdated(matches[i] as SkuMatch, change.location_id, change.quantity, change.version));
      return { response, replayed: false };
    },

    /**
     * Creates items (Square's BatchUpsertCatalogObjects, Lightspeed's item create): each a product
     * with one variant and its first count at one location. All or none: an sku the POS already has
     * refuses the whole request (409 sku_exists, naming them), as does an unknown location (404).
     * Under an idempotency key like adjustments (its own keys: the same key on both is two requests).
     */
    createProducts(idempotencyKey: string, input: unknown): BatchCreateResult {
      const print = fingerprint(input);
      const key = `products:${idempotencyKey}`;
      const seen = idempotency.get(key);
      if (seen) {
        if (seen.fingerprint !== print) throw new PosError('idempotency_conflict', 'This Idempotency-Key was used with another request body');
        return { response: seen.response as BatchCreateResult['response'], replayed: true };
      }
      const body = parseInput(BatchCreateBody, input, 'batch');
      const taken = body.items.filter((item) => store.findSku(item.sku) !== undefined).map((item) => item.sku);
      if (taken.length > 0) {
        const named = taken.slice(0, 10).join(', ') + (taken.length > 10 ? ` and ${taken.length - 10} more` : '');
        throw new PosError('sku_exists', `The POS already has ${taken.length === 1 ? 'sku' : 'skus'} ${named}; nothing was created`);
      }
      const location = body.items.find((item) => !store.hasLocation(item.stock.location_id))?.stock.location_id;
      if (location !== undefined) throw new PosError('not_found', `Unknown location ${location}`);

      const now = Date.now();
      const records = body.items.map((item): ProductRecord => {
        const variant = {
          id: variantIdFor(item.sku),
          sku: item.sku,
          name: null,
          priceCents: item.price.amount,
          compareAtCents: item.compare_at_price?.amount ?? null,
          stock: [] as ProductRecord['variants'][number]['stock'],
        };
        const product: ProductRecord = {
          id: productIdFor(item.sku),
          name: item.name,
          brand: item.brand ?? '',
          description: item.description ?? '',
          category: item.category,
          grade: item.condition.grade,
          notes: item.condition.notes ?? '',
          unique: item.unique,
          imageUrl: null,
          createdAt: now,
          updatedAt: now,
          variants: [variant],
        };
        // Every location at the base version, as seeded products have; the count received is one change on it.
        for (const { id } of store.locations) store.stockAt(variant, id);
        store.adjustQuantity(variant, item.stock.location_id, item.stock.quantity);
        store.add(product);
        store.touch(product);
        return product;
      });
      const response = { products: records.map(toWireProduct) };
      idempotency.remember(key, print, response);
      for (const product of response.products) publish('catalog.product.created', { product });
      return { response, replayed: false };
    },

    /**
     * New prices by sku (Square's BatchUpsertCatalogObjects, Lightspeed's item update), e.g. a shop's
     * markdowns. Unlike creating items, each item stands alone: an sku the POS does not have is
     * answered not_found in its place and the others apply. Each product changed sends one
     * catalog.product.updated, as a price changed in the back office does. Under an idempotency key
     * like adjustments (its own keys).
     */
    updatePrices(idempotencyKey: string, input: unknown): PriceBatchResult {
      const print = fingerprint(input);
      const key = `prices:${idempotencyKey}`;
      const seen = idempotency.get(key);
      if (seen) {
        if (seen.fingerprint !== print) throw new PosError('idempotency_conflict', 'This Idempotency-Key was used with another request body');
        const response = seen.response as PriceBatchResult['response'];
        priceBatches.push({ idempotencyKey, skus: response.prices.map((p) => p.sku), replayed: true });
        return { response, replayed: true };
      }
      const body = parseInput(PriceBatchBody, input, 'price batch');
      const touched = new Set<ProductRecord>();
      const prices = body.prices.map(({ sku, amount }): PriceResult => {
        const match = store.findSku(sku);
        if (!match) return { sku, status: 'not_found', error: { code: 'not_found', message: `Unknown sku ${sku}` } };
        match.variant.priceCents = amount;
        touched.add(match.product);
        return { sku, status: 'updated', product_id: match.product.id, price: money(amount) };
      });
      for (const product of touched) store.touch(product);
      const response = { prices };
      idempotency.remember(key, print, response);
      priceBatches.push({ idempotencyKey, skus: prices.map((p) => p.sku), replayed: false });
      for (const product of touched) publish('catalog.product.updated', { product: toWireProduct(product) });
      return { response, replayed: false };
    },

    /** Changes a product's name, description and/or one variant's price. */
    updateProduct(id: string, input: unknown): Product {
      const product = store.get(id);
      if (!product) throw new PosError('not_found', `Unknown product ${id}`);
      const patch = parseInput(ProductPatch, input, 'product change');
      const variant = patch.price && product.variants.find((v) => v.sku === patch.price!.sku);
      if (patch.price && !variant) throw new PosError('not_found', `Product ${id} has no sku ${patch.price.sku}`);
      if (patch.name !== undefined) product.name = patch.name;
      if (patch.description !== undefined) product.description = patch.description;
      if (variant && patch.price) variant.priceCents = patch.price.amount;
      store.touch(product);
      const wire = toWireProduct(product);
      publish('catalog.product.updated', { product: wire });
      return wire;
    },

    adjustmentsApplied: (): number => adjustmentsApplied,
    priceBatches: (): PriceBatchCall[] => priceBatches.map((call) => ({ ...call, skus: [...call.skus] })),
  };
}
