import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventEnvelope } from '@pl/contracts';
import { connectClient } from './db.js';
import type { Logger } from './logger.js';
import { JsonText, type NatsConn } from './nats.js';
import { prepared } from './prepared.js';
import { captureTraceContext, carrierOf, contextFrom, inMessageSpan, SpanKind, type TraceCarrier } from './trace-context.js';

export interface OutboxEvent<T> {
  subject: string;
  /** Past tense, e.g. 'inventory.updated'. */
  type: string;
  version?: number;
  data: T;
}

/**
 * Records an event inside the caller's transaction: it is published if and only if the change
 * it announces commits. Returns the envelope exactly as subscribers will receive it. The table
 * comes from the kit's own migration (outbox-migration.ts), which runMigrations applies.
 */
export async function writeOutbox<T>(client: pg.PoolClient, event: OutboxEvent<T>): Promise<EventEnvelope & { data: T }> {
  return (await writeOutboxMany(client, [event]))[0]!;
}

/**
 * Records several events in one statement, in the order given (their publish order), inside the
 * caller's transaction, as writeOutbox does for one. Each row keeps the trace it was written in
 * (none outside a traced request), so its consumers join that trace (decision 040).
 */
export async function writeOutboxMany<T>(client: pg.PoolClient, events: ReadonlyArray<OutboxEvent<T>>): Promise<Array<EventEnvelope & { data: T }>> {
  if (events.length === 0) return [];
  const occurredAt = new Date().toISOString();
  const envelopes = events.map((event) => ({ id: randomUUID(), type: event.type, version: event.version ?? 1, occurredAt, data: event.data }));
  const traceContext = captureTraceContext();
  // WITH ORDINALITY keeps the given order in `seq` (an identity filled in insertion order).
  await client.query(
    prepared(
      `INSERT INTO outbox (id, subject, type, version, payload, occurred_at, trace_context)
     SELECT id, subject, type, version, payload, $6::timestamptz, $7::jsonb
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::jsonb[]) WITH ORDINALITY AS e(id, subject, type, version, payload, n)
      ORDER BY n`,
      [
        envelopes.map((e) => e.id),
        events.map((e) => e.subject),
        envelopes.map((e) => e.type),
        envelopes.map((e) => e.version),
        events.map((e) => JSON.stringify(e.data)),
        occurredAt,
        traceContext ? JSON.stringify(traceContext) : null,
      ],
    ),
  );
  return envelopes;
}

/**
 * Writes one event per row a query answers, with its `subject`, `payload` (jsonb) and order `n`,
 * all of the same type: events made in SQL from many rows (a manifest's batch) without the rows
 * coming to Node. Answers how many it wrote.
 */
export async function writeOutboxRows(client: pg.PoolClient, event: { type: string; version?: number }, rows: { text: string; values: unknown[] }): Promise<number> {
  const traceContext = captureTraceContext();
  const next = rows.values.length;
  const { rowCount } = await client.query(
    `INSERT INTO outbox (id, subject, type, version, payload, occurred_at, trace_context)
     SELECT gen_random_uuid(), e.subject, $${next + 1}::text, $${next + 2}::int, e.payload, now(), $${next + 3}::jsonb
       FROM (${rows.text}) AS e ORDER BY e.n`,
    [...rows.values, event.type, event.version ?? 1, traceContext ? JSON.stringify(traceContext) : null],
  );
  return rowCount ?? 0;
}

export interface OutboxRelayOptions {
  pool: pg.Pool;
  nats: Pick<NatsConn, 'publish'>;
  logger: Logger;
  /** Rows claimed per transaction (default 100). */
  batchSize?: number;
  /**
   * Most payload bytes (as stored) published per transaction, whatever the rows (default 1 MiB; a
   * batch always has its first row). A markdown's events carry a thousand prices each: a hundred
   * of them at once held ~130 MB in the relay's process.
   */
  batchBytes?: number;
  /** Poll interval when no notification arrives (default 1000 ms); also the base of the retry back-off. */
  pollMs?: number;
  /** Longest pause between retries while NATS or PostgreSQL is down (default 30 s). */
  maxBackoffMs?: number;
  /** Published rows older than this are deleted (default 7 days). */
  retentionMs?: number;
}

