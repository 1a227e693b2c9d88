import { existsSync } from 'node:fs';
import path from 'node:path';
import { CategoryIds, ConditionGrades, MEDIA_PATH, ProductListQuery } from '@pl/contracts';
import { runMigrations } from '@pl/service-kit';
import { createTestSchemaPool, testLogger, type TestSchemaPool } from '@pl/service-kit/testing';
import { generateProducts } from './support/bulk-generate.js';
import { demoCatalogRows, seedDemoCatalog } from '../src/seeds/demo-catalog.js';
import { seedStoreLocations } from '../src/seeds/store-locations.js';
import { listProducts } from '../src/domain/product-listing.js';
import { MEDIA_DIR, MIGRATIONS_DIR } from './catalog-test-app.js';

describe('demo catalogue', () => {
  const rows = demoCatalogRows();
  const variantsOf = (productId: string) => rows.variants.filter((v) => v.product_id === productId);
  const onHandOf = (variantId: string) => rows.levels.filter((l) => l.variant_id === variantId).reduce((sum, l) => sum + l.on_hand, 0);
  const productOnHand = (productId: string) => variantsOf(productId).reduce((sum, v) => sum + onHandOf(v.id), 0);

  it('is the same on every run', () => {
    expect(demoCatalogRows()).toEqual(rows);
  });

  it('has at least 150 products over all eight categories and all five grades, with honest notes', () => {
    expect(rows.products.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.products.map((p) => p.category_id))).toEqual(new Set(CategoryIds));
    expect(new Set(rows.products.map((p) => p.condition_grade))).toEqual(new Set(ConditionGrades));
    for (const p of rows.products) expect(p.condition_notes.length).toBeGreaterThan(20);
    expect(new Set(rows.products.map((p) => p.title)).size).toBe(rows.products.length);
  });

  it('has one-of-a-kind items (one unit each), sold-out items, single units and low stock', () => {
    const unique = rows.products.filter((p) => p.one_of_a_kind);
    expect(unique.length).toBeGreaterThanOrEqual(15);
    for (const p of unique) expect([p.title, productOnHand(p.id)]).toEqual([p.title, 1]);
    const totals = rows.products.map((p) => productOnHand(p.id));
    expect(totals.filter((n) => n === 0).length).toBeGreaterThanOrEqual(5);
    expect(totals.filter((n) => n === 1).length).toBeGreaterThanOrEqual(20);
    expect(totals.filter((n) => n >= 2 && n <= 5).length).toBeGreaterThanOrEqual(20);
    expect(totals.filter((n) => n > 5).length).toBeGreaterThanOrEqual(20);
  });

  it('has compare-at prices on most variants, several variants on some products, stock at every location', () => {
    const discounted = rows.variants.filter((v) => v.compare_at_cents !== null && v.compare_at_cents > v.price_cents);
    expect(discounted.length / rows.variants.length).toBeGreaterThan(0.8);
    expect(rows.products.filter((p) => variantsOf(p.id).length > 1).length).toBeGreaterThanOrEqual(10);
    const stocked = new Set(rows.levels.filter((l) => l.on_hand > 0).map((l) => l.location_id));
    expect(stocked).toEqual(new Set(['columbus-warehouse', 'downtown-columbus', 'dublin', 'westerville']));
    expect(new Set(rows.variants.map((v) => v.sku)).size).toBe(rows.variants.length);
  });

  it('pictures products with files shipped in media/, and leaves a few without a picture', () => {
    const images = rows.products.flatMap((p) => p.images);
    for (const src of images) {
      expect(src.startsWith(`${MEDIA_PATH}/`)).toBe(true);
      expect([src, existsSync(path.join(MEDIA_DIR, src.slice(MEDIA_PATH.length + 1)))]).toEqual([src, true]);
    }
    expect(new Set(images).size).toBeGreaterThanOrEqual(20);
    const without = rows.products.filter((p) => p.images.length === 0).length;
    expect(without).toBeGreaterThanOrEqual(3);
    expect(without).toBeLessThanOrEqual(15);
  });

  it('shows a bit of every category on the newest page', () => {
    expect(new Set(rows.products.slice(0, 24).map((p) => p.category_id)).size).toBe(8);
  });

  describe('in the database', () => {
    let db: TestSchemaPool;
    beforeAll(async () => {
      db = createTestSchemaPool('catalog_demo', { max: 6 });
      await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR });
      await seedStoreLocations(db.pool, testLogger());
    });
    afterAll(() => db.cleanup());

    it('is seeded once, in one go, even by instances starting together, and lists as the API shows it', async () => {
      await Promise.all([seedDemoCatalog(db.pool, testLogger()), seedDemoCatalog(db.pool, testLogger())]);
      await seedDemoCatalog(db.pool, testLogger());
      const count = async (table: string) => (await db.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;
      expect([await count('products'), await count('variants'), await count('inventory_levels')]).toEqual([rows.products.length, rows.variants.length, rows.levels.length]);

      const first = await listProducts(db.pool, ProductListQuery.parse({}), { sortGiven: false });
      expect(first.data).toHaveLength(24);
      expect(first.nextCursor).toEqual(expect.any(String));
      expect(first.data[0]!.title).toBe(rows.products[0]!.title);
    });

    it('generates a synthetic catalogue for benchmarks in batches, priced and listable', async () => {
      await db.pool.query('DELETE FROM products');
      expect(await generateProducts(db.pool, { count: 3000, batchSize: 1000 })).toBe(3000);
      const { rows: stats } = await db.pool.query(
        `SELECT count(*)::int AS products, count(*) FILTER (WHERE min_price_cents IS NULL)::int AS unpriced FROM products JOIN product_prices ON product_id = id`,
      );
      expect(stats).toEqual([{ products: 3000, unpriced: 0 }]);
      const page = await listProducts(db.pool, ProductListQuery.parse({ q: 'laptop', sort: 'price_asc', limit: '50' }), { sortGiven: true });
      expect(page.data.length).toBe(50);
      for (const p of page.data) expect(`${p.title} ${p.description}`.toLowerCase()).toContain('laptop');
    });
  });
});
