import { OrderAllocations, Product, SetStockResult, UpsertProductBatchResult, UpsertProductResult, type UpsertProductRequest } from '@pl/contracts';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { randomUUID } from 'node:crypto';
import { insertProducts, insertVariants } from '../src/db/product-write.repo.js';
import { insertProduct, uniqueSku } from './factories.js';

describe('internal stock and product writes (pos-sync)', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  const outboxCount = async () => (await catalog.pool.query('SELECT count(*)::int AS n FROM outbox')).rows[0].n as number;
  const snapshot = async () => ({
    products: (await catalog.pool.query('SELECT * FROM products ORDER BY id')).rows,
    variants: (await catalog.pool.query('SELECT * FROM variants ORDER BY id')).rows,
    levels: (await catalog.pool.query('SELECT variant_id, location_id, on_hand FROM inventory_levels ORDER BY 1, 2')).rows,
    outbox: await outboxCount(),
  });
  const setStock = (body: Record<string, unknown>) => catalog.internal('PUT', '/internal/stock', body);
  const upsert = (body: unknown) => catalog.internal('PUT', '/internal/products', body);

  describe('PUT /internal/stock', () => {
    it('sets what is on hand at a location and answers the variant totals', async () => {
      const { variants } = await insertProduct(catalog.pool, { variants: [{ levels: [{ locationId: 'dublin', onHand: 2, reserved: 1 }] }] });
      const sku = variants[0]!.sku;

      const res = await setStock({ sku, locationId: 'westerville', onHand: 5 });

      expect(res.status).toBe(200);
      expect(SetStockResult.parse(await res.json())).toEqual({
        sku,
        locationId: 'westerville',
        onHand: 5,
        changed: true,
        totalOnHand: 7,
        totalReserved: 1,
        totalAvailable: 6,
      });
    });

    it('is idempotent: the same count again changes nothing and records no event', async () => {
      const { variants } = await insertProduct(catalog.pool, { variants: [{ levels: [{ locationId: 'dublin', onHand: 2 }] }] });
      const sku = variants[0]!.sku;
      const before = await outboxCount();

      const first = SetStockResult.parse(await (await setStock({ sku, locationId: 'dublin', onHand: 3 })).json());
      const second = SetStockResult.parse(await (await setStock({ sku, locationId: 'dublin', onHand: 3 })).json());
      const zeroWhereNone = SetStockResult.parse(await (await setStock({ sku, locationId: 'westerville', onHand: 0 })).json());

      expect([first.changed, second.changed, zeroWhereNone.changed]).toEqual([true, false, false]);
      expect(await outboxCount()).toBe(before + 1);
    });

    it.each([
      ['an unknown sku', 404, { sku: 'NO-SUCH-SKU' }, 'UNKNOWN_SKU'],
      ['an unknown location', 404, { locationId: 'atlantis' }, 'NOT_FOUND'],
      ['a negative count', 400, { onHand: -1 }, 'VALIDATION_FAILED'],
      ['a huge count', 400, { onHand: 10_000_000 }, 'VALIDATION_FAILED'],
      ['a fractional count', 400, { onHand: 2.5 }, 'VALIDATION_FAILED'],
      ['a count as a string', 400, { onHand: '3' }, 'VALIDATION_FAILED'],
      ['a malformed location id', 400, { locationId: 'Dublin Store' }, 'VALIDATION_FAILED'],
      ['an unknown field', 400, { reserved: 0 }, 'VALIDATION_FAILED'],
    ])('answers %s with %i and changes nothing', async (_what, status, patch, code) => {
      const { variants } = await insertProduct(catalog.pool, { variants: [{ levels: [{ locationId: 'dublin', onHand: 2 }] }] });
      const before = await snapshot();
      const res = await setStock({ sku: variants[0]!.sku, locationId: 'dublin', onHand: 4, ...patch });
      expect([res.status, (await res.json()).code]).toEqual([status, code]);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('PUT /internal/products', () => {
    const request = (skus: string[], overrides: Partial<UpsertProductRequest> = {}): UpsertProductRequest => ({
      title: 'Cordless Drill 18V',
      brand: 'Makita',
      description: 'Brushless drill driver.',
      conditionGrade: 'OPEN_BOX',
      conditionNotes: 'Box opened, unused.',
      oneOfAKind: false,
      category: 'home-garden',
      images: ['/api/media/drill.svg'],
      variants: skus.map((sku, i) => ({ sku, priceCents: 9900 + i * 1000, compareAtCents: 14900, stock: [{ locationId: 'dublin', onHand: 2 + i }] })),
      ...overrides,
    });

    it('creates a product with its variants and stock (201), then updates it in place (200)', async () => {
      const skus = [uniqueSku(), uniqueSku()];
      const created = await upsert(request(skus));
      expect(created.status).toBe(201);
      const { productId } = UpsertProductResult.parse(await created.json());

      const product = Product.parse(await (await catalog.get(`/api/products/${productId}`)).json());
      expect(product).toMatchObject({ title: 'Cordless Drill 18V', brand: 'Makita', category: 'home-garden', currentPrice: '99.00', originalPrice: '149.00', images: ['/api/media/drill.svg'] });
      expect(product.variants.map((v) => [v.sku, v.totalOnHand])).toEqual([
        [skus[0], 2],
        [skus[1], 3],
      ]);

      const updated = await upsert(request(skus, { title: 'Cordless Drill 18V LXT', conditionGrade: 'USED', images: [], variants: [{ sku: skus[0]!, priceCents: 8900, compareAtCents: null, stock: [{ locationId: 'westerville', onHand: 1 }] }] }));
      expect([updated.status, await updated.json()]).toEqual([200, { productId, created: false }]);
      const after = Product.parse(await (await catalog.get(`/api/products/${productId}`)).json());
      expect(after).toMatchObject({ title: 'Cordless Drill 18V LXT', conditionGrade: 'USED', currentPrice: '89.00', originalPrice: null, images: ['/api/media/drill.svg'] });
      expect(after.variants.map((v) => [v.sku, v.totalOnHand])).toEqual([
        [skus[0], 3],
        [skus[1], 3],
      ]);
    });

    it('is idempotent: the same request again changes nothing and records no event', async () => {
      const body = request([uniqueSku()]);
      const first = UpsertProductResult.parse(await (await upsert(body)).json());
      const before = await snapshot();
      const again = await upsert(body);
      expect([again.status, await again.json()]).toEqual([200, { productId: first.productId, created: false }]);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses skus of two different products with 409 and changes nothing', async () => {
      const a = await insertProduct(catalog.pool);
      const b = await insertProduct(catalog.pool);
      const before = await snapshot();
      const res = await upsert(request([a.variants[0]!.sku, b.variants[0]!.sku]));
      expect([res.status, await res.json()]).toEqual([409, { message: 'These SKUs belong to different products', code: 'CONFLICT' }]);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['no variants', 400, { variants: [] }],
      ['a duplicated sku', 400, 'duplicate'],
      ['an unknown category', 400, { category: 'weapons' }],
      ['a negative price', 400, 'negative-price'],
      ['an unknown field', 400, { isFeatured: true }],
      ['an unknown location in stock', 404, 'unknown-location'],
      ['a title of the wrong type', 400, { title: 42 }],
    ] as Array<[string, number, string | Record<string, unknown>]>)('answers %s with %i and changes nothing', async (_what, status, patch) => {
      const sku = uniqueSku();
      const base = request([sku]);
      const body =
        patch === 'duplicate' ? { ...base, variants: [base.variants[0], base.variants[0]] }
        : patch === 'negative-price' ? { ...base, variants: [{ ...base.variants[0], priceCents: -1 }] }
        : patch === 'unknown-location' ? { ...base, variants: [{ ...base.variants[0], stock: [{ locationId: 'atlantis', onHand: 1 }] }] }
        : { ...base, ...(patch as Record<string, unknown>) };
      const before = await snapshot();
      const res = await upsert(body);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message: expect.any(String), code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED' });
      expect(await snapshot()).toEqual(before);
    });

    it('creates a product once when two first-time upserts of its sku race', async () => {
      const body = request([uniqueSku()]);
      const results = await Promise.all([upsert(body), upsert(body), upsert(body)]);
      const parsed = await Promise.all(results.map((r) => r.json()));
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(parsed.map((p) => p.productId)).size).toBe(1);
    });
  });

  describe('PUT /internal/products/batch', () => {
    const product = (sku: string, title = 'Espresso Machine', locationId = 'dublin'): UpsertProductRequest => ({
      title,
      conditionGrade: 'OPEN_BOX',
      oneOfAKind: false,
      category: 'home-garden',
      images: [],
      variants: [{ sku, priceCents: 19900, stock: [{ locationId, onHand: 2 }] }],
    });
    const batch = (body: unknown) => catalog.internal('PUT', '/internal/products/batch', body);

    it('upserts every product in order and reports a refused one in its place without undoing the others', async () => {
      const [a, b] = [uniqueSku(), uniqueSku()];
      const first = await batch({ products: [product(a), product(b, 'Grinder', 'atlantis'), product(b)] });
      const results = UpsertProductBatchResult.parse(await first.json()).results;
      expect(first.status).toBe(200);
      expect(results).toEqual([
        { productId: expect.any(String), created: true },
        { error: { status: 404, code: 'NOT_FOUND', message: 'Unknown location atlantis' } },
        { productId: expect.any(String), created: true },
      ]);

      const again = UpsertProductBatchResult.parse(await (await batch({ products: [product(a), product(b)] })).json()).results;
      expect(again).toEqual([
        { productId: (results[0] as { productId: string }).productId, created: false },
        { productId: (results[2] as { productId: string }).productId, created: false },
      ]);
    });

    it('reports a product whose data the database refuses (a NUL in its title) as a 400 in its place, and saves the others', async () => {
      const [a, b, c] = [uniqueSku(), uniqueSku(), uniqueSku()];
      const res = await batch({ products: [product(a), product(b, 'Broken\u0000Title'), product(c)] });
      expect(res.status).toBe(200);
      expect(UpsertProductBatchResult.parse(await res.json()).results).toEqual([
        { productId: expect.any(String), created: true },
        { error: { status: 400, code: 'VALIDATION_FAILED', message: 'The catalog cannot store this product as sent (the database refused its data)' } },
        { productId: expect.any(String), created: true },
      ]);
    });

    it('announces each new variant once, then only the variants whose count changed', async () => {
      const skus = [uniqueSku(), uniqueSku(), uniqueSku()];
      const before = await outboxCount();
      expect((await batch({ products: skus.map((sku) => product(sku)) })).status).toBe(200);
      expect(await outboxCount()).toBe(before + 3);
      const created = await catalog.pool.query(`SELECT payload FROM outbox ORDER BY seq DESC LIMIT 3`);
      expect(created.rows.map((r) => r.payload).sort((a, b) => a.sku.localeCompare(b.sku))).toEqual(
        [...skus].sort().map((sku) => expect.objectContaining({ sku, onHand: 2, reserved: 0, available: 2 })),
      );

      const recount = skus.map((sku) => product(sku));
      recount[1] = { ...recount[1]!, title: 'Espresso Machine, descaled', variants: [{ ...recount[1]!.variants[0]!, stock: [{ locationId: 'dublin', onHand: 5 }] }] };
      expect((await batch({ products: recount })).status).toBe(200);
      const { rows } = await catalog.pool.query(`SELECT subject, payload FROM outbox ORDER BY seq DESC LIMIT 1`);
      expect(await outboxCount()).toBe(before + 4);
      expect(rows[0]).toMatchObject({ subject: `inventory.updated.${skus[1]}`, payload: { sku: skus[1], onHand: 5, available: 5 } });
    });

    it('gives products of one batch creation times in the order sent, newest last', async () => {
      const skus = [uniqueSku(), uniqueSku(), uniqueSku()];
      const results = UpsertProductBatchResult.parse(await (await batch({ products: skus.map((sku, i) => product(sku, `Kettle ${i}`)) })).json()).results;
      const ids = results.map((r) => (r as { productId: string }).productId);
      const { rows } = await catalog.pool.query<{ id: string }>(`SELECT id FROM products WHERE id = ANY($1::uuid[]) ORDER BY created_at DESC, id DESC`, [ids]);
      expect(rows.map((r) => r.id)).toEqual([...ids].reverse());
    });

    it('ends the newest holds a lower count no longer covers, and keeps the oldest', async () => {
      const sku = uniqueSku();
      expect((await batch({ products: [product(sku)] })).status).toBe(200);
      const hold = async (holder: string) => (await (await catalog.internal('POST', '/internal/holds', { sku, qty: 1, holder, ttlSeconds: 600 })).json()) as { id: string };
      const first = await hold('cart:first');
      const second = await hold('cart:second');

      // The store sold one of the two in person: the POS counts 1.
      expect((await batch({ products: [{ ...product(sku), variants: [{ ...product(sku).variants[0]!, stock: [{ locationId: 'dublin', onHand: 1 }] }] }] })).status).toBe(200);

      const status = async (id: string) => ((await (await catalog.internal('GET', `/internal/holds/${id}`)).json()) as { status: string }).status;
      expect([await status(first.id), await status(second.id)]).toEqual(['active', 'lost']);
    });

    it("keeps a product's price keys apart: its variants made and a price changed leave the product's row unwritten, and the keys are the cheapest variant's", async () => {
      const id = randomUUID();
      const variants = [
        { id: randomUUID(), productId: id, sku: uniqueSku(), priceCents: 12_999, compareAtCents: 19_999 },
        { id: randomUUID(), productId: id, sku: uniqueSku(), priceCents: 12_999, compareAtCents: 13_000 },
        { id: randomUUID(), productId: id, sku: uniqueSku(), priceCents: 15_000, compareAtCents: null },
      ];
      const client = await catalog.pool.connect();
      try {
        await client.query('BEGIN');
        await insertProducts(client, [{ ...product(variants[0]!.sku), id }]);
        const rowAt = async () => (await client.query(`SELECT ctid::text AS at FROM products WHERE id = $1`, [id])).rows[0].at as string;
        const keys = async () => (await client.query(`SELECT min_price_cents, discount_pct FROM product_prices WHERE product_id = $1`, [id])).rows[0];
        const before = await rowAt();
        expect(await keys()).toEqual({ min_price_cents: null, discount_pct: 0 });
        await insertVariants(client, variants);
        const cheapest = [...variants].sort((a, b) => a.priceCents - b.priceCents || a.sku.localeCompare(b.sku))[0]!;
        expect(await keys()).toEqual({ min_price_cents: 12_999, discount_pct: cheapest.compareAtCents === 19_999 ? 35 : 0 });
        // A markdown's UPDATE: the keys follow, the product's row (and its search indexes) is not rewritten.
        await client.query(`UPDATE variants SET price_cents = 9999 WHERE id = $1`, [variants[2]!.id]);
        expect(await keys()).toEqual({ min_price_cents: 9_999, discount_pct: 0 });
        // An UPDATE writes a new version of the row elsewhere: the same place means no rewrite.
        expect(await rowAt()).toBe(before);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    });

    it('takes a batch far above the public body limit', async () => {
      const products = Array.from({ length: 100 }, () => ({ ...product(uniqueSku()), description: 'd'.repeat(4000) }));
      const res = await batch({ products });
      expect(res.status).toBe(200);
      expect(UpsertProductBatchResult.parse(await res.json()).results.every((r) => 'created' in r && r.created)).toBe(true);
    });

    it.each([
      ['an empty batch', { products: [] }],
      ['more than 100 products', { products: Array.from({ length: 101 }, () => product('SKU-X')) }],
      ['an invalid product', { products: [{ title: '' }] }],
    ])('answers %s with 400 and writes nothing', async (_what, body) => {
      const before = await snapshot();
      const res = await batch(body);
      expect([res.status, (await res.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('GET /internal/orders/:orderId/allocations', () => {
    it('answers the units each committed hold of the order took, per sku and location', async () => {
      const { variants } = await insertProduct(catalog.pool, {
        variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }, { locationId: 'westerville', onHand: 5 }] }, { levels: [{ locationId: 'dublin', onHand: 3 }] }],
      });
      const [first, second] = variants.map((v) => v.sku) as [string, string];
      const hold = async (sku: string, qty: number) => {
        const res = await catalog.internal('POST', '/internal/holds', { sku, qty, holder: 'cart-a', ttlSeconds: 60 });
        expect(res.status).toBe(201);
        return (await res.json()).id as string;
      };
      const holds = [await hold(first, 3), await hold(second, 2), await hold(second, 1)];
      await hold(first, 1); // held but not paid: not the order's
      for (const id of holds) expect((await catalog.internal('POST', `/internal/holds/${id}/commit`, { orderId: 'order-77' })).status).toBe(200);

      const res = await catalog.internal('GET', '/internal/orders/order-77/allocations');
      const body = OrderAllocations.parse(await res.json());
      expect(body.orderId).toBe('order-77');
      expect(body.lines.reduce((n, l) => n + l.qty, 0)).toBe(6);
      expect(body.lines.filter((l) => l.sku === second)).toEqual([{ sku: second, locationId: 'dublin', qty: 3 }]);
      expect(body.lines.filter((l) => l.sku === first).reduce((n, l) => n + l.qty, 0)).toBe(3);
    });

    it('answers 404 for an order that took nothing', async () => {
      const res = await catalog.internal('GET', '/internal/orders/no-such-order/allocations');
      expect([res.status, (await res.json()).code]).toEqual([404, 'NOT_FOUND']);
    });
  });
});
