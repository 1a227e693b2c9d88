import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPool, inTransaction, migrationChecksum, runMigrations, withClient, withTransaction } from './db.js';
import { KIT_MIGRATIONS, OUTBOX_MIGRATION } from './outbox-migration.js';
import { createTestSchemaPool, testDatabaseUrl, type TestSchemaPool } from './testing.js';

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pl-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

describe('createPool', () => {
  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => createPool({ connectionString: testDatabaseUrl(), schema: 'catalog; drop table x' })).toThrow(/Invalid schema name/);
    expect(() => createPool({ connectionString: testDatabaseUrl(), schema: 'Catalog' })).toThrow(/Invalid schema name/);
  });

  it('resolves unqualified names in the service schema on every connection', async () => {
    const db = createTestSchemaPool('pool');
    try {
      await db.pool.query(`CREATE SCHEMA ${db.schema}`);
      await db.pool.query('CREATE TABLE things (id int)');
      const clients = await Promise.all([db.pool.connect(), db.pool.connect(), db.pool.connect()]);
      for (const client of clients) {
        const { rows } = await client.query('SELECT current_schema() AS s, to_regclass($1) AS t', [`${db.schema}.things`]);
        expect(rows[0]).toEqual({ s: db.schema, t: 'things' });
        client.release();
      }
    } finally {
      await db.cleanup();
    }
  });

  it('runs every connection without JIT compilation', async () => {
    const pool = createPool({ connectionString: testDatabaseUrl(), schema: 'catalog' });
    try {
      const clients = await Promise.all([pool.connect(), pool.connect()]);
      const settings = await Promise.all(clients.map((client) => client.query<{ jit: string }>('SHOW jit').finally(() => client.release())));
      expect(settings.map((r) => r.rows[0])).toEqual([{ jit: 'off' }, { jit: 'off' }]);
    } finally {
      await pool.end();
    }
  });
});

describe('withTransaction', () => {
  let db: TestSchemaPool;
  beforeAll(async () => {
    db = createTestSchemaPool('tx');
    await db.pool.query(`CREATE SCHEMA ${db.schema}`);
    await db.pool.query('CREATE TABLE notes (body text NOT NULL)');
  });
  afterAll(() => db.cleanup());

  it('commits what fn wrote and returns its result', async () => {
    const result = await withTransaction(db.pool, async (c) => {
      await c.query(`INSERT INTO notes VALUES ('kept')`);
      return 42;
    });
    expect(result).toBe(42);
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM notes WHERE body = 'kept'`)).rows[0].n).toBe(1);
  });

  it('rolls back everything when fn throws, and rethrows', async () => {
    await expect(
      withTransaction(db.pool, async (c) => {
        await c.query(`INSERT INTO notes VALUES ('dropped')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM notes WHERE body = 'dropped'`)).rows[0].n).toBe(0);
  });

  it('withClient + inTransaction: reads before the transaction on one connection, rolls back a transaction left open by a throw', async () => {
    const pids = await withClient(db.pool, async (c) => {
      const before = (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      const inside = await inTransaction(c, async (t) => (await t.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      return [before, inside];
    });
    expect(pids[0]).toBe(pids[1]);

    await expect(
      withClient(db.pool, (c) =>
        inTransaction(c, async (t) => {
          await t.query(`INSERT INTO notes VALUES ('left open')`);
          throw new Error('boom');
        }),
      ),
    ).rejects.toThrow('boom');
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM notes WHERE body = 'left open'`)).rows[0].n).toBe(0);
    // The connection went back to the pool clean: a new transaction on it works.
    expect(await withTransaction(db.pool, async (c) => (await c.query('SELECT 1 AS one')).rows[0].one)).toBe(1);
  });
});

