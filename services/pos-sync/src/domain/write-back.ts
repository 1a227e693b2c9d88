// Sales reach the POS exactly once. The order.placed consumer only records the order (once per
// order id, whatever the redeliveries); this pass sends it. The POS de-duplicates by
// Idempotency-Key order-<id> and the body is rebuilt identically every time (the order's committed
// allocations of the skus the POS has, sorted), so a retry after a lost answer, or a second
// instance, applies nothing twice. The POS forgets keys after 24 hours: a sale it has not
// confirmed by then is handed to the admin rather than risked twice.
// Only skus the POS has go (it refuses a whole adjustment over one it does not know, and a shop
// sells products of its own too); an order of shop products only is done without the POS.
// Units an order gives back (a cancellation, a received return) go the same way as a 'return'
// adjustment keyed return-<order id>:<action key>, from the catalog's order.stock-returned event;
// the units a manifest brought go beside them (manifest-to-pos.ts), and so do the prices the shop
// set, in batches gathered at the start of every pass (price-to-pos.ts).
import type { OrderAllocations } from '@pl/contracts';
import { withTransaction } from '@pl/service-kit';
import {
  claimDueWritebacks,
  knownPosSkus,
  markWritebackFailed,
  markWritebackSent,
  markWritebackSkipped,
  noteSaleUnits,
  noteWritebackAttempt,
  scheduleWritebackRetry,
  type DueWriteback,
  type WritebackLine,
} from '../db/writebacks.repo.js';
import { lockStock } from '../db/stock-versions.repo.js';
import { applyPosCounts, type PosCount } from './apply-pos-counts.js';
import { sendManifestBatch } from './manifest-to-pos.js';
import { gatherPriceBatches, sendPriceBatch } from './price-to-pos.js';
import { adjustments, WritebackNotes, type SaleAdjustment } from './pos-adjustments.js';
import { requirePosSettings, type PosSettings } from './pos-settings.js';
import { isPermanent, messageOf, retryDelayMs, type PosSyncContext } from './pos-sync-context.js';
import { ABANDONED_RUN_MS } from './sync-status.js';

const BATCH = 10;
const LEASE_MS = 5 * 60_000;
/** The POS remembers Idempotency-Keys for 24 hours (API.md); an hour is left for clocks and a slow last try. */
export const RETRY_WINDOW_MS = 23 * 60 * 60_000;

/**
 * The POS adjustments for an order's sale: one change per sku and location (delta minus the units
 * taken), in a stable order; more than 100 changes go as numbered parts, each with its own key.
 */
export function saleAdjustments(allocations: OrderAllocations): SaleAdjustment[] {
  return adjustments(`order-${allocations.orderId}`, 'sale', allocations.orderId, allocations.lines);
}

/** The POS adjustments for units an order gave back (`lines` in units taken: negative), keyed by the give-back. */
export function returnAdjustments(writebackKey: string, orderId: string, lines: WritebackLine[]): SaleAdjustment[] {
  return adjustments(`return-${writebackKey}`, 'return', orderId, lines);
}

/** Sends every due write-back; answers how many were handled. */
export async function sendDueWritebacks(ctx: PosSyncContext): Promise<number> {
  let handled = 0;
  for (;;) {
    await gatherPriceBatches(ctx);
    const due = await claimDueWritebacks(ctx.pool, BATCH, LEASE_MS, RETRY_WINDOW_MS);
    for (const writeback of due) {
      await sendWriteback(ctx, writeback);
      handled++;
    }
    if (due.length < BATCH) return handled;
  }
}

