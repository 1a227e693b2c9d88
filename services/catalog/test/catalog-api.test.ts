import { randomUUID } from 'node:crypto';
import { AdminInventoryEntry, CategoryCount, CategoryIds, FALLBACK_PRODUCT_IMAGE, Location, Product, ProductList } from '@pl/contracts';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

describe('catalog service', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());
  beforeEach(() => catalog.pool.query('DELETE FROM products'));

  describe('health', () => {
    it('is live and ready with its database', async () => {
      expect(await (await catalog.get('/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await catalog.get('/readyz');
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok' } }]);
    });
  });

  describe('GET /api/products', () => {
    it('answers an empty list when there are no products', async () => {
      const res = await catalog.get('/api/products');
      expect([res.status, await res.json()]).toEqual([200, { data: [], nextCursor: null, total: 0 }]);
    });

    it('lists products newest first with decimal prices and stock totals', async () => {
      await insertProduct(catalog.pool, { title: 'Older', createdAt: new Date('2024-01-01') });
      await insertProduct(catalog.pool, {
        title: 'Newer',
        conditionGrade: 'LIGHTLY_USED',
        oneOfAKind: true,
        variants: [
          {
            priceCents: 24999,
            compareAtCents: 39999,
            levels: [
              { locationId: 'dublin', onHand: 3, reserved: 1 },
              { locationId: 'westerville', onHand: 1, reserved: 2 },
            ],
          },
        ],
      });

      const body = ProductList.parse(await (await catalog.get('/api/products')).json());

      expect(body.data.map((p) => p.title)).toEqual(['Newer', 'Older']);
      expect(body.data[0]).toMatchObject({
        conditionGrade: 'LIGHTLY_USED',
        oneOfAKind: true,
        category: 'electronics',
        currentPrice: '249.99',
        originalPrice: '399.99',
        variants: [
          {
            price: '249.99',
            compareAtPrice: '399.99',
            inventoryLevels: [
              { locationId: 'dublin', onHand: 3, reserved: 1 },
              { locationId: 'westerville', onHand: 1, reserved: 2 },
            ],
            totalOnHand: 4,
            totalReserved: 3,
            totalAvailable: 2,
          },
        ],
      });
    });

    it('filters by category', async () => {
      await insertProduct(catalog.pool, { title: 'Phone', categoryId: 'mobile-devices' });
      await insertProduct(catalog.pool, { title: 'Mower', categoryId: 'home-garden' });
      const body = ProductList.parse(await (await catalog.get('/api/products?category=home-garden')).json());
      expect(body.data.map((p) => p.title)).toEqual(['Mower']);
    });

    it('rejects an unknown category with 400 JSON', async () => {
      const res = await catalog.get('/api/products?category=weapons');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: expect.stringContaining('category'), code: 'VALIDATION_FAILED' });
    });
  });

  describe('GET /api/products/:id', () => {
    it('answers the product', async () => {
      const { id } = await insertProduct(catalog.pool, { title: 'Drill', images: ['https://img.example/drill.jpg'] });
      const res = await catalog.get(`/api/products/${id}`);
      expect(res.status).toBe(200);
      expect(Product.parse(await res.json())).toMatchObject({ id, title: 'Drill', images: ['https://img.example/drill.jpg'] });
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      const bad = await catalog.get('/api/products/not-a-uuid');
      expect([bad.status, (await bad.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
      const unknown = await catalog.get(`/api/products/${randomUUID()}`);
      expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Product not found', code: 'NOT_FOUND' }]);
    });
  });

  describe('GET /api/categories/counts', () => {
    it('answers all eight categories in order, zeros included', async () => {
      await insertProduct(catalog.pool, { categoryId: 'gaming' });
      await insertProduct(catalog.pool, { categoryId: 'gaming' });
      await insertProduct(catalog.pool, { categoryId: 'general' });

      const counts = (await (await catalog.get('/api/categories/counts')).json()) as CategoryCount[];

      expect(counts.map((c) => CategoryCount.parse(c).category)).toEqual([...CategoryIds]);
      expect(Object.fromEntries(counts.map((c) => [c.category, c.count]))).toEqual({
        electronics: 0,
        'mobile-devices': 0,
        'home-garden': 0,
        automotive: 0,
        gaming: 2,
        'sports-outdoors': 0,
        clothing: 0,
        general: 1,
      });
    });
  });

  describe('GET /api/locations', () => {
    it('answers the seeded warehouse and three stores with full addresses', async () => {
      const locations = ((await (await catalog.get('/api/locations')).json()) as unknown[]).map((l) => Location.parse(l));
      expect(locations.map((l) => l.type)).toEqual(['WAREHOUSE', 'STORE', 'STORE', 'STORE']);
      for (const l of locations) {
        expect(l).toEqual({ ...l, phone: expect.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/), zipCode: expect.stringMatching(/^\d{5}$/), state: 'OH' });
        expect([l.address, l.city, l.email, l.hours, l.notes].every(Boolean)).toBe(true);
      }
    });

    it('may be kept by the browser for a minute: every team reads it into its own cache entry, one download serves them', async () => {
      expect((await catalog.get('/api/locations')).headers.get('cache-control')).toBe('public, max-age=60');
    });
  });

  describe('GET /api/admin/inventory', () => {
    it.each([
      ['anonymous', 401],
      ['guest', 401],
      ['customer', 403],
    ] as const)('refuses %s with %i', async (who, status) => {
      const res = await catalog.get('/api/admin/inventory', catalog.callers[who]);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message: expect.any(String), code: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
    });

    it('gives an admin every product with its variants and stock per location', async () => {
      const { id, variants } = await insertProduct(catalog.pool, {
        variants: [
          {
            levels: [
              { locationId: 'columbus-warehouse', onHand: 7 },
              { locationId: 'dublin', onHand: 2, reserved: 1 },
            ],
          },
        ],
      });
      const res = await catalog.get('/api/admin/inventory', catalog.callers.admin);
      expect(res.status).toBe(200);
      const entries = ((await res.json()) as unknown[]).map((e) => AdminInventoryEntry.parse(e));
      expect(entries).toHaveLength(1);
      expect(entries[0]!.product).toMatchObject({ id });
      expect(entries[0]!.product).not.toHaveProperty('variants');
      expect(entries[0]!.variants).toMatchObject([
        {
          id: variants[0]!.id,
          inventoryLevels: [
            { locationId: 'columbus-warehouse', onHand: 7, reserved: 0 },
            { locationId: 'dublin', onHand: 2, reserved: 1 },
          ],
          totalOnHand: 9,
          totalReserved: 1,
          totalAvailable: 8,
        },
      ]);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-total-count')).toBe('1');
    });

    it('pages newest first with the total in a header, and searches title, brand and sku', async () => {
      const made = [];
      for (const [title, brand] of [['Walnut Desk', 'Oakline'], ['Desk Lamp 50% off', 'Lumo'], ['Road Bike', 'Velo']] as const) {
        made.push(await insertProduct(catalog.pool, { title, brand, variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }] }] }));
      }
      const page = async (query: string) => {
        const res = await catalog.get(`/api/admin/inventory?${query}`, catalog.callers.admin);
        expect(res.status).toBe(200);
        const entries = ((await res.json()) as unknown[]).map((e) => AdminInventoryEntry.parse(e));
        return { titles: entries.map((e) => e.product.title), total: Number(res.headers.get('x-total-count')) };
      };

      const all = await page('');
      const first = await page('limit=2');
      const rest = await page('limit=2&offset=2');
      expect(first.titles).toEqual(all.titles.slice(0, 2));
      expect(rest.titles).toEqual(all.titles.slice(2, 4));
      expect([first.total, rest.total]).toEqual([all.total, all.total]);

      expect(await page('q=desk')).toEqual({ titles: ['Desk Lamp 50% off', 'Walnut Desk'], total: 2 });
      expect(await page('q=VELO')).toEqual({ titles: ['Road Bike'], total: 1 });
      expect(await page(`q=${made[0]!.variants[0]!.sku.slice(-6).toLowerCase()}`)).toEqual({ titles: ['Walnut Desk'], total: 1 });
      // LIKE wildcards are taken literally.
      expect(await page('q=50%25')).toEqual({ titles: ['Desk Lamp 50% off'], total: 1 });
      expect(await page('q=_')).toEqual({ titles: [], total: 0 });
    });

    it.each(['limit=0', 'limit=501', 'offset=-1', 'limit=ten', 'sort=title'])('answers %s with 400', async (query) => {
      const res = await catalog.get(`/api/admin/inventory?${query}`, catalog.callers.admin);
      expect([res.status, (await res.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
    });
  });

  describe('GET /api/media/:file', () => {
    it('serves a shipped illustration as SVG with immutable caching', async () => {
      const res = await catalog.get('/api/media/laptop.svg');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    });

    it('serves the fallback image the contracts name', async () => {
      expect((await catalog.get(FALLBACK_PRODUCT_IMAGE)).status).toBe(200);
    });

    it.each([
      ['an unknown file', '/api/media/unicorn.svg'],
      ['a path outside the folder', '/api/media/..%2Fpackage.json'],
      ['a dot file', '/api/media/.env'],
      ['an unlisted extension', '/api/media/laptop.exe'],
      ['upper case', '/api/media/LAPTOP.SVG'],
    ])('answers 404 JSON for %s', async (_what, path) => {
      const res = await catalog.get(path);
      expect([res.status, await res.json()]).toEqual([404, { message: 'Image not found', code: 'NOT_FOUND' }]);
    });
  });
});
