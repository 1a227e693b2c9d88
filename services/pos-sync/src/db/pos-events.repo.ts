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

/** Done with the event; `note` says why it changed nothing when it could not be applied (and never will). */
export async function markEventApplied(db: Queryable, id: string, note: string | null = null): Promise<void> {
  await db.query(`UPDATE pos_events SET applied_at = now(), last_error = $2 WHERE id = $1`, [id, note]);
}

export async function scheduleEventRetry(db: Queryable, id: string, error: string, delayMs: number): Promise<void> {
  await db.query(
    `UPDATE pos_events SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000) WHERE id = $1`,
    [id, error, delayMs],
  );
}

/**
 * Deletes applied events ingested before `before`, up to `limit`. Safe for de-duplication: a POS
 * redelivers within a minute, and a delivery signed long ago fails the timestamp check anyway.
 */
export async function deleteAppliedEvents(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM pos_events WHERE id IN (SELECT id FROM pos_events WHERE applied_at IS NOT NULL AND ingested_at < $1 LIMIT $2)`,
    [before, limit],
  );
  return rowCount ?? 0;
}
