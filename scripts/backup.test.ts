// The backup and restore scripts on two throwaway schemas of the test database and an object folder:
// the round trip, the refusals, and the messages an operator gets when pg_dump / pg_restore do not fit.
// The whole shop's round trip (orders, customers, stock through the API) is e2e/operations/backup-restore.e2e.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backup, DEFAULT_DATABASE_URL } from './backup.mjs';
import { restore } from './restore.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
// The round trips need a pg_dump and pg_restore that fit the test server; without them they are not
// run here and scripts/test.mjs names what is missing (a failure in CI). Asked in a child process
// because jest loads this file synchronously.
const toolsProblem = spawnSync(
  process.execPath,
  ['--input-type=module', '-e', `import { pgToolsProblem } from ${JSON.stringify(path.join(__dirname, 'backup.mjs'))}; process.stdout.write((await pgToolsProblem(${JSON.stringify(DATABASE_URL)})) ?? '')`],
  { encoding: 'utf8' },
).stdout;
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const schemas = [`bk_${suffix}_orders`, `bk_${suffix}_stock`];
const [orders, stock] = schemas as [string, string];

/** Every table of the schemas: its row count and a digest of its rows. */
async function contents(db: pg.Client): Promise<Record<string, { rows: number; md5: string | null }>> {
  const { rows: tables } = await db.query(`SELECT table_schema || '.' || table_name AS t FROM information_schema.tables WHERE table_schema = ANY($1) ORDER BY 1`, [schemas]);
  const out: Record<string, { rows: number; md5: string | null }> = {};
  for (const { t } of tables) {
    const { rows } = await db.query(`SELECT count(*)::int AS rows, md5(string_agg(x::text, '|' ORDER BY x::text)) AS md5 FROM ${t} x`);
    out[t] = rows[0];
  }
  return out;
}

