// Helpers for tests of services built on the kit: real PostgreSQL, real NATS, real tokens.
// Imported as '@pl/service-kit/testing'; never bundled into a service.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { Express } from 'express';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet, type JWK, type CryptoKey } from 'jose';
import pg from 'pg';
import { pino } from 'pino';
import { Jwt, type TokenClaims } from '@pl/contracts';
import { createTokenVerifier } from './auth.js';
import { createPool, runMigrations, type Pool } from './db.js';
import { createLogger, type Logger } from './logger.js';
import { connectNats, ensureStream, type NatsConn } from './nats.js';
import { startOutboxRelay, type OutboxRelay } from './outbox.js';
import type { ServiceDeps } from './run-service.js';
import { startTracing, type Instrumentations } from './tracing.js';

export const testDatabaseUrl = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const testNatsUrl = () => process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** A short random lower-case token for unique schema, stream and subject names. */
export const uniqueSuffix = () => randomBytes(5).toString('hex');

/** Silent unless TEST_LOG_LEVEL is set (e.g. TEST_LOG_LEVEL=debug npx jest ...). */
export const testLogger = (name = 'test'): Logger => createLogger({ name, level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export interface CapturedLine {
  level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  msg?: string;
  [key: string]: unknown;
}

/** A real pino logger whose lines land in an array, to assert on what a service logs. */
export function captureLogger(): { logger: Logger; lines: CapturedLine[] } {
  const lines: CapturedLine[] = [];
  const names: Record<number, CapturedLine['level']> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
  const logger = pino({ level: 'debug' }, {
    write(line: string) {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      lines.push({ ...parsed, level: names[parsed.level as number] ?? 'info' });
    },
  });
  return { logger, lines };
}

export interface TestSchemaPool {
  pool: pg.Pool;
  schema: string;
  /** The pool's application_name, to find its connections in pg_stat_activity. */
  applicationName: string;
  /** Ends the pool and drops the schema. */
  cleanup(): Promise<void>;
}

/** A pool on a fresh, uniquely named schema of DATABASE_URL; cleanup drops it. */
export function createTestSchemaPool(prefix: string, options: { max?: number } = {}): TestSchemaPool {
  const schema = `t_${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 24)}_${uniqueSuffix()}`;
  const applicationName = `test-${schema}`;
  const pool = createPool({ connectionString: testDatabaseUrl(), schema, max: options.max ?? 5, applicationName });
  return {
    pool,
    schema,
    applicationName,
    async cleanup() {
      await pool.end();
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

export interface TestKeyPair {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** Pass to createTokenVerifier({ keySet }). */
  keySet: JSONWebKeySet;
}

/** A fresh Ed25519 pair, like the gateway's. */
export async function testKeyPair(): Promise<TestKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(Jwt.alg, { crv: 'Ed25519' });
  const kid = `test-${uniqueSuffix()}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: Jwt.alg, use: 'sig' };
  return { kid, privateKey, publicJwk, keySet: { keys: [publicJwk] } };
}

export interface SignTestTokenOptions {
  keys: TestKeyPair;
  /** jose time span or epoch seconds; default '5m'. A past epoch makes an expired token. */
  expiresAt?: string | number;
  issuer?: string;
  audience?: string;
}

/** Signs claims the way the gateway does; override issuer/audience/expiry to test rejections. */
export function signTestToken(claims: Partial<TokenClaims> & Record<string, unknown>, options: SignTestTokenOptions): Promise<string> {
  const { sub = randomUUID(), ...rest } = claims;
  const payload = { kind: 'customer', sid: randomUUID(), adm: false, ...rest };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: Jwt.alg, kid: options.keys.kid, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(options.issuer ?? Jwt.issuer)
    .setAudience(options.audience ?? Jwt.audience)
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? '5m')
    .sign(options.keys.privateKey);
}

/** The name the test admin signs in under (the audit trail's "who"). */
export const TEST_ADMIN_NAME = 'Test Admin';

/** Bearer headers for the three kinds of caller that admin matrices test. */
export async function testCallers(keys: TestKeyPair, subjects: { customer?: string; admin?: string; guest?: string } = {}) {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    anonymous: {} as Record<string, string>,
    guest: bearer(await signTestToken({ sub: subjects.guest, kind: 'guest' }, { keys })),
    customer: bearer(await signTestToken({ sub: subjects.customer, kind: 'customer' }, { keys })),
    admin: bearer(await signTestToken({ sub: subjects.admin, kind: 'customer', adm: true, nm: TEST_ADMIN_NAME }, { keys })),
  };
}

export interface Listening {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves an app on an ephemeral port of 127.0.0.1. */
export async function listen(app: Express): Promise<Listening> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export interface StartTestServiceOptions {
  /** The logger's name and the test schema's prefix, e.g. 'cart'. */
  name: string;
  /** The service's own `migrations/` folder. */
  migrationsDir: string;
  /** The same hook main.ts gives runService (e.g. the catalog's location seed). */
  afterMigrations?: (pool: Pool, logger: Logger) => Promise<void>;
  createApp: (deps: ServiceDeps) => Express;
}

export interface TestService {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  db: TestSchemaPool;
  pool: Pool;
  /** The key pair the app verifies tokens with: sign test tokens with it. */
  keys: TestKeyPair;
  /** What runMigrations applied to the fresh schema, the kit's own first. */
  migrations: string[];
  /** Closes the server, ends the pool and drops the schema. */
  stop(): Promise<void>;
}

/**
 * A service's real app on an ephemeral port over a fresh schema, migrated and prepared the way
 * runService does it, with tokens checked against a test key pair instead of the gateway's JWKS.
 * No NATS and no relay: suites that test events start a relay themselves.
 */
export async function startTestService(options: StartTestServiceOptions): Promise<TestService> {
  const db = createTestSchemaPool(options.name);
  const logger = testLogger(options.name);
  try {
    const migrations = await runMigrations(db.pool, { schema: db.schema, dir: options.migrationsDir, logger });
    await options.afterMigrations?.(db.pool, logger);
    const keys = await testKeyPair();
    const server = await listen(options.createApp({ pool: db.pool, logger, verifier: createTokenVerifier({ keySet: keys.keySet }) }));
    return {
      url: server.url,
      db,
      pool: db.pool,
      keys,
      migrations,
      async stop() {
        await server.close();
        await db.cleanup();
      },
    };
  } catch (err) {
    await db.cleanup();
    throw err;
  }
}

/** Polls until fn stops throwing (or returns true), for effects that happen asynchronously. */
export async function eventually<T>(fn: () => Promise<T> | T, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    try {
      const result = await fn();
      if (result !== false) return result;
      throw new Error('condition still false');
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, options.intervalMs ?? 25));
    }
  }
}

/** A NATS connection for tests (reconnects quickly, short publish timeout). */
export function connectTestNats(options: { url?: string; name?: string; logger?: Logger; publishTimeoutMs?: number } = {}): Promise<NatsConn> {
  return connectNats({
    url: options.url ?? testNatsUrl(),
    name: options.name ?? 'test',
    logger: options.logger ?? testLogger(),
    reconnectTimeWaitMs: 50,
    publishTimeoutMs: options.publishTimeoutMs ?? 2000,
  });
}

export interface TestStream {
  name: string;
  /** Every subject under `<subjectPrefix>.` is captured, e.g. `${subjectPrefix}.inventory.updated.SKU1`. */
  subjectPrefix: string;
  /** How many messages the stream holds, optionally on one subject. */
  count(subject?: string): Promise<number>;
  /** The decoded JSON messages in the stream, oldest first. */
  messages(): Promise<Array<{ subject: string; msgId: string | undefined; data: unknown }>>;
  /**
   * Resolves once the durable consumer `durable` has acknowledged every message the stream holds
   * now: its handler has finished with each (a positive signal that a redelivery was handled and
   * changed nothing, where a fixed sleep only hopes so).
   */
  handled(durable: string, options?: { timeoutMs?: number }): Promise<void>;
  delete(): Promise<void>;
}

/**
 * The real outbox relay of `pool`, publishing into a throwaway `stream` (subjects under its prefix)
 * instead of the shop's own. With the default `pollMs` it sends only when flushed (`relay.flush()`).
 */
export function startTestRelay(pool: Pool, nats: NatsConn, stream: Pick<TestStream, 'subjectPrefix'>, { pollMs = 60_000 }: { pollMs?: number } = {}): OutboxRelay {
  return startOutboxRelay({
    pool,
    nats: { publish: (subject, data, msgId, extraHeaders) => nats.publish(`${stream.subjectPrefix}.${subject}`, data, msgId, extraHeaders) },
    logger: testLogger(),
    pollMs,
  });
}

/** A throwaway JetStream stream on unique subjects, so suites never see each other's events. */
export async function createTestStream(conn: NatsConn, prefix = 'test'): Promise<TestStream> {
  const id = `${prefix}_${uniqueSuffix()}`;
  const name = id.toUpperCase();
  const subjectPrefix = `t.${id}`;
  await ensureStream(conn, { name, subjects: [`${subjectPrefix}.>`] });
  const jsm = await conn.nc.jetstreamManager();
  return {
    name,
    subjectPrefix,
    count: (subject) => streamMessageCount(conn, name, subject),
    async messages() {
      const info = await jsm.streams.info(name);
      const out: Array<{ subject: string; msgId: string | undefined; data: unknown }> = [];
      for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
        const m = await jsm.streams.getMessage(name, { seq });
        out.push({ subject: m.subject, msgId: m.header?.get('Nats-Msg-Id') || undefined, data: m.json() });
      }
      return out;
    },
    async handled(durable, options = {}) {
      const lastSeq = (await jsm.streams.info(name)).state.last_seq;
      await eventually(async () => {
        const consumer = await jsm.consumers.info(name, durable);
        if (consumer.ack_floor.stream_seq < lastSeq) throw new Error(`${durable} has acknowledged up to ${consumer.ack_floor.stream_seq} of ${lastSeq}`);
      }, options);
    },
    async delete() {
      await jsm.streams.delete(name).catch(() => undefined);
    },
  };
}

/** Messages a stream holds on one subject (or in total). */
export async function streamMessageCount(conn: NatsConn, stream: string, subject?: string): Promise<number> {
  const jsm = await conn.nc.jetstreamManager();
  if (subject === undefined) return (await jsm.streams.info(stream)).state.messages;
  const info = await jsm.streams.info(stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
}

export interface TestTracing {
  /** Every span ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** Unpatches the modules, stops the provider and clears the global tracer. */
  stop(): Promise<void>;
}

/**
 * Tracing as a built process has it (startTracing: the same provider, propagator and
 * instrumentations), with spans kept in memory. Start it before the code under test makes its
 * first request or query.
 */
export async function startTestTracing(serviceName = 'test'): Promise<TestTracing> {
  const { InMemorySpanExporter } = await import('@opentelemetry/sdk-trace-node');
  const exporter = new InMemorySpanExporter();
  const tracing = await startTracing({ serviceName, exporter });
  const unpatch = await patchModulesLoadedByJest(tracing.instrumentations);
  return {
    spans: () => exporter.getFinishedSpans(),
    async stop() {
      unpatch();
      await tracing.shutdown();
    },
  };
}

/**
 * jest loads modules through its own registry, which the instrumentations' require and import
 * hooks never see, so their patches are applied here to the copies this test file uses (the same
 * patch functions the hooks call). A built process relies on the hooks themselves, which
 * scripts/build-node.test.ts proves. node:http is shared by every test file of the worker: the
 * returned function takes each patch off again.
 */
async function patchModulesLoadedByJest(instrumentations: Instrumentations): Promise<() => void> {
  const undo: Array<() => void> = [];
  for (const instrumentation of instrumentations) {
    for (const definition of instrumentation.getModuleDefinitions()) {
      if (!definition.patch) continue;
      const loaded = (await import(definition.name)) as { default?: unknown };
      // A CommonJS module arrives wrapped: its own exports are the default, and only they are shared.
      const moduleExports = loaded.default ?? loaded;
      // Their patches do not read the version; the hooks only check it against supportedVersions.
      definition.patch(moduleExports);
      undo.push(() => definition.unpatch?.(moduleExports));
    }
  }
  return () => {
    for (const step of undo.reverse()) step();
  };
}

/** A span and its ancestors among `spans`, nearest first (a trace's causal chain, for assertions). */
export function spanChain(span: ReadableSpan, spans: readonly ReadableSpan[]): ReadableSpan[] {
  const chain = [span];
  for (;;) {
    const parentId = chain[chain.length - 1]!.parentSpanContext?.spanId;
    const parent = parentId && spans.find((s) => s.spanContext().spanId === parentId);
    if (!parent) return chain;
    chain.push(parent);
  }
}
