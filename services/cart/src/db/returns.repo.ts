import type { ReturnedUnit, ReturnReason } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';

export interface ReturnRecord {
  orderId: string;
  lineIndex: number;
  reason: ReturnReason;
  comment: string | null;
  status: 'requested' | 'received';
  refundCents: number;
  requestedAt: Date;
  receivedAt: Date | null;
  units: ReturnedUnit[] | null;
}

const COLUMNS = `order_id AS "orderId", line_index AS "lineIndex", reason, comment, status, refund_cents AS "refundCents",
  requested_at AS "requestedAt", received_at AS "receivedAt", units`;

export async function findReturns(db: Queryable, orderId: string): Promise<ReturnRecord[]> {
  return (await db.query<ReturnRecord>(`SELECT ${COLUMNS} FROM order_returns WHERE order_id = $1 ORDER BY line_index`, [orderId])).rows;
}

export async function insertReturns(db: Queryable, orderId: string, lines: Array<{ index: number; reason: ReturnReason; comment: string | null; refundCents: number }>): Promise<void> {
  await db.query(
    `INSERT INTO order_returns (order_id, line_index, reason, comment, refund_cents)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::int[])`,
    [orderId, lines.map((l) => l.index), lines.map((l) => l.reason), lines.map((l) => l.comment), lines.map((l) => l.refundCents)],
  );
}

export async function markReturnsReceived(db: Queryable, orderId: string, lines: Array<{ index: number; units: ReturnedUnit[] }>): Promise<void> {
  await db.query(
    `UPDATE order_returns r SET status = 'received', received_at = now(), units = l.units
       FROM jsonb_to_recordset($2::jsonb) AS l(index int, units jsonb)
      WHERE r.order_id = $1 AND r.line_index = l.index`,
    [orderId, JSON.stringify(lines)],
  );
}
