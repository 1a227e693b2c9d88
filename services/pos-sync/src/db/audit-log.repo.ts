import type { AuditEntry, AuditQuery } from '@pl/contracts';
import { containsPattern, prefixPattern, type Queryable } from '@pl/service-kit';

/** Stores one entry of the merged log; false when its id was stored before (a redelivery). */
export async function insertAuditEntry(db: Queryable, entry: AuditEntry): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO audit_log (id, service, occurred_at, actor_subject, actor_name, action, target_type, target_id, target_label, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb) ON CONFLICT (id) DO NOTHING`,
    [
      entry.id,
      entry.service,
      entry.occurredAt,
      entry.actor.subject,
      entry.actor.name,
      entry.action,
      entry.target.type,
      entry.target.id,
      entry.target.label,
      JSON.stringify(entry.before ?? null),
      JSON.stringify(entry.after ?? null),
    ],
  );
  return rowCount === 1;
}

/** Where the previous page ended: its last entry's time and id. */
export interface AuditPosition {
  occurredAt: string;
  id: string;
}

export type AuditFilter = Omit<AuditQuery, 'cursor' | 'limit' | 'from' | 'to'> & { from?: Date; toBefore?: Date; after?: AuditPosition; limit: number };

interface AuditRow {
  id: string;
  service: AuditEntry['service'];
  occurred_at: string;
  actor_subject: string;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The entries matching the filter, newest first, one more than `limit` when there are more (the
 * caller makes the next cursor). Times keep their microseconds as text, so a cursor is exact.
 */
export async function listAuditEntries(db: Queryable, filter: AuditFilter): Promise<AuditEntry[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  if (filter.actor !== undefined) where.push(`(actor_subject = ${param(filter.actor)} OR actor_name ILIKE ${param(containsPattern(filter.actor))})`);
  if (filter.action !== undefined) where.push(`action LIKE ${param(prefixPattern(filter.action))}`);
  if (filter.targetType !== undefined) where.push(`target_type = ${param(filter.targetType)}`);
  if (filter.from) where.push(`occurred_at >= ${param(filter.from)}`);
  if (filter.toBefore) where.push(`occurred_at < ${param(filter.toBefore)}`);
  if (filter.after) where.push(`(occurred_at, id) < (${param(filter.after.occurredAt)}::timestamptz, ${param(filter.after.id)}::uuid)`);
  const { rows } = await db.query<AuditRow>(
    `SELECT id, service, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_at, actor_subject, actor_name,
            action, target_type, target_id, target_label, before, after
       FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY occurred_at DESC, id DESC LIMIT ${param(filter.limit + 1)}`,
    values,
  );
  return rows.map((r) => ({
    id: r.id,
    service: r.service,
    occurredAt: r.occurred_at,
    actor: { subject: r.actor_subject, name: r.actor_name },
    action: r.action,
    target: { type: r.target_type, id: r.target_id, label: r.target_label },
    before: r.before,
    after: r.after,
  }));
}
