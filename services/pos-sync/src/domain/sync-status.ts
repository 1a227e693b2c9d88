import type { SyncRun, SyncStatus } from '@pl/contracts';

export interface SyncRunRecord {
  id: string;
  kind: 'full' | 'incremental';
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
  startedAt: Date;
  finishedAt: Date | null;
  /** Touched every few seconds by the instance running it. */
  heartbeatAt: Date;
  totalProducts: number;
  error: string | null;
  /** Products handled so far, of `expected` when the POS told. */
  processed: number;
  expected: number | null;
  productsCreated: number;
  productsUpdated: number;
  cancelRequested: boolean;
}

/** A running run not touched for this long was cut short: its instance stopped. */
export const ABANDONED_RUN_MS = 60_000;
export const ABANDONED_RUN_ERROR = 'The sync stopped before it finished (its server stopped); start it again';

/**
 * What the dashboard shows: the state of the latest run, with the time and product count of the
 * last successful one (a failed run does not erase when the shop was last in step with the POS).
 * A run whose instance died shows as the error it is, not as syncing forever. A successful latest
 * run's error is a warning (products it could not save): the status stays ready, showing it.
 */
export function toSyncStatus(latest: SyncRunRecord | undefined, lastSucceeded: SyncRunRecord | undefined, now: Date = new Date()): SyncStatus {
  const abandoned = latest?.status === 'running' && now.getTime() - latest.heartbeatAt.getTime() > ABANDONED_RUN_MS;
  const failed = latest?.status === 'failed' || abandoned;
  return {
    status: failed ? 'error' : latest?.status === 'running' ? 'syncing' : 'ready',
    lastSyncAt: lastSucceeded?.finishedAt?.toISOString() ?? null,
    totalProducts: lastSucceeded?.totalProducts ?? 0,
    lastError: abandoned ? ABANDONED_RUN_ERROR : failed ? (latest?.error ?? 'Sync failed') : latest?.status === 'succeeded' || latest?.status === 'cancelled' ? latest.error : null,
  };
}

/**
 * The latest run as the dashboard follows it: a run whose instance died reads as failed. While it
 * runs with a total from the POS, its end is estimated from its pace so far.
 */
export function toSyncRun(run: SyncRunRecord, now: Date = new Date()): SyncRun {
  const abandoned = run.status === 'running' && now.getTime() - run.heartbeatAt.getTime() > ABANDONED_RUN_MS;
  const status = abandoned ? 'failed' : run.status;
  const elapsed = now.getTime() - run.startedAt.getTime();
  // The first batch carries the run's fixed costs (webhook subscription, locations): its pace says
  // little, so there is no estimate before 2 % of the products or 10 s.
  const paced = run.processed > 0 && (run.processed * 50 >= (run.expected ?? Infinity) || elapsed >= 10_000);
  const estimatedEnd =
    status === 'running' && run.expected !== null && paced && run.processed <= run.expected ? run.startedAt.getTime() + (elapsed * run.expected) / run.processed : undefined;
  return {
    id: run.id,
    kind: run.kind,
    status,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    processed: run.processed,
    total: run.expected,
    productsCreated: run.productsCreated,
    productsUpdated: run.productsUpdated,
    estimatedEndAt: estimatedEnd === undefined ? null : new Date(estimatedEnd).toISOString(),
    cancelRequested: run.cancelRequested,
    error: abandoned ? ABANDONED_RUN_ERROR : run.error,
  };
}
