import type { IngestedEvent } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';

/**
 * The newest ingested POS events first. The row keeps the whole delivery; the payload answered is
 * what the event says (its `data`): id and type are fields of their own, and the dashboard's 50-
 * character preview should show the sku and count, not the event id again.
 */
export async function listRecentEvents(db: Queryable, limit: number): Promise<IngestedEvent[]> {
  const { rows } = await db.query<{ id: string; type: string; payload: unknown; ingested_at: Date }>(
    `SELECT id, type, coalesce(payload->'data', payload) AS payload, ingested_at FROM pos_events ORDER BY ingested_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: r.id, type: r.type, payload: r.payload, ingestedAt: r.ingested_at.toISOString() }));
}

/** Stores a webhook event; false when its id was stored before (a redelivery). */
export async function insertEvent(db: Queryable, event: { id: string; type: string; payload: unknown }): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO pos_events (id, type, payload) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
    event.id,
    event.type,
    JSON.stringify(event.payload),
  ]);
  return rowCount === 1;
}

export interface DueEvent {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
}

/**
 * Claims due, unapplied events, oldest first: each is leased (not due again for `leaseMs`) so no
 * other pass or instance takes it meanwhile; a pass that dies leaves it to be retried after the lease.
 */
export async function claimDueEvents(db: Queryable, limit: number, leaseMs: number): Promise<DueEvent[]> {
  const { rows } = await db.query<DueEvent & { ingested_at: Date }>(
    `UPDATE pos_events SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
     WHERE id IN (
       SELECT id FROM pos_events WHERE applied_at IS NULL AND next_attempt_at <= now()
       ORDER BY ingested_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, type, payload, attempts, ingested_at`,
    [limit, leaseMs],
  );
  return rows.sort((a, b) => a.ingested_at.getTime() - b.ingested_at.getTime() || a.id.localeCompare(b.id)).map(({ ingested_at: _, ...e }) => e);
}

/** Done with the event: applied, or `note` says why it deliberately changed nothing ('skipped'). */
export async function markEventApplied(db: Queryable, id: string, note: string | null = null): Promise<void> {
  await db.query(`UPDATE pos_events SET status = CASE WHEN $2::text IS NULL THEN 'applied' ELSE 'skipped' END, applied_at = now(), last_error = $2 WHERE id = $1`, [
    id,
    note,
  ]);
}

/** The event cannot be applied as it is (`error` says why): closed, and kept in the inbox until an admin retries it. */
export async function markEventFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(`UPDATE pos_events SET status = 'failed', applied_at = now(), last_error = $2 WHERE id = $1`, [id, error]);
}

/** What the inbox shows of an event that did not apply. */
export interface ProblemEventRecord {
  id: string;
  type: string;
  payload: unknown;
  ingestedAt: Date;
  status: 'pending' | 'failed';
  attempts: number;
  error: string;
  /** When it is tried again (pending only). */
  nextAttemptAt: Date | null;
}

/** Events that failed, and events still retried after an error, newest first; with how many there are in all. */
export async function listProblemEvents(db: Queryable, limit: number): Promise<{ events: ProblemEventRecord[]; total: number }> {
  const where = `status = 'failed' OR (status = 'pending' AND last_error IS NOT NULL)`;
  const [list, count] = await Promise.all([
    db.query<ProblemEventRecord>(
      `SELECT id, type, coalesce(payload->'data', payload) AS payload, ingested_at AS "ingestedAt", status, attempts, last_error AS error,
              CASE WHEN status = 'pending' THEN next_attempt_at END AS "nextAttemptAt"
         FROM pos_events WHERE ${where} ORDER BY ingested_at DESC, id DESC LIMIT $1`,
      [limit],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pos_events WHERE ${where}`),
  ]);
  return { events: list.rows, total: count.rows[0]!.n };
}

/** Makes events due again now: failed ones reopened, pending ones no longer waiting out their back-off. Answers how many. */
export async function retryEvents(db: Queryable, which: { id: string } | { all: true }): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE pos_events SET status = 'pending', applied_at = NULL, next_attempt_at = now()
      WHERE (status = 'failed' OR (status = 'pending' AND last_error IS NOT NULL)) AND ($1::text IS NULL OR id = $1)`,
    ['id' in which ? which.id : null],
  );
  return rowCount ?? 0;
}

/**
 * Opens every event ingested at or after `since` to be applied again, whatever became of it. Safe by
 * construction: a count applies only when its version is newer than the shop's, a product event
 * reads the product as the POS has it now, and units sold but not yet confirmed by the POS are left
 * out of every count. Answers how many.
 */
export async function reopenEventsSince(db: Queryable, since: Date): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE pos_events SET status = 'pending', applied_at = NULL, next_attempt_at = now() WHERE ingested_at >= $1 AND status <> 'pending'`,
    [since],
  );
  return rowCount ?? 0;
}

export async function scheduleEventRetry(db: Queryable, id: string, error: string, delayMs: number): Promise<void> {
  await db.query(
    `UPDATE pos_events SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000) WHERE id = $1`,
    [id, error, delayMs],
  );
}

/**
 * Deletes applied and skipped events ingested before `before`, up to `limit` (failed ones stay in the
 * inbox until an admin retries them). Safe for de-duplication: a POS
 * redelivers within a minute, and a delivery signed long ago fails the timestamp check anyway.
 */
export async function deleteAppliedEvents(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM pos_events WHERE id IN (SELECT id FROM pos_events WHERE status IN ('applied', 'skipped') AND ingested_at < $1 LIMIT $2)`,
    [before, limit],
  );
  return rowCount ?? 0;
}
