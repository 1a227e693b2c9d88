import { ProductListQuery } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { listProducts } from '../src/domain/product-listing.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

/**
 * A search is planned for its words on every call (prepared.ts, plannedEachTime). Kept as a
 * prepared statement, PostgreSQL switched it to one generic plan after five calls, and at 110k
 * products that plan read the whole newest-first index for a rare word (33 ms instead of 1 ms).
 * Lists without a search stay prepared: their plan does not depend on the values.
 */
describe('the statements of a search', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
    await insertProduct(catalog.pool, { title: 'Gizmotron Deluxe', description: 'Almost a gizmo.' });
    await insertProduct(catalog.pool, { title: 'Pocket Gizmo' });
  });
  afterAll(() => catalog.stop());

  it('are never kept as prepared statements on the connection, while a plain list is', async () => {
    const client = await catalog.pool.connect();
    try {
      // One connection for every call, so its prepared statements are the ones asked about below.
      const db = client as unknown as Pool;
      for (let call = 0; call < 7; call++) {
        for (const q of ['gizmo', 'gizmotron deluxe', 'gizmp', 'giz']) {
          await listProducts(db, ProductListQuery.parse({ q, limit: '5' }), { sortGiven: false });
        }
        await listProducts(db, ProductListQuery.parse({ q: 'gizmo', sort: 'price_asc', limit: '1' }), { sortGiven: true });
        await listProducts(db, ProductListQuery.parse({ limit: '5' }), { sortGiven: false });
      }
      const { rows } = await client.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'pl\\_%'`);
      const withSearch = rows.filter((r) => /search_name|search_tsv/.test(r.statement));
      expect(withSearch.map((r) => r.statement.slice(0, 120))).toEqual([]);
      expect(rows.some((r) => /FROM products p/.test(r.statement))).toBe(true);
    } finally {
      client.release();
    }
  });
});