async function sendWriteback(ctx: PosSyncContext, due: DueWriteback): Promise<void> {
  const { orderId, attempts, retryWindowClosed } = due;
  if (retryWindowClosed) {
    ctx.logger.error({ orderId, kind: due.kind, attempts }, 'the POS did not confirm a write-back within 23 hours; it will not be retried');
    await markWritebackFailed(ctx.pool, orderId, WritebackNotes.notConfirmed, { attempted: false });
    return;
  }
  // A sale recorded before its units were kept with it (an older row): kept now, before anything
  // waits, so that counts from the POS leave them out from here on.
  if (due.kind === 'sale' && !due.units && !due.lines) {
    const committed = await ctx.catalog.orderAllocations(orderId).catch(() => undefined);
    if (committed && committed.lines.length > 0) await noteSaleUnits(ctx.pool, orderId, committed.lines);
  }
  // Waits for usable POS settings; saving settings makes it due again at once.
  let settings: PosSettings;
  try {
    settings = await requirePosSettings(ctx);
  } catch (err) {
    await scheduleWritebackRetry(ctx.pool, orderId, { error: messageOf(err), delayMs: ctx.settings.retryMaxMs, attempted: false });
    return;
  }
  try {
    if (due.kind === 'manifest' && due.manifest) {
      await sendManifestBatch(ctx, { ...due, manifest: due.manifest }, settings);
      return;
    }
    if (due.kind === 'price') {
      await sendPriceBatch(ctx, due, settings);
      return;
    }
    // A sale's units are the order's committed allocations; a give-back's came with its event (taken: negative).
    const taken = due.kind === 'sale' ? (await ctx.catalog.orderAllocations(orderId))?.lines : due.units?.map((u) => ({ ...u, qty: -u.qty }));
    if (!taken || taken.length === 0) {
      await markWritebackFailed(ctx.pool, orderId, 'The catalog has no stock committed to this order');
      return;
    }
    // A retry sends what the first attempt sent (the POS takes the same key only with the same body).
    let lines = due.lines;
    if (!lines) {
      const known = await knownPosSkus(ctx.pool, taken.map((l) => l.sku), ABANDONED_RUN_MS);
      // Before a first sync from this POS has filled in its skus, an order of its items must not pass as shop-only.
      if (!known.settled) {
        await scheduleWritebackRetry(ctx.pool, orderId, { error: WritebackNotes.waitingForSync, delayMs: ctx.settings.retryMaxMs, attempted: false });
        return;
      }
      lines = taken.filter((l) => known.skus.has(l.sku));
    }
    if (lines.length === 0) {
      await markWritebackSkipped(ctx.pool, orderId, WritebackNotes.noPosItems);
      ctx.logger.info({ orderId }, 'sale has no POS items; nothing to write back');
      return;
    }
    // Kept before the POS hears of it: until it confirms, counts from the POS are short of these units.
    await noteWritebackAttempt(ctx.pool, orderId, lines);
    const pos = ctx.connect(settings);
    // Under the stock locks of these counts: no webhook count is applied between the POS taking the
    // sale and the sale leaving the pending ones (it would be short of the sale twice, or not at all).
    await withTransaction(ctx.pool, async (client) => {
      await lockStock(client, lines);
      const counts: PosCount[] = [];
      const sent = due.kind === 'sale' ? saleAdjustments({ orderId, lines }) : returnAdjustments(orderId, orderId.split(':')[0]!, lines);
      for (const adjustment of sent) {
        const answer = await pos.adjustInventory(adjustment.idempotencyKey, adjustment.body);
        counts.push(...answer.changes.map((c) => ({ sku: c.sku, locationId: c.location_id, quantity: c.quantity, version: c.version })));
      }
      await markWritebackSent(client, orderId);
      // The POS answered its counts after the sale: applied like any count (if newer than what the
      // shop has), which also settles a count that was applied short of this sale meanwhile.
      await applyPosCounts(ctx, client, counts);
    });
    ctx.logger.info({ orderId, kind: due.kind, shopOnlyLines: taken.length - lines.length }, 'written back to the POS');
  } catch (err) {
    const message = messageOf(err);
    if (isPermanent(err)) {
      ctx.logger.error({ orderId, kind: due.kind, reason: message }, 'the POS or the catalog refused a write-back; it will not be retried');
      await markWritebackFailed(ctx.pool, orderId, message);
      return;
    }
    ctx.logger.warn({ orderId, kind: due.kind, attempts: attempts + 1, reason: message }, 'write-back failed; retrying later');
    await scheduleWritebackRetry(ctx.pool, orderId, { error: message, delayMs: retryDelayMs(ctx.settings, attempts + 1), attempted: true });
  }
}
