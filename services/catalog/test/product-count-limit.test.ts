import { PRODUCT_COUNT_LIMIT, ProductList } from '@pl/contracts';
import { generateProducts } from './support/bulk-generate.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';

/** A first page counts its matches only up to PRODUCT_COUNT_LIMIT: past it, '1,000+'. */
describe('the product count of a large catalogue', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
    await generateProducts(catalog.pool, { count: PRODUCT_COUNT_LIMIT + 5, seed: 3 });
  }, 60_000);
  afterAll(() => catalog.stop());

  const list = async (query: string) => ProductList.parse(await (await catalog.get(`/api/products${query}`)).json());

  it('says at least the limit when more match, and the exact count below it', async () => {
    const all = await list('?limit=24');
    expect([all.data.length, all.total, all.totalIsAtLeast]).toEqual([24, PRODUCT_COUNT_LIMIT, true]);
    const { rows } = await catalog.pool.query<{ category: string; n: number }>(`SELECT category_id AS category, count(*)::int AS n FROM products GROUP BY 1 ORDER BY 2 LIMIT 1`);
    const small = await list(`?category=${rows[0]!.category}&limit=2`);
    expect([small.total, small.totalIsAtLeast]).toEqual([rows[0]!.n, undefined]);
  });
});
