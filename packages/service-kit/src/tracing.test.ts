import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import express from 'express';
import type { EventEnvelope } from '@pl/contracts';
import { ConfigError } from './config.js';
import { runMigrations, withTransaction } from './db.js';
import { consumeDurable } from './durable-consumer.js';
import { createLogger } from './logger.js';
import type { NatsConn } from './nats.js';
import { writeOutbox } from './outbox.js';
import type { BackgroundWorker } from './run-service.js';
import { connectTestNats, createTestSchemaPool, createTestStream, listen, spanChain, startTestRelay, startTestTracing, type TestSchemaPool, type TestStream, type TestTracing } from './testing.js';
import { tracingSettings } from './tracing.js';

/** One app, one relay, one consumer over a fresh schema and stream: a request writes an event, the consumer handles it. */
async function startEventFlow(nats: NatsConn, db: TestSchemaPool, stream: TestStream) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ name: 'trace-test', destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
  const handled: EventEnvelope[] = [];
  const app = express();
  app.post('/things', async (_req, res) => {
    await withTransaction(db.pool, (client) => writeOutbox(client, { subject: 'thing.happened', type: 'thing.happened', data: { n: 1 } }));
    logger.info('thing written');
    res.status(201).json({ ok: true });
  });
  const server = await listen(app);
  const relay = startTestRelay(db.pool, nats, stream);
  const subject = `${stream.subjectPrefix}.thing.happened`;
  const consumer: BackgroundWorker = await consumeDurable(nats, {
    stream: stream.name,
    durable: 'trace-test',
    subject,
    logger,
    handler: async (envelope) => {
      logger.info({ eventId: envelope.id }, 'thing handled');
      handled.push(envelope);
    },
  });
  return {
    lines,
    handled,
    subject,
    /** POSTs /things (fetch: no client span, so the app's server span is the trace's root) and waits until the consumer had the event. */
    async writeThroughRequest() {
      const res = await fetch(`${server.url}/things`, { method: 'POST' });
      expect(res.status).toBe(201);
      await relay.flush();
      for (let waited = 0; handled.length === 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      expect(handled).toHaveLength(1);
    },
    async stop() {
      await consumer.stop();
      await relay.stop();
      await server.close();
    },
  };
}

describe('traces', () => {
  let nats: NatsConn;
  let stream: TestStream;
  let db: TestSchemaPool;
  let dir: string;
  beforeAll(async () => {
    nats = await connectTestNats();
    dir = await mkdtemp(path.join(tmpdir(), 'pl-tracing-'));
  });
  afterAll(async () => {
    await nats.drain();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    db = createTestSchemaPool('tracing');
    await runMigrations(db.pool, { schema: db.schema, dir });
    stream = await createTestStream(nats, 'tracing');
  });
  afterEach(async () => {
    await stream.delete();
    await db.cleanup();
  });

  describe('with no OTLP endpoint set (the default)', () => {
    it('are off: no SDK is started, an event carries no trace context, log lines no trace id', async () => {
      expect(tracingSettings('catalog', {})).toEqual({ enabled: false, serviceName: 'catalog' });
      expect(tracingSettings('catalog', { OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toEqual({ enabled: false, serviceName: 'catalog' });
      const flow = await startEventFlow(nats, db, stream);
      try {
        await flow.writeThroughRequest();
        const { rows } = await db.pool.query<{ trace_context: unknown }>('SELECT trace_context FROM outbox');
        expect(rows).toEqual([{ trace_context: null }]);
        const jsm = await nats.nc.jetstreamManager();
        const stored = await jsm.streams.getMessage(stream.name, { last_by_subj: flow.subject });
        expect(stored.header?.get('traceparent') ?? '').toBe('');
        expect(flow.lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['thing written', 'thing handled']));
        for (const line of flow.lines) expect(line).not.toHaveProperty('trace_id');
      } finally {
        await flow.stop();
      }
    });
  });

  describe('settings', () => {
    it('trace when either OTLP endpoint variable is set, under OTEL_SERVICE_NAME when given', () => {
      expect(tracingSettings('catalog', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ enabled: true, serviceName: 'catalog' });
      expect(tracingSettings('catalog', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector/v1/traces', OTEL_SERVICE_NAME: 'catalog-eu' })).toEqual({ enabled: true, serviceName: 'catalog-eu' });
      expect(() => tracingSettings('catalog', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(ConfigError);
    });
  });

  describe('with tracing on', () => {
    let tracing: TestTracing;
    beforeAll(async () => {
      tracing = await startTestTracing('kit');
    });
    afterAll(() => tracing?.stop());

    it("put the consumer of an event written in a request into the request's trace, and its log lines carry the trace id", async () => {
      const flow = await startEventFlow(nats, db, stream);
      try {
        await flow.writeThroughRequest();
      } finally {
        await flow.stop();
      }

      const spans = tracing.spans();
      const request = spans.find((s) => s.kind === SpanKind.SERVER && s.name.startsWith('POST'));
      const publish = spans.find((s) => s.name === 'publish thing.happened');
      const processed = spans.find((s) => s.name === `process ${flow.subject}`);
      expect(request && publish && processed).toBeTruthy();
      const traceId = request!.spanContext().traceId;
      // Request → (Express handler) → publish → process: each span's parent is the one before it.
      expect(spanChain(processed!, spans).map((s) => s.name)).toEqual([`process ${flow.subject}`, 'publish thing.happened', 'request handler', request!.name]);
      expect(processed!.kind).toBe(SpanKind.CONSUMER);
      expect(publish!.kind).toBe(SpanKind.PRODUCER);
      for (const span of [publish!, processed!]) expect(span.spanContext().traceId).toBe(traceId);
      // pg's spans join the request too (the INSERT of the outbox row).
      expect(spans.some((s) => s.name.startsWith('pg.query:INSERT') && s.spanContext().traceId === traceId)).toBe(true);

      const { rows } = await db.pool.query<{ trace_context: { traceparent: string } }>('SELECT trace_context FROM outbox');
      expect(rows[0]!.trace_context.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      const written = flow.lines.find((l) => l.msg === 'thing written');
      const handled = flow.lines.find((l) => l.msg === 'thing handled');
      expect(written).toMatchObject({ trace_id: traceId });
      expect(handled).toMatchObject({ trace_id: traceId, span_id: processed!.spanContext().spanId });
    });
  });
});
