import type { SyncStatus } from '@pl/contracts';

export interface SyncRunRecord {
  status: 'running' | 'succeeded' | 'failed';
  startedAt: Date;
  finishedAt: Date | null;
  totalProducts: number;
  error: string | null;
}

/**
 * What the dashboard shows: the state of the latest run, with the time and product count of the
 * last successful one (a failed run does not erase when the shop was last in step with the POS).
 */
export function toSyncStatus(latest: SyncRunRecord | undefined, lastSucceeded: SyncRunRecord | undefined): SyncStatus {
  return {
    status: latest?.status === 'running' ? 'syncing' : latest?.status === 'failed' ? 'error' : 'ready',
    lastSyncAt: lastSucceeded?.finishedAt?.toISOString() ?? null,
    totalProducts: lastSucceeded?.totalProducts ?? 0,
    lastError: latest?.status === 'failed' ? (latest.error ?? 'Sync failed') : null,
  };
}
