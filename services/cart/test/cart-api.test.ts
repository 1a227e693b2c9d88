import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Cart } from '@pl/contracts';
import { KIT_MIGRATIONS, type Pool } from '@pl/service-kit';
import { signTestToken, startTestService, type TestService } from '@pl/service-kit/testing';
import { createApp } from '../src/app.js';

async function insertCartLine(pool: Pool, subject: string, line: { sku: string; qty: number; unitPriceCents: number; title?: string; oneOfAKind?: boolean }) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO carts (subject) VALUES ($1) ON CONFLICT (subject) DO UPDATE SET updated_at = now() RETURNING id`,
    [subject],
  );
  await pool.query(
    // A one-of-a-kind line is held from the moment it is in a cart (an expired one does not count).
    `INSERT INTO cart_lines (cart_id, sku, qty, title, condition_grade, one_of_a_kind, unit_price_cents, hold_ids, hold_expires_at)
     VALUES ($1, $2, $3, $4, 'OPEN_BOX', $5, $6, $7, CASE WHEN $5 THEN now() + interval '10 minutes' END)`,
    [rows[0]!.id, line.sku, line.qty, line.title ?? 'Blender', line.oneOfAKind ?? false, line.unitPriceCents, line.oneOfAKind ? [randomUUID()] : []],
  );
}

describe('cart service', () => {
  let service: TestService;
  const getCart = (token?: string) => fetch(`${service.url}/api/cart`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const cartCount = async () => (await service.pool.query('SELECT count(*)::int AS n FROM carts')).rows[0].n as number;

  beforeAll(async () => {
    service = await startTestService({
      name: 'cart',
      migrationsDir: path.resolve(__dirname, '../migrations'),
      createApp: (deps) => createApp(deps, { catalogUrl: 'http://127.0.0.1:9', internalApiToken: 'unused-in-these-tests-0123456789abcdef' }),
    });
  });
  afterAll(() => service.stop());

  it("gets the outbox from the kit's migration, applied before its own", () => {
    expect(service.migrations).toEqual([...KIT_MIGRATIONS.map((m) => m.name), '001-init.sql', '002-holds-checkout-payments-orders.sql', '003-failed-payments.sql', '004-order-lifecycle.sql', '005-cancellations-returns-refunds.sql', '006-pickup-transfers.sql', '007-test-orders.sql', '008-line-products.sql']);
  });

  it('is live and ready with its database', async () => {
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${service.url}/readyz`)).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  describe('GET /api/cart', () => {
    const empty = { lines: [], checkout: null, subtotal: '0.00', tax: '0.00', total: '0.00' };

    it('gives an anonymous caller an empty cart and creates nothing', async () => {
      const before = await cartCount();
      const res = await getCart();
      expect([res.status, await res.json()]).toEqual([200, empty]);
      expect(await cartCount()).toBe(before);
    });

    it('gives a new guest session an empty cart without creating one', async () => {
      const before = await cartCount();
      const res = await getCart(await signTestToken({ kind: 'guest' }, { keys: service.keys }));
      expect(await res.json()).toEqual(empty);
      expect(await cartCount()).toBe(before);
    });

    it("answers the caller's own lines with server-computed totals", async () => {
      const subject = randomUUID();
      await insertCartLine(service.pool, subject, { sku: 'LAMP-1', qty: 2, unitPriceCents: 1999, title: 'Desk Lamp' });
      await insertCartLine(service.pool, subject, { sku: 'VASE-1', qty: 1, unitPriceCents: 500, oneOfAKind: true });
      await insertCartLine(service.pool, randomUUID(), { sku: 'OTHER', qty: 1, unitPriceCents: 99999 });

      const res = await getCart(await signTestToken({ sub: subject, kind: 'customer' }, { keys: service.keys }));
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
    await expect(insertCartLine(service.pool, randomUUID(), { sku: 'X', qty: 0, unitPriceCents: 100 })).rejects.toMatchObject({ code: '23514' });
  });
});
