import type { Server } from 'node:http';
import type { Express } from 'express';
import { DomainStream } from '@pl/contracts';
import { createTokenVerifier, type TokenVerifier } from './auth.js';
import type { ServiceConfig } from './config.js';
import { createPool, runMigrations, type Pool } from './db.js';
import { createLogger, type Logger } from './logger.js';
import { connectNats, ensureStream, type NatsConn } from './nats.js';
import { startOutboxRelay, type OutboxRelay } from './outbox.js';
import { startServer } from './server.js';
import { collectProcessMetrics, watchServiceResources } from './metrics.js';
import { flushTraces } from './trace-context.js';

/** What a service's createApp(deps) is given. */
export interface ServiceDeps {
  pool: Pool;
  logger: Logger;
  verifier: TokenVerifier;
}

/** A loop a service runs beside its HTTP server (e.g. the catalog's hold-expiry sweeper). */
export interface BackgroundWorker {
  /** Stops the loop and waits for a running pass; called on shutdown before the relay stops. */
  stop(): Promise<void>;
}

export interface RunServiceOptions {
  /** The logger's and the NATS connection's name, e.g. 'catalog'. */
  name: string;
  config: Pick<ServiceConfig, 'PORT' | 'DATABASE_URL' | 'DB_SCHEMA' | 'NATS_URL' | 'GATEWAY_JWKS_URL' | 'LOG_LEVEL'> & Partial<Pick<ServiceConfig, 'HOST' | 'SHUTDOWN_DRAIN_MS'>>;
  /** The service's own `migrations/` folder; main.ts resolves it (import.meta.url stays out of the kit). */
  migrationsDir: string;
  /** Runs once the schema is migrated and before NATS is connected, e.g. to seed demo data. */
  afterMigrations?: (pool: Pool, logger: Logger) => Promise<void>;
  createApp: (deps: ServiceDeps) => Express;
  /** Started once the outbox relay runs, so what they write to the outbox is published. */
  workers?: Array<(deps: { pool: Pool; logger: Logger; nats: NatsConn }) => BackgroundWorker | Promise<BackgroundWorker>>;
  /** Exit on SIGTERM / SIGINT after a graceful close (default true; tests turn it off). */
  handleSignals?: boolean;
  /** Registers the service's own series on /metrics (read from its database when scraped, see databaseGauge). */
  domainMetrics?: (pool: Pool) => void;
}

export interface RunningService {
  server: Server;
  port: number;
  pool: Pool;
  nats: NatsConn;
  /** Stops accepting, finishes in-flight requests, stops the relay, drains NATS, ends the pool. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts a service the one way they all start: config → logger → pool → migrations (the kit's
 * outbox first) → optional hook → NATS and the domain stream → outbox relay → background workers →
 * createApp → listen, with a graceful shutdown on SIGTERM. If a step fails, what was already opened is released and
 * the error is rethrown, so the process exits non-zero.
 */
export async function runService(options: RunServiceOptions): Promise<RunningService> {
  const { name, config } = options;
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const pool = createPool({ connectionString: config.DATABASE_URL, schema: config.DB_SCHEMA, logger });
  let nats: NatsConn | undefined;
  let relay: OutboxRelay | undefined;
  let unwatch = () => {};
  const workers: BackgroundWorker[] = [];
  collectProcessMetrics();
  options.domainMetrics?.(pool);
  const release = async () => {
    unwatch();
    await Promise.all(workers.map((w) => w.stop()));
    await relay?.stop();
    await nats?.drain();
    await pool.end();
    // Last, so the shutdown's own spans go too; the process exits right after.
    await flushTraces();
  };

  try {
    await runMigrations(pool, { schema: config.DB_SCHEMA, dir: options.migrationsDir, logger });
    await options.afterMigrations?.(pool, logger);

    const connected = await connectNats({ url: config.NATS_URL, name, logger });
    nats = connected;
    unwatch = watchServiceResources({ pool, nats: connected });
    await ensureStream(connected, DomainStream);
    relay = startOutboxRelay({ pool, nats: connected, logger });
    for (const start of options.workers ?? []) workers.push(await start({ pool, logger, nats: connected }));

    const app = options.createApp({ pool, logger, verifier: createTokenVerifier({ jwksUrl: config.GATEWAY_JWKS_URL }) });
    const running = await startServer({ app, port: config.PORT, host: config.HOST, logger, handleSignals: options.handleSignals, drainMs: config.SHUTDOWN_DRAIN_MS, onShutdown: release });
    return { ...running, pool, nats: connected };
  } catch (err) {
    await release().catch((releaseErr: unknown) => logger.warn({ err: releaseErr }, 'releasing after a failed start failed'));
    throw err;
  }
}
