/**
 * The outbox table every service has, owned by the kit: runMigrations applies it before the
 * service's own files and records it in schema_migrations under this name, checksum-tracked like
 * them. An insert notifies the channel `outbox_<schema>` when the transaction commits, which
 * wakes the relay at once. Forward-only like any migration: a change is a new kit migration.
 */
export const OUTBOX_MIGRATION = {
  name: '000-service-kit-outbox.sql',
  sql: `-- domain events written in the transaction that made the change (see outbox.ts)
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY, -- publish order: insertion order, also within one transaction
  subject text NOT NULL,
  type text NOT NULL,
  version int NOT NULL CHECK (version > 0),
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL,
  published_at timestamptz NULL
);
CREATE INDEX outbox_unpublished_idx ON outbox (seq) WHERE published_at IS NULL;
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END
$$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
`,
} as const;

/**
 * The trace an event was written in (decision 040): the W3C carrier `{traceparent, tracestate}` of
 * the span active when the row was written, null outside a trace or with tracing off. The relay
 * sends it as NATS headers. Nullable, so instances of the previous build keep writing rows.
 */
// Named to sort after the outbox's own, so schema_migrations read by name lists them as applied.
export const OUTBOX_TRACE_CONTEXT_MIGRATION = {
  name: '000-service-kit-trace-context.sql',
  sql: `-- the W3C trace context of the request that wrote the event (see outbox.ts)
ALTER TABLE outbox ADD COLUMN trace_context jsonb NULL;
`,
} as const;

/**
 * The admin audit trail every service keeps (decision 051, audit.ts): appended in the transaction of
 * the change, announced through the outbox, and never changed. The database refuses UPDATE, DELETE
 * and TRUNCATE, so no code path (a route, a clean-up, a mistaken migration) can rewrite history.
 */
// 'trail' sorts after 'trace-context', keeping schema_migrations read by name in applied order.
export const ADMIN_AUDIT_MIGRATION = {
  name: '000-service-kit-trail-admin-audit.sql',
  sql: `-- what admins did here: who, when, what, to what, before and after (see audit.ts)
CREATE TABLE admin_audit (
  id uuid PRIMARY KEY, -- also the id of the audit.recorded event announcing it
  seq bigint GENERATED ALWAYS AS IDENTITY,
  occurred_at timestamptz NOT NULL,
  actor_subject text NOT NULL,
  actor_name text NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  target_label text NULL,
  before jsonb NULL,
  after jsonb NULL
);
CREATE FUNCTION admin_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON admin_audit FOR EACH ROW EXECUTE FUNCTION admin_audit_refuse_change();
CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_refuse_change();
`,
} as const;

/** The kit's migrations, in the order runMigrations applies them before a service's own. */
export const KIT_MIGRATIONS = [OUTBOX_MIGRATION, OUTBOX_TRACE_CONTEXT_MIGRATION, ADMIN_AUDIT_MIGRATION] as const;
