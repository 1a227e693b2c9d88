import type { SyncStatus } from '@pl/contracts';

export interface SyncRunRecord {
  status: 'running' | 'succeeded' | 'failed';
  startedAt: Date;
  finishedAt: Date | null;
  /** Touched every few seconds by the instance running it. */
  heartbeatAt: Date;
  totalProducts: number;
  error: string | null;
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
    lastError: abandoned ? ABANDONED_RUN_ERROR : failed ? (latest?.error ?? 'Sync failed') : latest?.status === 'succeeded' ? latest.error : null,
  };
}
