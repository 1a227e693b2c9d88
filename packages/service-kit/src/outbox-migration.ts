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

/** The kit's migrations, in the order runMigrations applies them before a service's own. */
export const KIT_MIGRATIONS = [OUTBOX_MIGRATION, OUTBOX_TRACE_CONTEXT_MIGRATION] as const;
