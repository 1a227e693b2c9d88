import { deleteInBatches, type Pool } from '@pl/service-kit';
import { deleteAppliedEvents } from '../db/pos-events.repo.js';

/** How often pos-sync prunes applied webhook events, and how long it keeps them (the dashboard shows the newest). */
export const EVENT_PRUNE_INTERVAL_MS = 60 * 60_000;
export const APPLIED_EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Deletes applied events older than the retention, in batches; every stock change in the POS is one. */
export function pruneAppliedEvents(pool: Pool, options: { retentionMs?: number; now?: number } = {}): Promise<number> {
  const before = new Date((options.now ?? Date.now()) - (options.retentionMs ?? APPLIED_EVENT_RETENTION_MS));
  return deleteInBatches((limit) => deleteAppliedEvents(pool, before, limit));
}