describe('runMigrations', () => {
  const KIT_OUTBOX = OUTBOX_MIGRATION.name;
  const KIT_NAMES = KIT_MIGRATIONS.map((m) => m.name);
  let db: TestSchemaPool;
  const dirs: string[] = [];
  beforeEach(() => {
    db = createTestSchemaPool('mig');
  });
  afterEach(async () => {
    await db.cleanup();
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  const dirWith = async (files: Record<string, string>) => {
    const dir = await migrationsDir(files);
    dirs.push(dir);
    return dir;
  };

  it('creates the schema and applies files in numeric order, recording each', async () => {
    const dir = await dirWith({
      '002-add-rows.sql': `INSERT INTO log (step) VALUES ('second');`,
      '001-init.sql': `CREATE TABLE log (n serial PRIMARY KEY, step text NOT NULL); INSERT INTO log (step) VALUES ('first');`,
      '010-more.sql': `INSERT INTO log (step) VALUES ('third');`,
      'README.md': 'not a migration',
    });

    const applied = await runMigrations(db.pool, { schema: db.schema, dir });

    expect(applied).toEqual([...KIT_NAMES, '001-init.sql', '002-add-rows.sql', '010-more.sql']);
    const { rows } = await db.pool.query('SELECT step FROM log ORDER BY n');
    expect(rows.map((r) => r.step)).toEqual(['first', 'second', 'third']);
    const recorded = await db.pool.query(`SELECT name, checksum, applied_at FROM ${db.schema}.schema_migrations ORDER BY name`);
    expect(recorded.rows.map((r) => r.name)).toEqual(applied);
    expect(recorded.rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it("applies the kit's outbox migration before the service's files, recorded with its checksum", async () => {
    // The service's first file can rely on the outbox being there.
    const dir = await dirWith({ '001-init.sql': `CREATE TABLE seen AS SELECT count(*) AS n FROM outbox;` });

    expect(await runMigrations(db.pool, { schema: db.schema, dir })).toEqual([...KIT_NAMES, '001-init.sql']);

    const recorded = await db.pool.query(`SELECT name, checksum FROM ${db.schema}.schema_migrations ORDER BY name`);
    expect(recorded.rows).toContainEqual({ name: KIT_OUTBOX, checksum: migrationChecksum(OUTBOX_MIGRATION.sql) });
    const { rows } = await db.pool.query(`SELECT to_regclass('outbox') AS t, to_regprocedure('outbox_notify()') AS f`);
    expect(rows[0]).toEqual({ t: 'outbox', f: 'outbox_notify()' });
  });

  it('refuses to start when the applied kit outbox migration differs from this build', async () => {
    const dir = await dirWith({});
    await runMigrations(db.pool, { schema: db.schema, dir });
    await db.pool.query(`UPDATE ${db.schema}.schema_migrations SET checksum = 'from-another-build' WHERE name = $1`, [KIT_OUTBOX]);

    await expect(runMigrations(db.pool, { schema: db.schema, dir })).rejects.toThrow(/000-service-kit-outbox\.sql was changed after it was applied/);
  });

  it('applies nothing on a rerun and only new files later', async () => {
    const files = { '001-init.sql': `CREATE TABLE log (step text); INSERT INTO log VALUES ('once');` };
    const dir = await dirWith(files);
    await runMigrations(db.pool, { schema: db.schema, dir });

    expect(await runMigrations(db.pool, { schema: db.schema, dir })).toEqual([]);
    await writeFile(path.join(dir, '002-next.sql'), `INSERT INTO log VALUES ('next');`);
    expect(await runMigrations(db.pool, { schema: db.schema, dir })).toEqual(['002-next.sql']);

    const { rows } = await db.pool.query('SELECT step FROM log ORDER BY step');
    expect(rows.map((r) => r.step)).toEqual(['next', 'once']);
  });

  it('refuses to start when an applied file was edited', async () => {
    const dir = await dirWith({ '001-init.sql': 'CREATE TABLE a (id int);' });
    await runMigrations(db.pool, { schema: db.schema, dir });
    await writeFile(path.join(dir, '001-init.sql'), 'CREATE TABLE a (id bigint);');
    await writeFile(path.join(dir, '002-next.sql'), 'CREATE TABLE b (id int);');

    await expect(runMigrations(db.pool, { schema: db.schema, dir })).rejects.toThrow(/001-init\.sql was changed after it was applied/);
    expect((await db.pool.query(`SELECT to_regclass('b') AS t`)).rows[0].t).toBeNull();
  });

  it('rolls back a failing file entirely and names it', async () => {
    const dir = await dirWith({
      '001-init.sql': 'CREATE TABLE a (id int);',
      '002-broken.sql': 'CREATE TABLE b (id int); INSERT INTO nowhere VALUES (1);',
    });
    await expect(runMigrations(db.pool, { schema: db.schema, dir })).rejects.toThrow(/Migration 002-broken\.sql failed/);
    expect((await db.pool.query(`SELECT to_regclass('b') AS t`)).rows[0].t).toBeNull();
    const { rows } = await db.pool.query(`SELECT name FROM ${db.schema}.schema_migrations ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual([...KIT_NAMES, '001-init.sql']);
  });

  it('rejects badly named and duplicate-numbered files', async () => {
    await expect(runMigrations(db.pool, { schema: db.schema, dir: await dirWith({ '1-init.sql': 'select 1' }) })).rejects.toThrow(/NNN-name\.sql/);
    await expect(
      runMigrations(db.pool, { schema: db.schema, dir: await dirWith({ '001-a.sql': 'select 1', '001-b.sql': 'select 1' }) }),
    ).rejects.toThrow(/share the number 001/);
  });

  it("refuses a service file numbered 000: that number is the kit's", async () => {
    await expect(runMigrations(db.pool, { schema: db.schema, dir: await dirWith({ '000-mine.sql': 'select 1' }) })).rejects.toThrow(/000 is reserved/);
  });

  it('applies each file exactly once when several instances start together', async () => {
    const dir = await dirWith({
      '001-init.sql': `CREATE TABLE runs (at timestamptz DEFAULT clock_timestamp()); INSERT INTO runs DEFAULT VALUES;`,
      '002-slow.sql': `SELECT pg_sleep(0.05); INSERT INTO runs DEFAULT VALUES;`,
      '003-more.sql': `INSERT INTO runs DEFAULT VALUES;`,
    });
    // Separate pools: separate connections, like separate processes.
    const others = [1, 2, 3].map(() => createPool({ connectionString: testDatabaseUrl(), schema: db.schema, max: 1 }));
    try {
      const results = await Promise.all([db.pool, ...others].map((p) => runMigrations(p, { schema: db.schema, dir })));

      expect(results.flat().sort()).toEqual([...KIT_NAMES, '001-init.sql', '002-slow.sql', '003-more.sql']);
      expect((await db.pool.query('SELECT count(*)::int AS n FROM runs')).rows[0].n).toBe(3);
    } finally {
      await Promise.all(others.map((p) => p.end()));
    }
  });
});
