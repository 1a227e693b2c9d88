// Prices the shop set (a markdown run, an admin) reach the POS, so the till charges what the site
// shows (decision 057). The price.changed consumer records each change once; the write-back pass
// gathers the pending ones into batches of PRICE_BATCH (a run over 100,000 listings is a few hundred
// calls, not 100,000) and sends each like a sale: a writebacks row, so it inherits the lease, the
// retry with back-off, the 23-hour window and the failure marking. A batch's prices are fixed once
// chosen and sent in sku order under the batch's key, so a retry after a lost answer is a replay at
// the POS, never a second write over a price changed there since. The newest price per sku wins: an
// older one not yet batched is superseded, and a newer one waits while an older one's batch is pending.
// The POS confirms by its own echo: its catalog.product.updated webhook brings the price back through
// the catalog's POS write, which marks the markdown confirmed (keepUnconfirmedMarkdowns).
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@pl/service-kit';
import { assignPriceBatch, markPricesAnswered, nextPriceBatch, pricesOfBatch, supersedeOlderPrices, tryLockPriceBatching } from '../db/price-writebacks.repo.js';
import { markWritebackSent, markWritebackSkipped, noteWritebackAttempt, type DueWriteback } from '../db/writebacks.repo.js';
import { WritebackNotes } from './pos-adjustments.js';
import type { PosSettings } from './pos-settings.js';
import type { PosSyncContext } from './pos-sync-context.js';

/** Prices per POS call (the POS takes up to 500). */
export const PRICE_BATCH = 250;
/** How long a partial batch waits for more prices (a run's events arrive over a few seconds). */
export const PRICE_LINGER_MS = 1000;

/** Price sources that are the shop's own: only these go to the POS (a price from the POS never goes back). */
export const SHOP_PRICE_SOURCES: ReadonlySet<string> = new Set(['markdown', 'admin']);

/** Gathers pending prices into batches (writebacks of kind 'price'); answers how many batches it made. */
export async function gatherPriceBatches(ctx: Pick<PosSyncContext, 'pool' | 'settings'>): Promise<number> {
  return withTransaction(ctx.pool, async (client) => {
    if (!(await tryLockPriceBatching(client))) return 0;
    await supersedeOlderPrices(client);
    let batches = 0;
    for (;;) {
      const changeIds = await nextPriceBatch(client, PRICE_BATCH, ctx.settings.priceLingerMs);
      if (changeIds.length === 0) return batches;
      await assignPriceBatch(client, `prices-${randomUUID()}`, changeIds);
      batches++;
    }
  });
}

/** Sends one batch of prices; a failure is thrown for the write-back pass to retry or mark failed. */
export async function sendPriceBatch(ctx: PosSyncContext, due: DueWriteback, settings: PosSettings): Promise<void> {
  const key = due.orderId;
  const prices = await pricesOfBatch(ctx.pool, key);
  if (prices.length === 0) {
    await markWritebackSkipped(ctx.pool, key, WritebackNotes.noPrices);
    return;
  }
  await noteWritebackAttempt(ctx.pool, key, []);
  const results = await ctx.connect(settings).updatePrices(key, { prices: prices.map((p) => ({ sku: p.sku, amount: p.priceCents })) });
  const unknown = results.filter((r) => r.status === 'not_found').map((r) => r.sku);
  await withTransaction(ctx.pool, async (client) => {
    await markPricesAnswered(client, key, unknown, WritebackNotes.noPosItemForPrice);
    await markWritebackSent(client, key);
  });
  ctx.logger.info({ writeback: key, prices: prices.length, unknownSkus: unknown.length }, 'prices sent to the POS');
}
