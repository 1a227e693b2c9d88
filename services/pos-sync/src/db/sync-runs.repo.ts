import type { Queryable } from '@pl/service-kit';
import type { SyncRunRecord } from '../domain/sync-status.js';

const COLUMNS = `status, started_at AS "startedAt", finished_at AS "finishedAt", total_products AS "totalProducts", error`;

/** The latest run and the latest successful one (possibly the same). */
export async function latestSyncRuns(db: Queryable): Promise<{ latest?: SyncRunRecord; lastSucceeded?: SyncRunRecord }> {
  const [latest, succeeded] = await Promise.all([
    db.query<SyncRunRecord>(`SELECT ${COLUMNS} FROM sync_runs ORDER BY started_at DESC, id LIMIT 1`),
    db.query<SyncRunRecord>(`SELECT ${COLUMNS} FROM sync_runs WHERE status = 'succeeded' ORDER BY started_at DESC, id LIMIT 1`),
  ]);
  return { latest: latest.rows[0], lastSucceeded: succeeded.rows[0] };
}
