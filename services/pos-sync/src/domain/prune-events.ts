import { deleteInBatches, type Pool } from '@pl/service-kit';
import { deleteAppliedEvents } from '../db/pos-events.repo.js';
import { deleteDonePrices, deleteEmptyPriceBatches } from '../db/price-writebacks.repo.js';

/** How often pos-sync prunes applied webhook events (and prices sent), and how long it keeps them (the dashboard shows the newest). */
export const EVENT_PRUNE_INTERVAL_MS = 60 * 60_000;
export const APPLIED_EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Deletes applied events older than the retention, in batches; every stock change in the POS is one. */
export function pruneAppliedEvents(pool: Pool, options: { retentionMs?: number; now?: number } = {}): Promise<number> {
  const before = new Date((options.now ?? Date.now()) - (options.retentionMs ?? APPLIED_EVENT_RETENTION_MS));
  return deleteInBatches((limit) => deleteAppliedEvents(pool, before, limit));
}

/**
 * Deletes prices done with (sent, superseded, skipped) and then their emptied batches, recorded
 * longer ago than the retention: a markdown run over 100,000 listings is 100,000 rows. Refused and
 * pending ones stay (the dashboard counts them).
 */
export async function pruneDonePrices(pool: Pool, options: { retentionMs?: number; now?: number } = {}): Promise<number> {
  const before = new Date((options.now ?? Date.now()) - (options.retentionMs ?? APPLIED_EVENT_RETENTION_MS));
  const prices = await deleteInBatches((limit) => deleteDonePrices(pool, before, limit));
  await deleteInBatches((limit) => deleteEmptyPriceBatches(pool, before, limit));
  return prices;
}
