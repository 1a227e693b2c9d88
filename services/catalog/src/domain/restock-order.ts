// Units of an order back on sale (the cart's order.restock: a cancellation, a received return).
// Each unit goes back to the location it was taken from (the order's committed holds). A unit
// returned at its product's grade is one more unit of the same sku; one that came back at another
// grade (an Open Box returned Used) becomes a listing of its own at that grade and price, since a
// product has one grade. Everything happens in one transaction with the claim of the action's key,
// so a redelivered event changes nothing; inventory.updated goes out for every variant touched
// and order.stock-returned for the units back under skus that were sold (the POS write-back).
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { StockReturnedData, Subjects, type OrderRestockData } from '@pl/contracts';
import { withTransaction, writeOutbox, type Logger, type Pool } from '@pl/service-kit';
import { findOrderAllocations } from '../db/order-allocations.repo.js';
import { addOnHand, claimRestock, productFieldsOfSku, recordRestockLines } from '../db/order-restocks.repo.js';
import { insertProduct, insertVariant, lockSkus, lockVariantsBySkus } from '../db/product-write.repo.js';
import type { VariantRef } from '../db/inventory.repo.js';
import { recordInventoryUpdated } from './inventory-events.js';

type Line = { sku: string; locationId: string; qty: number };

/** A regraded unit's sku: the sold sku with a suffix fixed by the action, so a retried transaction makes the same one. */
export function regradedSku(sku: string, orderId: string, key: string, n: number): string {
  const tag = createHash('sha256').update(`${orderId}:${key}:${n}`).digest('hex').slice(0, 6).toUpperCase();
  return `${sku.slice(0, 54)}-R${tag}`;
}

export async function restockOrder(pool: Pool, logger: Logger, data: OrderRestockData): Promise<'restocked' | 'duplicate'> {
  return withTransaction(pool, async (client) => {
    if (!(await claimRestock(client, data.orderId, data.key))) return 'duplicate';
    const skus = [...new Set(data.units.map((u) => u.sku))];
    await lockSkus(client, skus);
    const variants = new Map((await lockVariantsBySkus(client, skus)).map((v) => [v.sku, v]));
    // Where the order's units came from, per sku, in the order they were allocated.
    const sources = new Map<string, Line[]>();
    for (const a of await findOrderAllocations(client, data.orderId)) sources.set(a.sku, [...(sources.get(a.sku) ?? []), { ...a }]);

    const back: Line[] = [];
    const touched = new Map<string, VariantRef>();
    let regraded = 0;
    for (const unit of data.units) {
      const variant = variants.get(unit.sku);
      let left = unit.qty;
      for (const source of sources.get(unit.sku) ?? []) {
        const qty = Math.min(left, source.qty);
        if (qty === 0) continue;
        source.qty -= qty;
        left -= qty;
        if (!unit.grade) {
          await addOnHand(client, variant!.id, source.locationId, qty);
          touched.set(variant!.id, variant!);
          back.push({ sku: unit.sku, locationId: source.locationId, qty });
        } else {
          const listing = await regradedListing(client, unit.sku, { grade: unit.grade, priceCents: unit.priceCents }, regradedSku(unit.sku, data.orderId, data.key, regraded++));
          await addOnHand(client, listing.id, source.locationId, qty);
          touched.set(listing.id, listing);
        }
        if (left === 0) break;
      }
      if (left > 0) logger.warn({ orderId: data.orderId, sku: unit.sku, missing: left }, 'restock: more units than the order took of this sku; the rest ignored');
    }
    for (const variant of touched.values()) await recordInventoryUpdated(client, variant);
    const lines = merge(back);
    await recordRestockLines(client, data.orderId, data.key, lines);
    // Units of an order that never became a sale were never written back to the POS: nothing to undo there.
    if (lines.length > 0 && data.reason !== 'unsold') {
      const event = StockReturnedData.parse({ orderId: data.orderId, key: data.key, reason: data.reason, lines });
      await writeOutbox(client, { subject: Subjects.stockReturned(data.orderId), type: 'order.stock-returned', data: event });
    }
    logger.info({ orderId: data.orderId, key: data.key, lines, regraded }, 'order units back on sale');
    return 'restocked';
  });
}

/** The listing of one regraded unit: the sold product's facts at the new grade, a one-of-a-kind item. */
async function regradedListing(client: pg.PoolClient, soldSku: string, unit: { grade: string; priceCents?: number }, sku: string): Promise<VariantRef> {
  const fields = await productFieldsOfSku(client, soldSku);
  if (!fields) throw new Error(`restock: sku ${soldSku} is gone from the catalog`);
  const { compareAtCents, ...product } = fields;
  const productId = await insertProduct(client, {
    ...product,
    conditionGrade: unit.grade,
    conditionNotes: `Returned and inspected again: now ${unit.grade.replace(/_/g, ' ').toLowerCase()}.`,
    oneOfAKind: true,
  });
  return insertVariant(client, productId, { sku, priceCents: unit.priceCents ?? 0, compareAtCents });
}

/** One line per sku and location. */
function merge(lines: Line[]): Line[] {
  const byKey = new Map<string, Line>();
  for (const l of lines) {
    const key = `${l.sku}@${l.locationId}`;
    const entry = byKey.get(key) ?? { ...l, qty: 0 };
    entry.qty += l.qty;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
