import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runMigrations } from '@pl/service-kit';
import { createTestSchemaPool, type TestSchemaPool } from '@pl/service-kit/testing';
import { MIGRATIONS_DIR } from './cart-test-app.js';

describe('migration 007-test-orders', () => {
  let db: TestSchemaPool;
  let before: string;
  beforeEach(async () => {
    db = createTestSchemaPool('cart_test_orders');
    // The schema as it was before the column: every migration up to 006.
    before = await mkdtemp(path.join(tmpdir(), 'pl-cart-migrations-'));
    for (const name of (await readdir(MIGRATIONS_DIR)).filter((n) => n < '007')) await copyFile(path.join(MIGRATIONS_DIR, name), path.join(before, name));
  });
  afterEach(async () => {
    await db.cleanup();
    await rm(before, { recursive: true, force: true });
  });

  const placeOrder = async (provider: string) => {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO payments (cart_id, subject, idempotency_key, provider, provider_payment_id, amount_cents, snapshot, status)
       VALUES (gen_random_uuid(), 'guest-1', gen_random_uuid()::text, $1, gen_random_uuid()::text, 1080, '{}', 'succeeded') RETURNING id`,
      [provider],
    );
    await db.pool.query(
      `INSERT INTO orders (payment_id, subject, status, lines, subtotal_cents, tax_cents, total_cents, fulfilment)
       VALUES ($1, 'guest-1', 'paid', '[]', 1000, 80, 1080, '{"type":"pickup","locationId":"dublin"}')`,
      [rows[0]!.id],
    );
  };

  it('marks the orders a test-card payment paid for as test orders, and no others', async () => {
    await runMigrations(db.pool, { schema: db.schema, dir: before });
    await placeOrder('test-card');
    await placeOrder('stripe');

    expect(await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR })).toContain('007-test-orders.sql');
    const { rows } = await db.pool.query('SELECT p.provider, o.test_order FROM orders o JOIN payments p ON p.id = o.payment_id ORDER BY p.provider');
    expect(rows).toEqual([
      { provider: 'stripe', test_order: false },
      { provider: 'test-card', test_order: true },
    ]);
  });
});
