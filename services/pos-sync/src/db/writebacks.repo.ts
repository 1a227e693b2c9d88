import type { Queryable } from '@pl/service-kit';

/** Records that an order's sale must reach the POS; false when it was recorded before (a redelivered event). */
export async function recordWriteback(db: Queryable, orderId: string): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO writebacks (order_id) VALUES ($1) ON CONFLICT (order_id) DO NOTHING`, [orderId]);
  return rowCount === 1;
}

export interface DueWriteback {
  orderId: string;
  attempts: number;
}

/** Claims due pending write-backs, oldest first, leased for `leaseMs` (see claimDueEvents). */
export async function claimDueWritebacks(db: Queryable, limit: number, leaseMs: number): Promise<DueWriteback[]> {
  const { rows } = await db.query<DueWriteback>(
    `UPDATE writebacks SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
     WHERE order_id IN (
       SELECT order_id FROM writebacks WHERE status = 'pending' AND next_attempt_at <= now()
       ORDER BY created_at, order_id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING order_id AS "orderId", attempts`,
    [limit, leaseMs],
  );
  return rows;
}

export async function markWritebackSent(db: Queryable, orderId: string): Promise<void> {
  await db.query(`UPDATE writebacks SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE order_id = $1`, [orderId]);
}

/** Gives up: the POS or the catalog refused in a way no retry changes. */
export async function markWritebackFailed(db: Queryable, orderId: string, error: string): Promise<void> {
  await db.query(`UPDATE writebacks SET status = 'failed', attempts = attempts + 1, last_error = $2 WHERE order_id = $1`, [orderId, error]);
}

/** Tries again later; `attempted` is false when nothing was tried (no POS configured yet), so the back-off does not grow. */
export async function scheduleWritebackRetry(db: Queryable, orderId: string, retry: { error: string; delayMs: number; attempted: boolean }): Promise<void> {
  await db.query(
    `UPDATE writebacks SET attempts = attempts + $4::int, last_error = $2, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000)
     WHERE order_id = $1`,
    [orderId, retry.error, retry.delayMs, retry.attempted ? 1 : 0],
  );
}

/** Makes every pending write-back due now (new settings: what waited for a POS can go). */
export async function makePendingWritebacksDue(db: Queryable): Promise<void> {
  await db.query(`UPDATE writebacks SET next_attempt_at = now() WHERE status = 'pending' AND next_attempt_at > now()`);
}
