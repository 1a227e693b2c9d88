import { deleteInBatches, withTransaction, type Pool } from '@pl/service-kit';
import { deleteEndedHolds, lockVariantsWithLapsedHolds, markLapsedHoldsExpired } from '../db/holds.repo.js';
import { recordInventoryUpdated } from './inventory-events.js';

/** How often main.ts runs the sweeper. */
export const HOLD_SWEEP_INTERVAL_MS = 2000;
const VARIANTS_PER_BATCH = 100;

/**
 * Records holds whose time is up as expired, one inventory.updated per variant, in the
 * transaction that marks them. Reads stopped counting those holds the moment they lapsed; this
 * is the bookkeeping and the announcement (browsers refresh the item as available again). Safe
 * on any number of instances: each batch takes variants nobody else has locked.
 */
export async function expireLapsedHolds(pool: Pool, options: { maxBatches?: number } = {}): Promise<number> {
  let expiredVariants = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 10); batch++) {
    const { found, expired } = await withTransaction(pool, async (client) => {
      const variants = await lockVariantsWithLapsedHolds(client, VARIANTS_PER_BATCH);
      if (variants.length === 0) return { found: 0, expired: 0 };
      const changed = new Set(await markLapsedHoldsExpired(client, variants.map((v) => v.id)));
      for (const variant of variants) if (changed.has(variant.id)) await recordInventoryUpdated(client, variant);
      return { found: variants.length, expired: changed.size };
    });
    expiredVariants += expired;
    if (found < VARIANTS_PER_BATCH) break;
  }
  return expiredVariants;
}

/** How often main.ts prunes ended holds, and how long an ended hold is kept (for support questions). */
export const HOLD_PRUNE_INTERVAL_MS = 60 * 60_000;
export const ENDED_HOLD_RETENTION_MS = 7 * 24 * 60 * 60_000;

/**
 * Deletes released and expired holds that ended more than `retentionMs` ago, in batches (no long
 * lock on the table). Every add-to-cart makes a hold, so without this the table only grows.
 * Answers how many went.
 */
export function pruneEndedHolds(pool: Pool, options: { retentionMs?: number; now?: number } = {}): Promise<number> {
  const before = new Date((options.now ?? Date.now()) - (options.retentionMs ?? ENDED_HOLD_RETENTION_MS));
  return deleteInBatches((limit) => deleteEndedHolds(pool, before, limit));
}
