// The admin audit trail (issue 30, decision 051). A service records what an admin did in the same
// transaction as the change: a row in its own append-only admin_audit table (the kit's migration)
// and an audit.recorded.<service> event in its outbox, so the entry exists if and only if the
// change committed. pos-sync keeps the merged log the admin remote shows.
import type pg from 'pg';
import { AuditRecordedData, Subjects, type AuditActor, type AuditTarget, type Principal, type ServiceName } from '@pl/contracts';
import { unauthorized } from './errors.js';
import { writeOutbox } from './outbox.js';
import { prepared } from './prepared.js';

export interface AdminActionEntry {
  /** The service recording it (the event's subject ends with it). */
  service: ServiceName;
  actor: AuditActor;
  /** `<thing>.<past-tense verb>`, e.g. 'inspection.saved', 'pos-settings.saved', 'order.cancelled'. */
  action: string;
  target: { type: string; id: string; label?: string | null };
  /** The thing before the change (omit or null when there was none); secrets are redacted whatever is passed. */
  before?: unknown;
  after?: unknown;
}

/** The admin acting in this request: the subject and name the gateway signed. A 401 for anyone not signed in. */
export function auditActor(principal: Principal | undefined): AuditActor {
  if (principal?.kind !== 'customer') throw unauthorized();
  return { subject: principal.subject, name: principal.name ?? null };
}

/** Keys whose values never enter the trail, at any depth: API keys, webhook secrets, passwords, tokens, sealed values. */
const SECRET_KEY = /(api[-_]?key|secret|password|passwd|token|sealed|webhook[-_]?key|private[-_]?key|authorization)/i;
export const REDACTED = '[redacted]';

/** A JSON copy of `value` with every secret-named field's value replaced by REDACTED. */
export function redactSecrets(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value), (key, v: unknown) => (key !== '' && SECRET_KEY.test(key) && v !== null ? REDACTED : v));
}

const MAX_LABEL = 300;

/**
 * Appends the entry to admin_audit and its audit.recorded event to the outbox, inside the caller's
 * transaction (`client` must be in one that also makes the change). Answers the entry as the
 * merged log will show it.
 */
export async function recordAdminAction(client: pg.PoolClient, entry: AdminActionEntry): Promise<AuditRecordedData & { id: string; occurredAt: string }> {
  const target: AuditTarget = { type: entry.target.type, id: entry.target.id, label: entry.target.label?.slice(0, MAX_LABEL) ?? null };
  // Parsed, not cast: a malformed action or target is a bug to see here, not a poison message later.
  const data = AuditRecordedData.parse({ service: entry.service, actor: entry.actor, action: entry.action, target, before: redactSecrets(entry.before), after: redactSecrets(entry.after) });
  const envelope = await writeOutbox(client, { subject: Subjects.auditRecorded(entry.service), type: 'audit.recorded', data });
  // The event's id and time are the entry's: the merged log stores it once by that id.
  await client.query(
    prepared(
      `INSERT INTO admin_audit (id, occurred_at, actor_subject, actor_name, action, target_type, target_id, target_label, before, after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)`,
      [envelope.id, envelope.occurredAt, data.actor.subject, data.actor.name, data.action, target.type, target.id, target.label, JSON.stringify(data.before), JSON.stringify(data.after)],
    ),
  );
  return { ...data, id: envelope.id, occurredAt: envelope.occurredAt };
}
