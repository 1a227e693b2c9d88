// The units a supplier's manifest brought reach the POS, so the store's tills can sell them and the
// POS's counts stay the one truth (decision 054). The catalog announces each committed batch of a
// manifest's rows (manifest.received); the consumer records it once, and the write-back pass sends
// it beside sales: new listings as items the POS creates (Idempotency-Key manifest-<id>-<batch>),
// units added to skus the POS has as a 'receive' adjustment (…-receive). Both bodies are rebuilt
// identically from the recorded event (the receive lines as the first attempt chose them), so a
// retry after a lost answer creates and receives nothing twice. The POS's answer is applied like a
// sale's, under the stock locks, so the webhooks it sends next find their versions applied already.
import { decimalToCents, type ManifestReceivedBatch, type ManifestReceivedData } from '@pl/contracts';
import { withTransaction } from '@pl/service-kit';
import type { CreateItemsRequest, NewPosItem, PosProduct } from '../connector/pos-wire.js';
import { lockStock } from '../db/stock-versions.repo.js';
import { knownPosSkus, markWritebackFailed, markWritebackSent, markWritebackSkipped, noteWritebackAttempt, scheduleWritebackRetry, type DueWriteback, type WritebackLine } from '../db/writebacks.repo.js';
import { applyPosCounts, type PosCount } from './apply-pos-counts.js';
import type { PosSettings } from './pos-settings.js';
import type { PosSyncContext } from './pos-sync-context.js';
import { ABANDONED_RUN_MS } from './sync-status.js';
import { adjustments, WritebackNotes } from './pos-adjustments.js';

/** Most items one POS request creates (API.md). */
const MAX_ITEMS = 500;
const NAME_MAX = 255;

export interface CreateItems {
  idempotencyKey: string;
  body: CreateItemsRequest;
}

const reference = (data: ManifestReceivedData) => `manifest ${data.manifestId} batch ${data.batch}`.slice(0, 255);

/** The POS items a batch's new listings become, in parts of at most 500 (the first keyed `key`, then `key-2`, …). */
export function createItemsRequests(key: string, data: ManifestReceivedData): CreateItems[] {
  const items: NewPosItem[] = data.items
    .filter((item) => item.action === 'created')
    .map((item) => ({
      sku: item.sku,
      name: item.title.slice(0, NAME_MAX),
      brand: item.brand,
      description: null,
      category: item.category,
      condition: { grade: item.conditionGrade, notes: item.conditionNotes },
      unique: item.oneOfAKind,
      price: { amount: decimalToCents(item.price), currency: 'USD' },
      compare_at_price: item.compareAtPrice === null ? null : { amount: decimalToCents(item.compareAtPrice), currency: 'USD' },
      stock: { location_id: data.locationId, quantity: item.quantity },
    }));
  const parts: CreateItems[] = [];
  for (let i = 0; i < items.length; i += MAX_ITEMS) {
    const part = i / MAX_ITEMS;
    parts.push({ idempotencyKey: part === 0 ? key : `${key}-${part + 1}`, body: { reference: reference(data), items: items.slice(i, i + MAX_ITEMS) } });
  }
  return parts;
}

/** The units a batch added to listings the shop had, as taken units (negative) at the batch's location. */
export function receivedLines(data: ManifestReceivedData): WritebackLine[] {
  return data.items.filter((item) => item.action === 'added').map((item) => ({ sku: item.sku, locationId: data.locationId, qty: -item.quantity }));
}

/**
 * A recorded batch with its items: as recorded (version 1), or asked of the catalog (version 2: the
 * rows are committed with the event and never change after, so each attempt gets the same items).
 * A string when the catalog answered other items than the event named (asking again changes nothing).
 */
async function itemsOf(ctx: PosSyncContext, recorded: ManifestReceivedData | ManifestReceivedBatch): Promise<ManifestReceivedData | string> {
  if (Array.isArray(recorded.items)) return recorded as ManifestReceivedData;
  const { manifestId, batch, locationId, rows, items: count } = recorded as ManifestReceivedBatch;
  const items = await ctx.catalog.manifestReceived(manifestId, { locationId, after: rows.after, upTo: rows.upTo });
  if (items.length !== count) return WritebackNotes.manifestItemsMissing(items.length, count);
  return { manifestId, batch, locationId, items };
}

/** Sends one recorded manifest batch; a failure is thrown for the write-back pass to retry or mark failed. */
export async function sendManifestBatch(ctx: PosSyncContext, due: DueWriteback & { manifest: ManifestReceivedData | ManifestReceivedBatch }, settings: PosSettings): Promise<void> {
  const { orderId: key } = due;
  const data = await itemsOf(ctx, due.manifest);
  if (typeof data === 'string') {
    ctx.logger.error({ writeback: key, reason: data }, 'a manifest batch is not what its event named; it will not be sent');
    await markWritebackFailed(ctx.pool, key, data, { attempted: false });
    return;
  }
  const creates = createItemsRequests(key, data);
  const createdSkus = new Set(creates.flatMap((c) => c.body.items.map((item) => item.sku)));
  // A retry receives what the first attempt chose (the POS takes the same key only with the same body).
  let lines = due.lines;
  if (!lines) {
    const received = receivedLines(data);
    if (received.length > 0) {
      const known = await knownPosSkus(ctx.pool, received.map((l) => l.sku), ABANDONED_RUN_MS);
      // Before a first sync from this POS, units added to its items must not pass as the shop's own.
      if (!known.settled) {
        await scheduleWritebackRetry(ctx.pool, key, { error: WritebackNotes.waitingForSync, delayMs: ctx.settings.retryMaxMs, attempted: false });
        return;
      }
      lines = received.filter((l) => known.skus.has(l.sku) || createdSkus.has(l.sku));
    } else lines = [];
  }
  if (creates.length === 0 && lines.length === 0) {
    await markWritebackSkipped(ctx.pool, key, WritebackNotes.noPosItemsReceived);
    return;
  }
  await noteWritebackAttempt(ctx.pool, key, lines);
  const pos = ctx.connect(settings);
  const locked = [...[...createdSkus].map((sku) => ({ sku, locationId: data.locationId })), ...lines];
  // Under the stock locks of these counts: the webhooks the POS sends about them (product created,
  // counts updated) wait until its answer is applied, and then find their versions applied already.
  await withTransaction(ctx.pool, async (client) => {
    await lockStock(client, locked);
    const counts: PosCount[] = [];
    for (const create of creates) {
      const products = await pos.createItems(create.idempotencyKey, create.body);
      counts.push(...countsAt(products, data.locationId));
    }
    for (const adjustment of adjustments(`${key}-receive`, 'receive', reference(data), lines)) {
      const answer = await pos.adjustInventory(adjustment.idempotencyKey, adjustment.body);
      counts.push(...answer.changes.map((c) => ({ sku: c.sku, locationId: c.location_id, quantity: c.quantity, version: c.version })));
    }
    await markWritebackSent(client, key);
    await applyPosCounts(ctx, client, counts);
  });
  ctx.logger.info({ writeback: key, created: createdSkus.size, received: lines.length }, 'manifest batch sent to the POS');
}

/** The counts the POS answered for its new items at the batch's location (their other locations start empty). */
function countsAt(products: PosProduct[], locationId: string): PosCount[] {
  return products.flatMap((p) =>
    p.variants.flatMap((v) => v.stock.filter((s) => s.location_id === locationId).map((s) => ({ sku: v.sku, locationId, quantity: s.quantity, version: s.version }))),
  );
}
