// Backups that restore (docs/operations.md, decision 047): a whole shop takes orders from new
// customers through its API, is backed up while it runs (npm run backup, as an operator would), is
// stopped and wiped (its schemas dropped), restored (npm run restore) and started again. The same
// customers sign in with their passwords and see the same orders; the admin's order desk and the
// stock are as they were; the key tables hold the same rows and every table the same count.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pgToolsProblem } from '../../scripts/backup.mjs';
import { root } from '../../scripts/local-stack.mjs';
import { expectStatus, httpClient, runShopperFlow } from '../../scripts/shopper-flow.mjs';
import { createTestDatabase, DATABASE_URL, startTestShop, type TestShop } from '../support/shop.js';

const SCHEMAS = ['identity', 'catalog', 'cart', 'pos_sync'];
/** What a shop is, in rows: its customers, its orders and what they took, and its stock. */
const KEY_TABLES = [
  'identity.customers',
  'catalog.products',
  'catalog.variants',
  'catalog.inventory_levels',
  'catalog.holds',
  'catalog.hold_allocations',
  'cart.orders',
  'cart.payments',
  'cart.order_history',
  'pos_sync.writebacks',
];
const CUSTOMERS = 3;

/** npm run backup / restore as an operator types them (pg_dump and pg_restore from PATH). */
function npmRun(script: 'backup' | 'restore', args: string[], databaseUrl: string) {
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: databaseUrl } });
  if (run.status !== 0) throw new Error(`npm run ${script} failed (${run.status}): ${run.stderr}${run.stdout}`);
  return { output: run.stdout.trim(), ms: Date.now() - started };
}

/** Row count and a digest of the rows of each key table. */
async function keyTables(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const out: Record<string, { rows: number; md5: string | null }> = {};
    for (const table of KEY_TABLES) out[table] = (await db.query(`SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM ${table} t`)).rows[0];
    return out;
  } finally {
    await db.end();
  }
}

/** What the API answers the customers (signed in with their passwords), the admin and a shopper browsing. */
async function apiView(origin: string, customers: Array<{ username: string; password: string }>) {
  const mine: Record<string, unknown> = {};
  for (const c of customers) {
    const call = httpClient(origin);
    expectStatus(await call('POST', '/api/auth/login', { usernameOrEmail: c.username, password: c.password }), 200, `sign-in as ${c.username}`);
    const me = expectStatus(await call('GET', '/api/auth/me'), 200, 'GET /api/auth/me').json;
    const orders = expectStatus(await call('GET', '/api/orders'), 200, 'GET /api/orders').json as Array<{ id: string }>;
    const details = [];
    for (const o of orders) details.push(expectStatus(await call('GET', `/api/orders/${encodeURIComponent(o.id)}`), 200, 'GET /api/orders/:id').json);
    mine[c.username] = { me: { username: me.username, email: me.email }, orders, details };
  }
  const admin = httpClient(origin);
  expectStatus(await admin('POST', '/api/auth/login', { usernameOrEmail: 'admin', password: 'admin12345' }), 200, 'admin sign-in');
  const desk = expectStatus(await admin('GET', '/api/admin/orders?limit=100'), 200, 'GET /api/admin/orders').json;
  // The stock of every product in the shop, as the admin's inventory lists it (on hand and held, per location).
  const stock = [];
  for (let offset = 0; ; offset += 100) {
    const page = expectStatus(await admin('GET', `/api/admin/inventory?limit=100&offset=${offset}`), 200, 'GET /api/admin/inventory').json as unknown[];
    stock.push(...page);
    if (page.length < 100) break;
  }
  return { customers: mine, desk, stock };
}

const toolsProblem = await pgToolsProblem(DATABASE_URL).catch((err: Error) => `PostgreSQL at DATABASE_URL did not answer: ${err.message}`);
if (toolsProblem) console.warn(`backup-restore.e2e: not run (scripts/test.mjs reports it): ${toolsProblem}`);

(toolsProblem ? describe.skip : describe)('npm run backup, then npm run restore into a wiped database', () => {
  let shop: TestShop | undefined;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-backup-e2e-'));
  // The same secrets on both starts, as a real deployment keeps them: sealed POS keys and mailed
  // order links made before the backup must still open after it.
  const env = { INTERNAL_API_TOKEN: randomBytes(32).toString('base64url'), POS_SETTINGS_KEY: randomBytes(32).toString('hex'), ORDER_LINK_SECRET: randomBytes(32).toString('hex') };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await shop?.stop();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('brings back the same customers, orders and stock', async () => {
    // Arrange: a shop with orders from customers who registered.
    shop = await startTestShop({ databaseUrl: db.url, env });
    const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({ username: `backup${i}${randomBytes(3).toString('hex')}`, password: `pw-${randomBytes(8).toString('hex')}` }));
    for (const c of customers) {
      const call = httpClient(shop.url);
      const registered = await call('POST', '/api/auth/register', { username: c.username, email: `${c.username}@example.test`, password: c.password });
      expect([200, 201]).toContain(registered.status);
      await runShopperFlow(shop.url, { login: { usernameOrEmail: c.username, password: c.password } });
    }
    await runShopperFlow(shop.url); // and the demo shopper
    const before = await apiView(shop.url, customers);
    expect(Object.values(before.customers).map((c) => (c as { orders: unknown[] }).orders.length)).toEqual(Array(CUSTOMERS).fill(1));

    // Act: back up while the shop runs; stop it; wipe; restore; start it again.
    const file = path.join(dir, 'shop.tar');
    const backedUp = npmRun('backup', ['--out', file], db.url);
    await shop.stop();
    shop = undefined;
    const rowsBefore = await keyTables(db.url);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${SCHEMAS.join(', ')} CASCADE`);
    const { rows: left } = await admin.query('SELECT nspname FROM pg_namespace WHERE nspname = ANY($1)', [SCHEMAS]);
    await admin.end();
    expect(left).toEqual([]);
    const restored = npmRun('restore', [file], db.url);
    const rowsAfter = await keyTables(db.url);
    shop = await startTestShop({ databaseUrl: db.url, env });
    const after = await apiView(shop.url, customers);

    // Assert
    expect(rowsAfter).toEqual(rowsBefore);
    expect(after).toEqual(before);
    expect(restored.output).toMatch(/every count as backed up/);
    console.log(
      `backup-restore: ${rowsBefore['cart.orders']!.rows} orders, ${rowsBefore['identity.customers']!.rows} customers, ` +
        `${rowsBefore['catalog.inventory_levels']!.rows} stock levels. ${backedUp.output} (npm run backup: ${backedUp.ms} ms). ${restored.output} (npm run restore: ${restored.ms} ms)`,
    );
  }, 240_000);
});
