import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { Router } from 'express';
import { createServiceApp } from './create-service-app.js';
import { withTransaction } from './db.js';
import type { NatsConn } from './nats.js';
import { KIT_MIGRATIONS } from './outbox-migration.js';
import { writeOutbox } from './outbox.js';
import { runService, type RunServiceOptions, type ServiceDeps } from './run-service.js';
import {
  connectTestNats,
  createTestSchemaPool,
  createTestStream,
  eventually,
  testDatabaseUrl,
  testNatsUrl,
  type TestSchemaPool,
  type TestStream,
} from './testing.js';

describe('runService', () => {
  // The test's own pool on the schema runService migrates; cleanup drops the schema.
  let db: TestSchemaPool;
  let migrationsDir: string;
  let nats: NatsConn;
  let stream: TestStream;

  const createApp = ({ pool, logger, verifier }: ServiceDeps) =>
    createServiceApp({
      logger,
      verifier,
      health: { checks: { database: async () => void (await pool.query('SELECT 1')) } },
      routes: [Router().get('/widgets', async (_req, res) => void res.json((await pool.query('SELECT name FROM widgets ORDER BY name')).rows))],
    });
  const options = (overrides: Partial<RunServiceOptions> = {}): RunServiceOptions => ({
    name: 'run-service-test',
    config: {
      PORT: 0,
      DATABASE_URL: testDatabaseUrl(),
      DB_SCHEMA: db.schema,
      NATS_URL: testNatsUrl(),
      GATEWAY_JWKS_URL: ['http://127.0.0.1:9/.well-known/jwks.json'],
      LOG_LEVEL: process.env.TEST_LOG_LEVEL === undefined ? 'silent' : 'debug',
    },
    migrationsDir,
    createApp,
    handleSignals: false,
    ...overrides,
  });
  // runService's pool is named after the schema (the test pool is `test-<schema>`).
  const serviceConnections = async () =>
    (await db.pool.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [db.schema])).rows[0].n as number;

  beforeAll(async () => {
    nats = await connectTestNats({ name: 'run-service-test' });
    stream = await createTestStream(nats, 'run_service');
  });
  afterAll(async () => {
    await stream.delete();
    await nats.drain();
  });
  beforeEach(async () => {
    db = createTestSchemaPool('run_service');
    migrationsDir = await mkdtemp(path.join(tmpdir(), 'pl-run-service-'));
  });
  afterEach(async () => {
    await db.cleanup();
    await rm(migrationsDir, { recursive: true, force: true });
  });

  it('starts migrated and ready, runs the hook after migrations, relays the outbox, and close() releases everything', async () => {
    await writeFile(path.join(migrationsDir, '001-init.sql'), 'CREATE TABLE widgets (name text PRIMARY KEY);');
    const hookLogs: unknown[] = [];
    const service = await runService(
      options({
        afterMigrations: async (pool, logger) => {
          hookLogs.push(logger.bindings());
          await pool.query(`INSERT INTO widgets VALUES ('seeded')`);
        },
      }),
    );
    const url = `http://127.0.0.1:${service.port}`;
    try {
      const ready = await fetch(`${url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok' } }]);
      expect(await (await fetch(`${url}/widgets`)).json()).toEqual([{ name: 'seeded' }]);
      expect(hookLogs).toEqual([expect.objectContaining({ name: 'run-service-test' })]);
      const recorded = await db.pool.query('SELECT name FROM schema_migrations ORDER BY name');
      expect(recorded.rows.map((r) => r.name)).toEqual([...KIT_MIGRATIONS.map((m) => m.name), '001-init.sql']);

      const envelope = await withTransaction(db.pool, (client) =>
        writeOutbox(client, { subject: `${stream.subjectPrefix}.widget`, type: 'widget.added', data: { name: 'seeded' } }),
      );
      await eventually(async () => (await stream.count()) === 1);
      expect(await stream.messages()).toEqual([{ subject: `${stream.subjectPrefix}.widget`, msgId: envelope.id, data: envelope }]);
    } finally {
      await service.close();
    }

    expect(service.pool.ended).toBe(true);
    expect(service.nats.nc.isClosed()).toBe(true);
    await eventually(async () => (await serviceConnections()) === 0);
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();
    await service.close(); // a second close is harmless
  });

  /** Whether a TCP connection to host:port is accepted. */
  const accepts = (host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port, timeout: 2000 }, () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false)).on('timeout', () => (socket.destroy(), resolve(false)));
    });
  /** This machine's first address on an interface other than loopback, if it has one. */
  const otherInterface = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

  it('listens on loopback unless HOST says otherwise, so no other interface reaches the service (decision 044)', async () => {
    await writeFile(path.join(migrationsDir, '001-init.sql'), 'CREATE TABLE widgets (name text PRIMARY KEY);');
    const service = await runService(options());
    try {
      expect((service.server.address() as AddressInfo).address).toBe('127.0.0.1');
      expect(await accepts('127.0.0.1', service.port)).toBe(true);
      if (otherInterface) expect([otherInterface, await accepts(otherInterface, service.port)]).toEqual([otherInterface, false]);
    } finally {
      await service.close();
    }
    // In a container the orchestrator sets HOST=0.0.0.0: every interface.
    const everywhere = await runService(options({ config: { ...options().config, HOST: '0.0.0.0' } }));
    try {
      expect((everywhere.server.address() as AddressInfo).address).toBe('0.0.0.0');
      if (otherInterface) expect(await accepts(otherInterface, everywhere.port)).toBe(true);
    } finally {
      await everywhere.close();
    }
  });

  it('releases what it opened and rethrows when a migration fails', async () => {
    await writeFile(path.join(migrationsDir, '001-broken.sql'), 'INSERT INTO nowhere VALUES (1);');
    const createAppCalls: ServiceDeps[] = [];

    await expect(runService(options({ createApp: (deps) => (createAppCalls.push(deps), createApp(deps)) }))).rejects.toThrow(/Migration 001-broken\.sql failed/);

    expect(createAppCalls).toEqual([]);
    await eventually(async () => (await serviceConnections()) === 0);
  });
  it('starts background workers after the relay and stops them on close, before the pool ends', async () => {
    await writeFile(path.join(migrationsDir, '001-init.sql'), 'CREATE TABLE widgets (name text PRIMARY KEY);');
    const events: string[] = [];
    const service = await runService(
      options({
        workers: [
          ({ pool }) => {
            events.push('started');
            return {
              async stop() {
                events.push(`stopped (pool ended: ${pool.ended})`);
              },
            };
          },
        ],
      }),
    );
    expect(events).toEqual(['started']);
    await service.close();
    expect(events).toEqual(['started', 'stopped (pool ended: false)']);
  });
});
