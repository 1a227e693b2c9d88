import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Cart } from '@pl/contracts';
import { createTokenVerifier, OUTBOX_SQL, runMigrations, type Pool } from '@pl/service-kit';
import { createTestSchemaPool, listen, signTestToken, testKeyPair, testLogger, type Listening, type TestKeyPair, type TestSchemaPool } from '@pl/service-kit/testing';
import { createApp } from '../src/app.js';

const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

async function insertCartLine(pool: Pool, subject: string, line: { sku: string; qty: number; unitPriceCents: number; title?: string; oneOfAKind?: boolean }) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO carts (subject) VALUES ($1) ON CONFLICT (subject) DO UPDATE SET updated_at = now() RETURNING id`,
    [subject],
  );
  await pool.query(
    `INSERT INTO cart_lines (cart_id, sku, qty, title, condition_grade, one_of_a_kind, unit_price_cents) VALUES ($1, $2, $3, $4, 'OPEN_BOX', $5, $6)`,
    [rows[0]!.id, line.sku, line.qty, line.title ?? 'Blender', line.oneOfAKind ?? false, line.unitPriceCents],
  );
}

describe('cart service', () => {
  let db: TestSchemaPool;
  let keys: TestKeyPair;
  let server: Listening;
  const getCart = (token?: string) => fetch(`${server.url}/api/cart`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const cartCount = async () => (await db.pool.query('SELECT count(*)::int AS n FROM carts')).rows[0].n as number;

  beforeAll(async () => {
    db = createTestSchemaPool('cart');
    await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR });
    keys = await testKeyPair();
    server = await listen(createApp({ pool: db.pool, logger: testLogger('cart'), verifier: createTokenVerifier({ keySet: keys.keySet }) }));
  });
  afterAll(async () => {
    await server.close();
    await db.cleanup();
  });

  it('creates the kit outbox verbatim in its first migration', () => {
    expect(readFileSync(path.join(MIGRATIONS_DIR, '001-init.sql'), 'utf8')).toContain(OUTBOX_SQL);
  });

  it('is live and ready with its database', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  describe('GET /api/cart', () => {
    const empty = { lines: [], subtotal: '0.00', tax: '0.00', total: '0.00' };

    it('gives an anonymous caller an empty cart and creates nothing', async () => {
      const before = await cartCount();
      const res = await getCart();
      expect([res.status, await res.json()]).toEqual([200, empty]);
      expect(await cartCount()).toBe(before);
    });

    it('gives a new guest session an empty cart without creating one', async () => {
      const before = await cartCount();
      const res = await getCart(await signTestToken({ kind: 'guest' }, { keys }));
      expect(await res.json()).toEqual(empty);
      expect(await cartCount()).toBe(before);
    });

    it("answers the caller's own lines with server-computed totals", async () => {
      const subject = randomUUID();
      await insertCartLine(db.pool, subject, { sku: 'LAMP-1', qty: 2, unitPriceCents: 1999, title: 'Desk Lamp' });
      await insertCartLine(db.pool, subject, { sku: 'VASE-1', qty: 1, unitPriceCents: 500, oneOfAKind: true });
      await insertCartLine(db.pool, randomUUID(), { sku: 'OTHER', qty: 1, unitPriceCents: 99999 });

      const res = await getCart(await signTestToken({ sub: subject, kind: 'customer' }, { keys }));
      const cart = Cart.parse(await res.json());

      expect(cart.lines.map((l) => [l.variant.sku, l.qty, l.subtotal])).toEqual([
        ['LAMP-1', 2, '39.98'],
        ['VASE-1', 1, '5.00'],
      ]);
      expect(cart.lines[0]!.variant).toMatchObject({ title: 'Desk Lamp', price: '19.99', oneOfAKind: false });
      expect([cart.subtotal, cart.tax, cart.total]).toEqual(['44.98', '3.60', '48.58']);
    });

    it('answers 401 to a token that does not verify, rather than an empty cart', async () => {
      const res = await getCart('not.a.token');
      expect([res.status, (await res.json()).code]).toEqual([401, 'UNAUTHENTICATED']);
    });
  });

  it('refuses a line with a quantity below one', async () => {
    await expect(insertCartLine(db.pool, randomUUID(), { sku: 'X', qty: 0, unitPriceCents: 100 })).rejects.toMatchObject({ code: '23514' });
  });
});
