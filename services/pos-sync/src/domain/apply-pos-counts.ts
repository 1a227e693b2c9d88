// Single POS counts into the catalog (a webhook's count, the counts a sale's adjustment answered;
// a sync's counts go with their products through upsert-pos-products.ts, by the same rules): "the
// POS has N of this sku here, as of version V" becomes the shop's on-hand. The caller holds the
// stock locks of these counts (lockStock) in `db`'s transaction, so the version check, the pending
// sales and the write are one decision.
import { HoldErrorCodes } from '@pl/contracts';
import type pg from 'pg';
import { CatalogError } from '../clients/catalog-client.js';
import { findStockVersions, recordStockVersions, versionKey, type StockKey } from '../db/stock-versions.repo.js';
import { pendingSoldUnits } from '../db/writebacks.repo.js';
import { shopOnHand } from './map-pos-product.js';
import type { PosSyncContext } from './pos-sync-context.js';

export interface PosCount extends StockKey {
  quantity: number;
  version: number;
}

export type CountOutcome = { applied: true } | { applied: false; note: string } | { applied: false; unknownSku: true };

/** Applies each count newer than the version the shop has; one outcome per count, in order. */
export async function applyPosCounts(ctx: Pick<PosSyncContext, 'catalog'>, db: pg.PoolClient, counts: PosCount[]): Promise<CountOutcome[]> {
  const [applied, pending] = await Promise.all([findStockVersions(db, counts), pendingSoldUnits(db, counts)]);
  const outcomes: CountOutcome[] = [];
  const written: PosCount[] = [];
  for (const count of counts) {
    const key = versionKey(count);
    const current = applied.get(key);
    if (current !== undefined && current >= count.version) {
      outcomes.push({ applied: false, note: `Skipped: version ${count.version} of ${count.sku} at ${count.locationId} is not newer than the applied version ${current}` });
      continue;
    }
    try {
      await ctx.catalog.setStock({ sku: count.sku, locationId: count.locationId, onHand: shopOnHand(count.quantity, pending.get(key) ?? 0) });
    } catch (err) {
      if (err instanceof CatalogError && err.code === HoldErrorCodes.unknownSku) {
        outcomes.push({ applied: false, unknownSku: true });
        continue;
      }
      throw err;
    }
    written.push(count);
    applied.set(key, count.version);
    outcomes.push({ applied: true });
  }
  // One statement for all (a sale's answer can carry a hundred counts); a failure above rolls the
  // caller's transaction back with them.
  await recordStockVersions(db, written);
  return outcomes;
}