describe('npm run backup / npm run restore', () => {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-backup-test-'));
  const file = path.join(dir, 'shop.tar');
  const objects = path.join(dir, 'objects');
  const quiet = () => {};

  beforeAll(async () => {
    await db.connect();
    await db.query(`
      CREATE SCHEMA ${orders};
      CREATE SEQUENCE ${orders}.order_number_seq START 100001;
      CREATE TABLE ${orders}.orders (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), number bigint NOT NULL DEFAULT nextval('${orders}.order_number_seq'), email text NOT NULL, total_cents int NOT NULL, placed_at timestamptz NOT NULL DEFAULT now(), lines jsonb NOT NULL);
      INSERT INTO ${orders}.orders (email, total_cents, lines) SELECT 'c' || i || '@example.test', i * 1000, jsonb_build_array(jsonb_build_object('sku', 'SKU-' || i, 'qty', i)) FROM generate_series(1, 250) i;
      CREATE SCHEMA ${stock};
      CREATE TABLE ${stock}.levels (sku text PRIMARY KEY, on_hand int NOT NULL CHECK (on_hand >= 0), name text NOT NULL);
      CREATE INDEX ON ${stock}.levels USING gin (name public.gin_trgm_ops);
      INSERT INTO ${stock}.levels SELECT 'SKU-' || i, i % 7, 'Lamp ' || i FROM generate_series(1, 1000) i;
    `);
    mkdirSync(path.join(objects, 'products', 'p1'), { recursive: true });
    writeFileSync(path.join(objects, 'products', 'p1', 'cover-1280.webp'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(objects, 'products', 'p1', 'cover-320.webp'), Buffer.alloc(512, 3));
  });
  afterAll(async () => {
    for (const s of schemas) await db.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await db.end();
    rmSync(dir, { recursive: true, force: true });
  });

  const withTools = toolsProblem ? it.skip : it;

  withTools('backs up the schemas and the object folder, and after both are wiped restores the same rows and files', async () => {
    const before = await contents(db);
    const made = await backup({ databaseUrl: DATABASE_URL, out: file, objects, schemas, log: quiet });
    expect(made).toMatchObject({ schemas, tables: 2, rows: 1250, objects: 2 });
    expect(readdirSync(dir).filter((f) => f.startsWith('shop.tar'))).toEqual(['shop.tar']); // no .partial left
    expect(statSync(file).mode & 0o777).toBe(0o600);

    for (const s of schemas) await db.query(`DROP SCHEMA ${s} CASCADE`);
    rmSync(objects, { recursive: true });

    const restored = await restore({ file, databaseUrl: DATABASE_URL, objects, log: quiet });

    expect(restored).toMatchObject({ schemas, tables: 2, rows: 1250, objects: 2 });
    expect(await contents(db)).toEqual(before);
    // The sequence goes on from where it was, not from its start.
    const { rows } = await db.query(`INSERT INTO ${orders}.orders (email, total_cents, lines) VALUES ('new@example.test', 1, '[]') RETURNING number`);
    expect(Number(rows[0].number)).toBe(100_251);
    expect(readFileSync(path.join(objects, 'products', 'p1', 'cover-1280.webp'))).toEqual(Buffer.alloc(4096, 7));
    expect(readFileSync(path.join(objects, 'products', 'p1', 'cover-320.webp'))).toEqual(Buffer.alloc(512, 3));
  });

  withTools('refuses to restore over the schemas and files there unless told to replace them, and then replaces them', async () => {
    await backup({ databaseUrl: DATABASE_URL, out: file, objects, schemas, log: quiet });
    const backedUp = await contents(db);
    await db.query(`DELETE FROM ${stock}.levels WHERE on_hand = 0`);
    writeFileSync(path.join(objects, 'products', 'p1', 'cover-320.webp'), 'changed');

    await expect(restore({ file, databaseUrl: DATABASE_URL, objects, log: quiet })).rejects.toThrow(
      `already has schema ${[...schemas].sort().join(', ')}. Stop the shop's services, then run again with --replace to drop them first`,
    );
    await expect(restore({ file, databaseUrl: DATABASE_URL, objects, replace: true, log: quiet })).resolves.toMatchObject({ rows: backedUp[`${orders}.orders`]!.rows + 1000 });
    expect(await contents(db)).toEqual(backedUp);
    expect(readFileSync(path.join(objects, 'products', 'p1', 'cover-320.webp'))).toEqual(Buffer.alloc(512, 3));
  });

  describe('when pg_dump or pg_restore does not fit', () => {
    /** Runs a script as an operator would, with only `tools` (fake PostgreSQL clients) and tar on PATH. */
    const runWith = (script: string, args: string[], tools: Record<string, string>) => {
      const bin = mkdtempSync(path.join(dir, 'bin-'));
      for (const [name, version] of Object.entries(tools)) {
        writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${name} (PostgreSQL) ${version}"\n`);
        chmodSync(path.join(bin, name), 0o755);
      }
      const tarPath = spawnSync('sh', ['-c', 'command -v tar'], { encoding: 'utf8' }).stdout.trim();
      writeFileSync(path.join(bin, 'tar'), `#!/bin/sh\nexec ${tarPath} "$@"\n`);
      chmodSync(path.join(bin, 'tar'), 0o755);
      const run = spawnSync(process.execPath, [path.join(__dirname, script), ...args], { encoding: 'utf8', env: { PATH: bin, DATABASE_URL } });
      return { status: run.status, stderr: run.stderr.trim() };
    };

    it('says pg_dump is missing and how to install it', () => {
      const { status, stderr } = runWith('backup.mjs', ['--out', path.join(dir, 'x.tar'), '--schemas', schemas.join(',')], {});
      expect(status).toBe(1);
      expect(stderr).toMatch(/^error: pg_dump was not found on PATH: install the PostgreSQL client of the server's major version or newer \(Debian\/Ubuntu: apt-get install postgresql-client/);
    });

    it('says pg_dump is older than the server', async () => {
      const server = (await db.query(`SELECT current_setting('server_version') AS v`)).rows[0].v.split(' ')[0];
      const { status, stderr } = runWith('backup.mjs', ['--out', path.join(dir, 'x.tar'), '--schemas', schemas.join(',')], { pg_dump: '9.6.24' });
      expect(status).toBe(1);
      expect(stderr).toContain(`error: pg_dump 9.6.24 is older than the server (PostgreSQL ${server}): install the PostgreSQL client`);
    });

    withTools('says pg_restore is missing, or too old for the archive', async () => {
      await backup({ databaseUrl: DATABASE_URL, out: file, schemas, log: quiet });
      const made = JSON.parse(spawnSync('tar', ['-xOf', file, 'manifest.json'], { encoding: 'utf8' }).stdout);

      expect(runWith('restore.mjs', [file], {}).stderr).toMatch(/^error: pg_restore was not found on PATH/);

      // An archive of a newer pg_dump than this pg_restore (same major as the server, so only the archive is in the way).
      const newer = path.join(dir, 'newer');
      mkdirSync(newer);
      spawnSync('tar', ['-xf', file, '-C', newer]);
      writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify({ ...made, pgDump: { text: '99.1', major: 99 } }));
      spawnSync('tar', ['-cf', path.join(dir, 'newer.tar'), '-C', newer, 'manifest.json', 'database.dump']);
      const { status, stderr } = runWith('restore.mjs', [path.join(dir, 'newer.tar')], { pg_restore: made.pgDump.text });
      expect(status).toBe(1);
      expect(stderr).toBe(`error: pg_restore ${made.pgDump.text} cannot read an archive of pg_dump 99.1: install the PostgreSQL 99 client or newer`);
    });
  });
});
