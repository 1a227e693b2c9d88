// The merged admin audit log (decision 051): every service's audit.recorded events, stored once by
// event id, read newest first with filters and keyset paging. Nothing here edits or deletes.
import { AuditRecordedData, type AuditPage, type AuditQuery, type EventEnvelope } from '@pl/contracts';
import { badRequest, type Queryable } from '@pl/service-kit';
import { insertAuditEntry, listAuditEntries, type AuditPosition } from '../db/audit-log.repo.js';

/** Stores an audit.recorded event; false for a redelivery or an event that is not one (logged by the caller). */
export async function storeAuditEvent(db: Queryable, envelope: EventEnvelope): Promise<'stored' | 'repeat' | 'malformed'> {
  const data = AuditRecordedData.safeParse(envelope.data);
  if (!data.success) return 'malformed';
  return (await insertAuditEntry(db, { ...data.data, id: envelope.id, occurredAt: envelope.occurredAt })) ? 'stored' : 'repeat';
}

const encodeCursor = (at: AuditPosition) => Buffer.from(`${at.occurredAt}|${at.id}`).toString('base64url');

function decodeCursor(cursor: string): AuditPosition {
  const [occurredAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (rest.length > 0 || !occurredAt || !id || Number.isNaN(Date.parse(occurredAt)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw badRequest('cursor is not one this log gave: start from the first page');
  }
  return { occurredAt, id };
}

const DAY_MS = 86_400_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** One page of the log. A day in `to` includes that whole day (UTC); an instant is exact. */
export async function auditPage(db: Queryable, query: AuditQuery): Promise<AuditPage> {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const toBefore = query.to === undefined ? undefined : new Date(new Date(query.to).getTime() + (isDay(query.to) ? DAY_MS : 1));
  if (from && toBefore && from >= toBefore) throw badRequest('from must be before to');
  const rows = await listAuditEntries(db, {
    actor: query.actor,
    action: query.action,
    targetType: query.targetType,
    from,
    toBefore,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    limit: query.limit,
  });
  const entries = rows.slice(0, query.limit);
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}
