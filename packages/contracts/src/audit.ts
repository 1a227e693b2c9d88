// The admin audit log (issue 30): every service records its admin actions in its own append-only
// table and announces each on `audit.recorded.<service>`; pos-sync keeps the merged, queryable log
// that the admin remote shows (decision 051).
import type { ServiceName } from './http.js';
import { oneLineText } from './text.js';
import { z } from './zod-config.js';

/** Who did it: the admin's subject (customer id) and the name they were signed in under (null when the token carried none). */
export const AuditActor = z.object({ subject: z.string().min(1).max(200), name: z.string().max(200).nullable() });
export type AuditActor = z.infer<typeof AuditActor>;

/** What it was done to: a type ('product', 'pos-settings', 'order'), its id and a label a person recognises. */
export const AuditTarget = z.object({ type: z.string().min(1).max(60), id: z.string().min(1).max(200), label: z.string().max(300).nullable() });
export type AuditTarget = z.infer<typeof AuditTarget>;

/** Actions are `<thing>.<past-tense verb>`: 'inspection.saved', 'photo.added', 'order.cancelled'. */
export const AuditAction = z.string().regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/, 'an action like inspection.saved');

/** audit.recorded.<service> data; the envelope's id is the entry's id, its occurredAt the entry's time. */
export const AuditRecordedData = z.object({
  service: z.enum(['catalog', 'cart', 'identity', 'pos-sync'] satisfies [ServiceName, ...ServiceName[]]),
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
  /** The thing before and after the change, as JSON (secrets redacted); null where there is no before (a new photo) or after (a deletion). */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditRecordedData = z.infer<typeof AuditRecordedData>;

/** One entry of the merged log, as GET /api/admin/audit answers it. */
export const AuditEntry = AuditRecordedData.extend({ id: z.string(), occurredAt: z.string() });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_PAGE_SIZE = 50;

/**
 * GET /api/admin/audit: newest first. `actor` is an admin's subject or part of their name; `action` an
 * action or its prefix ('photo.' or 'photo'); `targetType` exact; `from`/`to` days (YYYY-MM-DD, UTC,
 * both included) or instants; `cursor` the previous page's `nextCursor`.
 */
export const AuditQuery = z.strictObject({
  actor: oneLineText(200, { trim: true }).optional(),
  action: z.string().trim().regex(/^[a-z][a-z0-9.-]{0,99}$/, 'an action or its start, like photo. or order.cancelled').optional(),
  targetType: z.string().trim().regex(/^[a-z][a-z0-9-]{0,59}$/, 'a target type like product or order').optional(),
  from: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  to: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  cursor: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'not a cursor from this log').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({ entries: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
