import { randomUUID } from 'node:crypto';
import { Hold } from '@pl/contracts';
import { expireLapsedHolds, pruneEndedHolds } from '../src/domain/hold-expiry.js';
import { INTERNAL_TOKEN, startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertHold, insertProduct } from './factories.js';
import { eventually } from '@pl/service-kit/testing';

describe('internal holds API', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  /** Everything a hold request could change: to prove a refused one changed nothing. */
  const snapshot = async () => {
    const q = async (sql: string) => (await catalog.pool.query(sql)).rows;
    return {
      holds: await q('SELECT id, status, expires_at, order_id FROM holds ORDER BY id'),
      allocations: await q('SELECT * FROM hold_allocations ORDER BY hold_id, location_id'),
      levels: await q('SELECT variant_id, location_id, on_hand FROM inventory_levels ORDER BY variant_id, location_id'),
      outbox: await q('SELECT count(*)::int AS n FROM outbox'),
    };
  };
  const available = async (productId: string) => (await (await catalog.get(`/api/products/${productId}`)).json()).variants[0].totalAvailable as number;
  const stockAt = async (sku: string) =>
    (await catalog.pool.query('SELECT location_id, on_hand FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.sku = $1 ORDER BY location_id', [sku])).rows;
  const createHold = (body: Record<string, unknown>) => catalog.internal('POST', '/internal/holds', { qty: 1, holder: 'cart-a', ttlSeconds: 600, ...body });
  const product = (levels: Array<{ locationId: string; onHand: number }>) => insertProduct(catalog.pool, { variants: [{ levels }] });

  describe('authorisation', () => {
    it.each([
      ['no token', {}],
      ['a wrong token', { authorization: `Bearer ${INTERNAL_TOKEN}x` }],
      ['a shopper session as bearer', 'session'],
    ] as const)('answers 401 JSON with %s and changes nothing', async (_what, headers) => {
      const { variants } = await product([{ locationId: 'dublin', onHand: 1 }]);
      const before = await snapshot();
      const auth = headers === 'session' ? catalog.callers.admin : headers;
      for (const [method, path] of [
        ['POST', '/internal/holds'],
        ['GET', `/internal/holds/${randomUUID()}`],
        ['PUT', '/internal/stock'],
        ['PUT', '/internal/products'],
      ] as const) {
        const res = await catalog.request(method, path, method === 'GET' ? undefined : { sku: variants[0]!.sku, qty: 1, holder: 'x', ttlSeconds: 60 }, auth);
        expect([res.status, await res.json()]).toEqual([401, { message: 'Missing or invalid internal API token', code: 'UNAUTHENTICATED' }]);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('is not reachable under /api', async () => {
      expect((await catalog.request('POST', '/api/internal/holds', { sku: 'X', qty: 1, holder: 'x', ttlSeconds: 60 })).status).toBe(404);
    });
  });

  describe('POST /internal/holds', () => {
    it('holds units, shows them reserved at once and answers 201 with the hold', async () => {
      const { id, variants } = await product([{ locationId: 'dublin', onHand: 3 }]);
      const sku = variants[0]!.sku;

      const res = await createHold({ sku, qty: 2, ttlSeconds: 600 });

      expect(res.status).toBe(201);
      const hold = Hold.parse(await res.json());
      expect(hold).toMatchObject({ sku, qty: 2, holder: 'cart-a', status: 'active' });
      expect(Date.parse(hold.expiresAt) - Date.now()).toBeGreaterThan(590_000);
      const body = await (await catalog.get(`/api/products/${id}`)).json();
      expect(body.variants[0]).toMatchObject({ inventoryLevels: [{ locationId: 'dublin', onHand: 3, reserved: 2 }], totalReserved: 2, totalAvailable: 1 });
      expect(await (await catalog.internal('GET', `/internal/holds/${hold.id}`)).json()).toEqual(hold);
    });

    it("tells everyone when the held units may be back (the last hold's end), never who holds them", async () => {
      const { id, variants } = await product([{ locationId: 'dublin', onHand: 2 }]);
      const sku = variants[0]!.sku;
      const variantOf = async () => (await (await catalog.get(`/api/products/${id}`)).json()).variants[0];
      expect((await variantOf()).reservedUntil).toBeNull();

      const first = Hold.parse(await (await createHold({ sku, holder: 'cart-a', ttlSeconds: 300 })).json());
      const last = Hold.parse(await (await createHold({ sku, holder: 'cart-b', ttlSeconds: 600 })).json());

      const variant = await variantOf();
      expect(variant.reservedUntil).toBe(last.expiresAt);
      expect(Date.parse(variant.reservedUntil)).toBeGreaterThan(Date.parse(first.expiresAt));
      expect(JSON.stringify(variant)).not.toMatch(/cart-a|cart-b/);
      await catalog.internal('POST', `/internal/holds/${last.id}/release`, {});
      expect((await variantOf()).reservedUntil).toBe(first.expiresAt);
    });

    it('spreads a hold over locations when no single one has enough', async () => {
      const { variants } = await product([
        { locationId: 'dublin', onHand: 1 },
        { locationId: 'westerville', onHand: 2 },
      ]);
      const hold = Hold.parse(await (await createHold({ sku: variants[0]!.sku, qty: 3 })).json());
      const { rows } = await catalog.pool.query('SELECT location_id, qty FROM hold_allocations WHERE hold_id = $1 ORDER BY location_id', [hold.id]);
      expect(rows).toEqual([
        { location_id: 'dublin', qty: 1 },
        { location_id: 'westerville', qty: 2 },
      ]);
    });

    it('refuses a second shopper for a one-of-a-kind item with 409 HELD_BY_ANOTHER', async () => {
      const { variants } = await product([{ locationId: 'dublin', onHand: 1 }]);
      const sku = variants[0]!.sku;
      expect((await createHold({ sku, holder: 'cart-a' })).status).toBe(201);
      const before = await snapshot();

      const res = await createHold({ sku, holder: 'cart-b' });

      expect([res.status, await res.json()]).toEqual([409, { message: 'Sorry, this item is reserved by another shopper', code: 'HELD_BY_ANOTHER' }]);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 409 INSUFFICIENT_STOCK with what is left, and for a sold-out item', async () => {
      const { variants } = await product([{ locationId: 'dublin', onHand: 2 }]);
      const { variants: soldOut } = await product([{ locationId: 'dublin', onHand: 0 }]);
      const before = await snapshot();

      const few = await createHold({ sku: variants[0]!.sku, qty: 3 });
      const none = await createHold({ sku: soldOut[0]!.sku });

      expect([few.status, await few.json()]).toEqual([409, { message: 'Only 2 left', code: 'INSUFFICIENT_STOCK' }]);
      expect([none.status, await none.json()]).toEqual([409, { message: 'Sorry, this item is sold out', code: 'INSUFFICIENT_STOCK' }]);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 404 UNKNOWN_SKU for a sku nobody has', async () => {
      const res = await createHold({ sku: 'NO-SUCH-SKU' });
      expect([res.status, await res.json()]).toEqual([404, { message: 'Unknown SKU NO-SUCH-SKU', code: 'UNKNOWN_SKU' }]);
    });

    it.each([
      ['a zero quantity', { qty: 0 }, 'qty'],
      ['a negative quantity', { qty: -1 }, 'qty'],
      ['a huge quantity', { qty: 1_000_000 }, 'qty'],
      ['a fractional quantity', { qty: 1.5 }, 'qty'],
      ['a quantity as a string', { qty: '1' }, 'qty'],
      ['a ttl above the maximum', { ttlSeconds: 3601 }, 'ttlSeconds'],
      ['a zero ttl', { ttlSeconds: 0 }, 'ttlSeconds'],
      ['a sku with spaces', { sku: 'A B' }, 'sku'],
      ['an empty holder', { holder: '' }, 'holder'],
      ['an unknown field', { isAdmin: true }, 'isAdmin'],
    ])('answers 400 for %s and changes nothing', async (_what, patch, field) => {
      const { variants } = await product([{ locationId: 'dublin', onHand: 5 }]);
      const before = await snapshot();
      const res = await createHold({ sku: variants[0]!.sku, ...patch });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: expect.stringContaining(field), code: 'VALIDATION_FAILED' });
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 for a malformed JSON body', async () => {
      const res = await catalog.internal('POST', '/internal/holds', '{"sku": ');
      expect([res.status, await res.json()]).toEqual([400, { message: 'Malformed JSON body', code: 'BAD_REQUEST' }]);
    });
  });

  describe('expiry', () => {
    it('stops counting an expired hold at once, before any sweeper, and lets another shopper hold the unit', async () => {
      const { id, variants } = await product([{ locationId: 'dublin', onHand: 1 }]);
      const sku = variants[0]!.sku;
      const hold = Hold.parse(await (await createHold({ sku, holder: 'cart-a', ttlSeconds: 600 })).json());
      expect(await available(id)).toBe(0);

      await catalog.pool.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [hold.id]);

      expect(await available(id)).toBe(1);
      expect((await (await catalog.internal('GET', `/internal/holds/${hold.id}`)).json()).status).toBe('expired');
      expect((await createHold({ sku, holder: 'cart-b' })).status).toBe(201);
    });

    it('lets a 2-second hold lapse by itself', async () => {
      const { id, variants } = await product([{ locationId: 'dublin', onHand: 1 }]);
      expect((await createHold({ sku: variants[0]!.sku, ttlSeconds: 2 })).status).toBe(201);
      expect(await available(id)).toBe(0);
      // Two seconds: room for the read above on a slow machine; then the unit is back, with no write.
      await eventually(async () => expect(await available(id)).toBe(1), { timeoutMs: 10_000, intervalMs: 100 });
    });

    it('the sweeper marks lapsed holds expired and records one inventory.updated per variant', async () => {
      const { variants } = await product([{ locationId: 'dublin', onHand: 5 }]);
      const variantId = variants[0]!.id;
      const lapsed = [
        await insertHold(catalog.pool, { variantId, locationId: 'dublin', qty: 1, expiresInSeconds: -5 }),
        await insertHold(catalog.pool, { variantId, locationId: 'dublin', qty: 2, expiresInSeconds: -1 }),
      ];
      const live = await insertHold(catalog.pool, { variantId, locationId: 'dublin', qty: 1, expiresInSeconds: 600 });
      const events = () => catalog.pool.query(`SELECT payload FROM outbox WHERE subject = $1`, [`inventory.updated.${variants[0]!.sku}`]);

      await expireLapsedHolds(catalog.pool);

      const { rows } = await catalog.pool.query('SELECT id, status FROM holds WHERE variant_id = $1', [variantId]);
      expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [lapsed[0]!]: 'expired', [lapsed[1]!]: 'expired', [live]: 'active' });
      expect((await events()).rows.map((r) => r.payload)).toEqual([expect.objectContaining({ onHand: 5, reserved: 1, available: 4 })]);

      await expireLapsedHolds(catalog.pool); // nothing left to do: no second event
      expect((await events()).rowCount).toBe(1);
    });
  });

  describe('pruning', () => {
    it('deletes released and expired holds that ended more than 7 days ago, with their allocations, and keeps the rest', async () => {
      const { variants } = await product([{ locationId: 'dublin', onHand: 20 }]);
      const variantId = variants[0]!.id;
      const hold = async (status: 'active' | 'released' | 'expired' | 'committed', endedDaysAgo: number) => {
        const id = await insertHold(catalog.pool, { variantId, locationId: 'dublin', qty: 1, expiresInSeconds: status === 'active' ? 600 : -60 });
        await catalog.pool.query(`UPDATE holds SET status = $2, order_id = $3, updated_at = now() - make_interval(days => $4) WHERE id = $1`, [
          id,
          status,
          status === 'committed' ? `order-${id}` : null,
          endedDaysAgo,
        ]);
        return id;
      };
      const old = [await hold('released', 8), await hold('expired', 30)];
      const kept = [await hold('released', 6), await hold('expired', 1), await hold('committed', 60), await hold('active', 0)];

      // As the hourly worker runs it; the next run finds nothing left.
      expect(await pruneEndedHolds(catalog.pool)).toBeGreaterThanOrEqual(2);
      expect(await pruneEndedHolds(catalog.pool)).toBe(0);

      const { rows } = await catalog.pool.query('SELECT id FROM holds WHERE variant_id = $1 ORDER BY id', [variantId]);
      expect(rows.map((r) => r.id).sort()).toEqual([...kept].sort());
      const orphans = await catalog.pool.query('SELECT count(*)::int AS n FROM hold_allocations WHERE hold_id = ANY($1::uuid[])', [old]);
      expect(orphans.rows[0].n).toBe(0);
    });
  });

  describe('release, extend, commit', () => {
    const holdOf = async (levels: Array<{ locationId: string; onHand: number }>, qty = 1) => {
      const p = await product(levels);
      const hold = Hold.parse(await (await createHold({ sku: p.variants[0]!.sku, qty })).json());
      return { ...p, sku: p.variants[0]!.sku, hold };
    };

    it('release gives the units back; repeating it is harmless', async () => {
      const { id, hold } = await holdOf([{ locationId: 'dublin', onHand: 1 }]);
      const first = await catalog.internal('POST', `/internal/holds/${hold.id}/release`);
      expect([first.status, (await first.json()).status]).toEqual([200, 'released']);
      expect(await available(id)).toBe(1);
      const again = await catalog.internal('POST', `/internal/holds/${hold.id}/release`, {});
      expect([again.status, (await again.json()).status]).toEqual([200, 'released']);
    });

    it('extend moves the end of an active hold; refuses one that lapsed with 409 HOLD_NOT_ACTIVE', async () => {
      const { hold } = await holdOf([{ locationId: 'dublin', onHand: 1 }]);
      const res = await catalog.internal('POST', `/internal/holds/${hold.id}/extend`, { ttlSeconds: 3600 });
      expect(res.status).toBe(200);
      expect(Date.parse((await res.json()).expiresAt) - Date.now()).toBeGreaterThan(3590_000);

      await catalog.pool.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [hold.id]);
      const late = await catalog.internal('POST', `/internal/holds/${hold.id}/extend`, { ttlSeconds: 600 });
      expect([late.status, await late.json()]).toEqual([409, { message: 'This reservation has expired', code: 'HOLD_NOT_ACTIVE' }]);
    });

    it('commit takes the units off the shelf where they were held, once per order id', async () => {
      const { id, sku, hold } = await holdOf(
        [
          { locationId: 'dublin', onHand: 1 },
          { locationId: 'westerville', onHand: 3 },
        ],
        2,
      );
      const res = await catalog.internal('POST', `/internal/holds/${hold.id}/commit`, { orderId: 'order-1' });
      const taken = [{ locationId: 'westerville', qty: 2 }];
      expect([res.status, await res.json()]).toMatchObject([200, { status: 'committed', allocations: taken }]);
      expect(await stockAt(sku)).toEqual([
        { location_id: 'dublin', on_hand: 1 },
        { location_id: 'westerville', on_hand: 1 },
      ]);
      const body = await (await catalog.get(`/api/products/${id}`)).json();
      expect(body.variants[0]).toMatchObject({ totalOnHand: 2, totalReserved: 0, totalAvailable: 2 });

      const again = await catalog.internal('POST', `/internal/holds/${hold.id}/commit`, { orderId: 'order-1' });
      expect([again.status, await again.json()]).toMatchObject([200, { status: 'committed', allocations: taken }]);
      expect(await stockAt(sku)).toEqual([
        { location_id: 'dublin', on_hand: 1 },
        { location_id: 'westerville', on_hand: 1 },
      ]);

      const other = await catalog.internal('POST', `/internal/holds/${hold.id}/commit`, { orderId: 'order-2' });
      expect([other.status, await other.json()]).toEqual([409, { message: 'This reservation was already used for another order', code: 'HOLD_NOT_ACTIVE' }]);
      const release = await catalog.internal('POST', `/internal/holds/${hold.id}/release`);
      expect([release.status, (await release.json()).code]).toEqual([409, 'HOLD_NOT_ACTIVE']);
    });

    it('refuses to commit a released or expired hold with 409 HOLD_NOT_ACTIVE and changes nothing', async () => {
      const released = await holdOf([{ locationId: 'dublin', onHand: 1 }]);
      await catalog.internal('POST', `/internal/holds/${released.hold.id}/release`);
      const expired = await holdOf([{ locationId: 'dublin', onHand: 1 }]);
      await catalog.pool.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.hold.id]);
      const before = await snapshot();

      const r1 = await catalog.internal('POST', `/internal/holds/${released.hold.id}/commit`, { orderId: 'o' });
      const r2 = await catalog.internal('POST', `/internal/holds/${expired.hold.id}/commit`, { orderId: 'o' });

      expect([r1.status, await r1.json()]).toEqual([409, { message: 'This reservation was released', code: 'HOLD_NOT_ACTIVE' }]);
      expect([r2.status, await r2.json()]).toEqual([409, { message: 'This reservation has expired', code: 'HOLD_NOT_ACTIVE' }]);
      expect(await snapshot()).toEqual(before);
    });

    it('ends a hold the shelf can no longer cover when the store counts fewer units (sold in person): lost, not committable', async () => {
      const { sku, hold } = await holdOf([{ locationId: 'dublin', onHand: 1 }]);
      const events = async () => (await catalog.pool.query(`SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq`, [`inventory.updated.${sku}`])).rows;
      const before = (await events()).length;

      const count = await catalog.internal('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand: 0 });

      expect(await count.json()).toMatchObject({ changed: true, totalOnHand: 0, totalReserved: 0, totalAvailable: 0 });
      const lookup = await catalog.internal('POST', '/internal/holds/lookup', { ids: [hold.id] });
      expect([lookup.status, await lookup.json()]).toEqual([200, { holds: [{ ...hold, status: 'lost' }] }]);
      // One event says the reservation is gone with the unit.
      const after = await events();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)!.payload).toMatchObject({ onHand: 0, reserved: 0, available: 0 });
      const snap = await snapshot();
      for (const [path, body] of [
        [`/internal/holds/${hold.id}/commit`, { orderId: 'o' }],
        [`/internal/holds/${hold.id}/extend`, { ttlSeconds: 60 }],
      ] as const) {
        const res = await catalog.internal('POST', path, body);
        expect([res.status, await res.json()]).toEqual([409, { message: 'Sorry, this item was sold in the store', code: 'HOLD_NOT_ACTIVE' }]);
      }
      expect(await snapshot()).toEqual(snap);
    });

    it('keeps the oldest holds a recount can still cover and ends the newest (first come, first kept)', async () => {
      const { sku, hold: first } = await holdOf([{ locationId: 'dublin', onHand: 3 }]);
      const second = Hold.parse(await (await createHold({ sku, holder: 'cart-b' })).json());
      const third = Hold.parse(await (await createHold({ sku, holder: 'cart-c' })).json());

      await catalog.internal('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand: 2 });
      await catalog.internal('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand: 3 }); // counted up again: nothing comes back

      const { holds } = await (await catalog.internal('POST', '/internal/holds/lookup', { ids: [third.id, first.id, second.id] })).json();
      expect(Object.fromEntries(holds.map((h: Hold) => [h.holder, h.status]))).toEqual({ 'cart-a': 'active', 'cart-b': 'active', 'cart-c': 'lost' });
      expect((await catalog.internal('POST', `/internal/holds/${second.id}/commit`, { orderId: 'o-b' })).status).toBe(200);
    });

    it('a product update from the POS with a lower count ends the holds it no longer covers too', async () => {
      const { sku, hold } = await holdOf([{ locationId: 'dublin', onHand: 1 }]);
      const res = await catalog.internal('PUT', '/internal/products', {
        title: 'Recounted',
        conditionGrade: 'USED',
        variants: [{ sku, priceCents: 1000, stock: [{ locationId: 'dublin', onHand: 0 }] }],
      });
      expect(res.status).toBe(200);
      expect((await (await catalog.internal('POST', '/internal/holds/lookup', { ids: [hold.id] })).json()).holds[0].status).toBe('lost');
    });

    it('looks holds up in one call, leaving unknown ids out, and refuses a malformed request with 400', async () => {
      const { hold } = await holdOf([{ locationId: 'dublin', onHand: 1 }]);
      const found = await catalog.internal('POST', '/internal/holds/lookup', { ids: [hold.id, randomUUID(), hold.id] });
      expect(await found.json()).toEqual({ holds: [hold] });
      for (const body of [{}, { ids: [] }, { ids: ['not-a-uuid'] }, { ids: Array.from({ length: 201 }, () => randomUUID()) }, { ids: [hold.id], extra: 1 }]) {
        const res = await catalog.internal('POST', '/internal/holds/lookup', body);
        expect([res.status, (await res.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
      }
    });

    it('answers 400 for a malformed hold id or body and 404 for an unknown hold', async () => {
      const { hold } = await holdOf([{ locationId: 'dublin', onHand: 1 }]);
      const before = await snapshot();
      for (const [path, body, status] of [
        ['/internal/holds/not-a-uuid', undefined, 400],
        [`/internal/holds/${randomUUID()}`, undefined, 404],
        ['/internal/holds/not-a-uuid/release', {}, 400],
        [`/internal/holds/${randomUUID()}/release`, {}, 404],
        [`/internal/holds/${hold.id}/release`, { force: true }, 400],
        [`/internal/holds/${hold.id}/extend`, { ttlSeconds: 'ten' }, 400],
        [`/internal/holds/${hold.id}/extend`, { ttlSeconds: -5 }, 400],
        [`/internal/holds/${hold.id}/extend`, {}, 400],
        [`/internal/holds/${randomUUID()}/extend`, { ttlSeconds: 60 }, 404],
        [`/internal/holds/${hold.id}/commit`, {}, 400],
        [`/internal/holds/${hold.id}/commit`, { orderId: '' }, 400],
        [`/internal/holds/${randomUUID()}/commit`, { orderId: 'o' }, 404],
      ] as const) {
        const res = await catalog.internal(body === undefined ? 'GET' : 'POST', path, body);
        expect([path, res.status]).toEqual([path, status]);
        expect(await res.json()).toEqual({ message: expect.any(String), code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED' });
      }
      expect(await snapshot()).toEqual(before);
    });
  });
});
