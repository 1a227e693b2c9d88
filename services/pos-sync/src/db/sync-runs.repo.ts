import type { Queryable } from '@pl/service-kit';
import type { SyncRunRecord } from '../domain/sync-status.js';

export type SyncKind = 'full' | 'incremental';

const COLUMNS = `id, kind, status, started_at AS "startedAt", finished_at AS "finishedAt", heartbeat_at AS "heartbeatAt", total_products AS "totalProducts", error,
  processed, expected, products_created AS "productsCreated", products_updated AS "productsUpdated", cancel_requested_at IS NOT NULL AS "cancelRequested"`;

/** The latest run and the latest successful one (possibly the same). */
export async function latestSyncRuns(db: Queryable): Promise<{ latest?: SyncRunRecord; lastSucceeded?: SyncRunRecord }> {
  const [latest, succeeded] = await Promise.all([
    db.query<SyncRunRecord>(`SELECT ${COLUMNS} FROM sync_runs ORDER BY started_at DESC, id LIMIT 1`),
    db.query<SyncRunRecord>(`SELECT ${COLUMNS} FROM sync_runs WHERE status = 'succeeded' ORDER BY started_at DESC, id LIMIT 1`),
  ]);
  return { latest: latest.rows[0], lastSucceeded: succeeded.rows[0] };
}

/** Where the last successful run left off: its product total and the newest POS change it saw. */
export async function lastSucceededRun(db: Queryable): Promise<{ totalProducts: number; updatedThrough: Date | null } | undefined> {
  const { rows } = await db.query<{ totalProducts: number; updatedThrough: Date | null }>(
    `SELECT total_products AS "totalProducts", updated_through AS "updatedThrough" FROM sync_runs
     WHERE status = 'succeeded' ORDER BY started_at DESC, id LIMIT 1`,
  );
  return rows[0];
}

/** Marks failed the running runs whose instance stopped touching them (it died mid-run). */
export async function failAbandonedRuns(db: Queryable, staleAfterMs: number, error: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE sync_runs SET status = 'failed', finished_at = now(), error = $2
     WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1::double precision / 1000)`,
    [staleAfterMs, error],
  );
  return rowCount ?? 0;
}

/** Starts a run; undefined when one is already running (anywhere: the partial unique index decides). */
export async function startRun(db: Queryable, kind: SyncKind): Promise<string | undefined> {
  try {
    const { rows } = await db.query<{ id: string }>(`INSERT INTO sync_runs (status, kind) VALUES ('running', $1) RETURNING id`, [kind]);
    return rows[0]!.id;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return undefined;
    throw err;
  }
}

export async function touchRun(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE sync_runs SET heartbeat_at = now() WHERE id = $1 AND status = 'running'`, [id]);
}

/**
 * Records how far a running run is (and touches its heartbeat); answers whether an admin asked to
 * cancel it meanwhile.
 */
export async function recordProgress(
  db: Queryable,
  id: string,
  progress: { processed: number; expected: number | null; productsCreated: number; productsUpdated: number },
): Promise<{ cancelRequested: boolean }> {
  const { rows } = await db.query<{ cancelRequested: boolean }>(
    `UPDATE sync_runs SET processed = $2, expected = $3, products_created = $4, products_updated = $5, heartbeat_at = now()
     WHERE id = $1 RETURNING cancel_requested_at IS NOT NULL AS "cancelRequested"`,
    [id, progress.processed, progress.expected, progress.productsCreated, progress.productsUpdated],
  );
  return { cancelRequested: rows[0]?.cancelRequested ?? false };
}

/** Asks the running run (on whichever instance) to stop; its id, or undefined when none is running. */
export async function requestCancel(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sync_runs SET cancel_requested_at = coalesce(cancel_requested_at, now()) WHERE status = 'running' RETURNING id`,
  );
  return rows[0]?.id;
}

export interface RunOutcome {
  status: 'succeeded' | 'failed' | 'cancelled';
  productsCreated: number;
  productsUpdated: number;
  totalProducts: number;
  updatedThrough: Date | null;
  error: string | null;
}

export async function finishRun(db: Queryable, id: string, outcome: RunOutcome): Promise<void> {
  await db.query(
    `UPDATE sync_runs SET status = $2, finished_at = now(), heartbeat_at = now(), products_created = $3, products_updated = $4,
       total_products = $5, updated_through = $6, error = $7
     WHERE id = $1`,
    [id, outcome.status, outcome.productsCreated, outcome.productsUpdated, outcome.totalProducts, outcome.updatedThrough, outcome.error],
  );
}
