import type { RefundStatus } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';

export interface RefundRecord {
  id: string;
  orderId: string;
  reason: 'cancellation' | 'return';
  amountCents: number;
  status: RefundStatus;
  providerRefundId: string | null;
  lastError: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

const COLUMNS = `id, order_id AS "orderId", reason, amount_cents AS "amountCents", status, provider_refund_id AS "providerRefundId",
  last_error AS "lastError", created_at AS "createdAt", settled_at AS "settledAt"`;

export async function insertRefund(db: Queryable, refund: Pick<RefundRecord, 'orderId' | 'reason' | 'amountCents'>): Promise<RefundRecord> {
  const { rows } = await db.query<RefundRecord>(`INSERT INTO refunds (order_id, reason, amount_cents) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`, [
    refund.orderId,
    refund.reason,
    refund.amountCents,
  ]);
  return rows[0]!;
}

export async function findRefunds(db: Queryable, orderId: string): Promise<RefundRecord[]> {
  return (await db.query<RefundRecord>(`SELECT ${COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY created_at, id`, [orderId])).rows;
}

/** What has been (or is being) given back of an order: failed refunds gave nothing. */
export async function refundedCents(db: Queryable, orderId: string): Promise<number> {
  const { rows } = await db.query<{ cents: number }>(`SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM refunds WHERE order_id = $1 AND status <> 'failed'`, [orderId]);
  return rows[0]!.cents;
}

export interface DueRefund {
  id: string;
  orderId: string;
  amountCents: number;
  attempts: number;
  providerPaymentId: string | null;
}

/** Claims refunds the provider has not been asked for yet, leased for `leaseMs` (one sender per refund across instances). */
export async function claimDueRefunds(db: Queryable, limit: number, leaseMs: number): Promise<DueRefund[]> {
  const { rows } = await db.query<DueRefund>(
    `WITH due AS (
       SELECT id FROM refunds WHERE status = 'pending' AND provider_refund_id IS NULL AND next_attempt_at <= now()
        ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE refunds r SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
       FROM due, orders o JOIN payments p ON p.id = o.payment_id
      WHERE r.id = due.id AND o.id = r.order_id
     RETURNING r.id, r.order_id AS "orderId", r.amount_cents AS "amountCents", r.attempts, p.provider_payment_id AS "providerPaymentId"`,
    [limit, leaseMs],
  );
  return rows;
}

/** A refund that has just settled (succeeded or failed), with its order's number and owner for the announcement. */
export interface SettledRefund {
  refundId: string;
  orderId: string;
  number: string;
  subject: string;
  status: 'succeeded' | 'failed';
}

// Runs an UPDATE of refunds (`update`) and answers the rows it changed with their order's number
// and owner: only those it settled, or (`pendingToo`) every one.
const settledBy = (update: string, { pendingToo = false } = {}) => `WITH r AS (${update} RETURNING id, order_id, status)
  SELECT r.id AS "refundId", r.order_id AS "orderId", o.number, o.subject, r.status FROM r JOIN orders o ON o.id = r.order_id${pendingToo ? '' : ` WHERE r.status <> 'pending'`}`;

/** Records the provider's answer; the refund when that answer settled it. */
export async function markRefundSent(db: Queryable, id: string, providerRefundId: string, status: RefundStatus): Promise<SettledRefund | undefined> {
  const { rows } = await db.query<SettledRefund>(
    settledBy(`UPDATE refunds SET provider_refund_id = $2, status = $3, attempts = attempts + 1, last_error = NULL,
            settled_at = CASE WHEN $3 = 'pending' THEN NULL ELSE now() END
      WHERE id = $1`),
    [id, providerRefundId, status],
  );
  return rows[0];
}

export async function markRefundFailed(db: Queryable, id: string, error: string): Promise<SettledRefund | undefined> {
  const { rows } = await db.query<SettledRefund>(settledBy(`UPDATE refunds SET status = 'failed', attempts = attempts + 1, last_error = $2, settled_at = now() WHERE id = $1`), [id, error]);
  return rows[0];
}

export async function scheduleRefundRetry(db: Queryable, id: string, error: string, delayMs: number): Promise<void> {
  await db.query(
    `UPDATE refunds SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000) WHERE id = $1`,
    [id, error, delayMs],
  );
}

/**
 * The provider's word on a refund (its webhook): found by the provider's id, or by ours from the
 * refund's metadata when the webhook outran the answer to the create call. A settled refund only
 * changes again from succeeded to failed (a card network can still return it).
 */
export async function settleRefund(db: Queryable, match: { providerRefundId: string; refundId: string | null }, status: RefundStatus): Promise<{ changed: boolean; settled?: SettledRefund }> {
  const { rows } = await db.query<Omit<SettledRefund, 'status'> & { status: RefundStatus }>(
    settledBy(
      `UPDATE refunds SET status = $3, provider_refund_id = coalesce(provider_refund_id, $1),
            settled_at = CASE WHEN $3 = 'pending' THEN NULL ELSE coalesce(settled_at, now()) END
      WHERE (provider_refund_id = $1 OR (provider_refund_id IS NULL AND id::text = $2))
        AND (status = 'pending' OR (status = 'succeeded' AND $3 = 'failed'))`,
      { pendingToo: true },
    ),
    [match.providerRefundId, match.refundId, status],
  );
  const row = rows[0];
  return { changed: row !== undefined, ...(row && row.status !== 'pending' ? { settled: { ...row, status: row.status } } : {}) };
}
