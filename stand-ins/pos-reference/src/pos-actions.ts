// What changes the POS: counts, adjustments and product edits. The HTTP routes and the test
// handle (startReferencePos) both come through here, so each change sends its webhook the same way.
import { randomBytes } from 'node:crypto';
import { PosError } from './errors.js';
import { fingerprint, type IdempotencyStore } from './store/idempotency-store.js';
import type { CatalogStore, ProductRecord, SkuMatch } from './store/catalog-store.js';
import type { EventType } from './store/webhook-subscriptions.js';
import { toWireProduct, type Product } from './wire.js';
import { AdjustmentBody, CountBody, parseInput, ProductPatch } from './routes/schemas.js';

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

export interface PosActionsDeps {
  store: CatalogStore;
  idempotency: IdempotencyStore;
  publish: (type: EventType, data: unknown) => void;
}

export type PosActions = ReturnType<typeof createPosActions>;

export function createPosActions({ store, idempotency, publish }: PosActionsDeps) {
  let adjustmentsApplied = 0;

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
  };
}