export interface OutboxRelay {
  /** Publishes everything pending now; resolves with how many rows it published, rejects if publishing failed (the rows stay). */
  flush(): Promise<number>;
  /** Stops polling and listening, waits for a running batch; safe to call twice. */
  stop(): Promise<void>;
}

interface OutboxRow {
  id: string;
  subject: string;
  type: string;
  version: number;
  occurred_at: Date;
  trace_context: TraceCarrier | null;
  /** The payload's size as stored. */
  bytes: number;
}

/** The envelope (as consumers parse it: EventEnvelope) around a payload PostgreSQL gave as JSON text. */
function envelopeText(row: OutboxRow, payload: string): JsonText {
  const head = { id: row.id, type: row.type, version: row.version, occurredAt: row.occurred_at.toISOString() };
  return new JsonText(`${JSON.stringify(head).slice(0, -1)},"data":${payload}}`);
}

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Publishes committed outbox rows to NATS. Rows are claimed with FOR UPDATE SKIP LOCKED so any
 * number of instances can run; each is published with its outbox id as JetStream msgId and then
 * marked. A crash after publishing but before marking republishes the same id, which JetStream
 * drops as a duplicate: nothing is lost and nothing is delivered twice. A row written inside a
 * trace is published inside a PRODUCER span of that trace, whose context travels as the message's
 * `traceparent` / `tracestate` headers.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, nats, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const batchBytes = options.batchBytes ?? 1024 * 1024;
  const pollMs = options.pollMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3600_000;

  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  let queued: Promise<number> | undefined;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let lastPrune = 0;
  let listener: { client: pg.PoolClient; drop(err?: Error): void } | undefined;

  /** One transaction: claim a batch, publish in order, mark what was published. */
  async function publishBatch(): Promise<{ published: number; more: boolean; error?: unknown }> {
    const client = await connectClient(pool);
    try {
      await client.query('BEGIN');
      const { rows: claimed } = await client.query<OutboxRow>(
        prepared(
          `SELECT id, subject, type, version, occurred_at, trace_context, pg_column_size(payload) AS bytes FROM outbox
          WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [batchSize],
        ),
      );
      // The rows up to the byte budget (the rest stay claimed until this commits, and come next),
      // their payloads as JSON text: sent on as they are, never held as objects.
      let size = 0;
      const rows = claimed.filter((row, i) => (size += row.bytes) <= batchBytes || i === 0);
      const payloads = new Map<string, string>();
      if (rows.length > 0) {
        const { rows: texts } = await client.query<{ id: string; payload: string }>(
          prepared(`SELECT id, payload::text AS payload FROM outbox WHERE id = ANY($1::uuid[])`, [rows.map((row) => row.id)]),
        );
        for (const { id, payload } of texts) payloads.set(id, payload);
      }
      // Sent in order without waiting for each ack, the acks awaited together: the server keeps
      // the order they were sent in, and a batch costs about one round trip instead of one per
      // row (a markdown over 100,000 listings queues twice as many events). Marked published: the
      // rows before the first failure; the rest waits for the retry, and any of them the server
      // did take is dropped there as a duplicate of its id.
      const results = await Promise.allSettled(
        rows.map((row) => publishRow(row, envelopeText(row, payloads.get(row.id)!))),
      );
      const failed = results.findIndex((r) => r.status === 'rejected');
      const done = (failed === -1 ? rows : rows.slice(0, failed)).map((row) => row.id);
      const error: unknown = failed === -1 ? undefined : (results[failed] as PromiseRejectedResult).reason;
      if (done.length > 0) await client.query(prepared(`UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])`, [done]));
      await client.query('COMMIT');
      client.release();
      // More may wait: a full claim, or rows left for the next transaction by the byte budget.
      return { published: done.length, more: claimed.length === batchSize || rows.length < claimed.length, error };
    } catch (err) {
      // The connection may be dead (that is how a crash looks from here): never reuse it.
      client.release(err as Error);
      throw err;
    }
  }

  /** Publishes one row, inside its trace when it was written in one. */
  function publishRow(row: OutboxRow, envelope: JsonText): Promise<void> {
    if (!row.trace_context) return nats.publish(row.subject, envelope, row.id);
    const span = {
      name: `publish ${row.type}`,
      kind: SpanKind.PRODUCER,
      parent: contextFrom(row.trace_context),
      attributes: { 'messaging.destination.name': row.subject, 'messaging.message.id': row.id, 'messaging.operation.type': 'send' },
    } as const;
    // The producer span's context, not the row's: consumers become its children. With tracing off
    // the span is a no-op carrying the row's context, which is then passed on unchanged.
    return inMessageSpan(span, (producer) => nats.publish(row.subject, envelope, row.id, carrierOf(producer)));
  }

  async function drainOutbox(): Promise<number> {
    let total = 0;
    for (;;) {
      if (stopped) return total;
      const { published, more, error } = await publishBatch();
      total += published;
      if (error) throw error;
      if (!more) return total;
    }
  }

  async function prune(): Promise<void> {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await pool.query(`DELETE FROM outbox WHERE published_at < now() - make_interval(secs => $1)`, [retentionMs / 1000]);
  }

  function flush(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    // Calls that arrive while a flush runs share one follow-up run, which sees their rows.
    if (queued) return queued;
    const run = chain.then(() => {
      queued = undefined;
      return drainOutbox();
    });
    queued = run;
    chain = run.catch(() => undefined);
    return run;
  }

  async function tick(): Promise<void> {
    timer = undefined;
    try {
      const published = await flush();
      if (failures > 0) logger.info({ published, failures }, 'outbox relay recovered');
      failures = 0;
      await prune().catch((err: unknown) => logger.warn({ err }, 'outbox prune failed'));
    } catch (err) {
      // Log the first failure of a streak, not every retry: an outage must not flood the logs.
      if (failures === 0) logger.warn({ err }, 'outbox relay cannot publish; rows stay in the outbox and will be retried');
      failures++;
    }
    schedule();
  }

  function schedule(): void {
    if (stopped) return;
    const delay = failures === 0 ? pollMs : Math.min(maxBackoffMs, pollMs * 2 ** Math.min(failures, 16));
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  }

  /** LISTEN on a dedicated connection; if it drops, polling covers until it is re-established. */
  async function listen(): Promise<void> {
    if (stopped) return;
    let client: pg.PoolClient | undefined;
    const onNotification = () => {
      if (stopped || failures > 0) return;
      flush().catch(() => undefined); // a failure here is picked up by the next tick
    };
    const onError = (err: Error) => {
      logger.warn({ err }, 'outbox relay lost its LISTEN connection');
      dropListener(err);
      if (!stopped) setTimeout(() => (listening = listen()), pollMs * 5).unref();
    };
    const dropListener = (err?: Error) => {
      if (!client) return;
      client.off('notification', onNotification);
      client.off('error', onError);
      client.release(err);
      if (listener?.client === client) listener = undefined;
      client = undefined;
    };
    try {
      client = await pool.connect();
      client.on('error', onError);
      client.on('notification', onNotification);
      const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
      await client.query(`LISTEN "outbox_${rows[0]?.schema}"`);
      listener = { client, drop: dropListener };
    } catch (err) {
      if (!stopped) logger.warn({ err }, 'outbox relay cannot LISTEN; polling only for now');
      dropListener(err as Error);
      if (!stopped) setTimeout(() => (listening = listen()), pollMs * 5).unref();
    }
  }

  let listening = listen();
  timer = setTimeout(() => void tick(), 0);
  timer.unref();

  return {
    flush,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      await chain;
      await listening;
      const current = listener;
      if (current) {
        await current.client.query('UNLISTEN *').then(
          () => current.drop(),
          (err: Error) => current.drop(err),
        );
      }
    },
  };
}
