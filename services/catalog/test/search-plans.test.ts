import { ProductListQuery } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { listProducts } from '../src/domain/product-listing.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

/**
 * A search in an order the shopper chose is planned for its words on every call (prepared.ts,
 * plannedEachTime): kept as a prepared statement, PostgreSQL may switch it to one generic plan after
 * five calls, which reads the sort's index in order testing every product when the words are rare.
 * A search ranked by relevance stays prepared, its SQL written so that the generic plan is safe
 * (search-at-scale.test.ts); so do lists without a search, whose plan does not depend on the values.
 */
describe('the statements of a search', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
    await insertProduct(catalog.pool, { title: 'Gizmotron Deluxe', description: 'Almost a gizmo.' });
    await insertProduct(catalog.pool, { title: 'Pocket Gizmo' });
  });
  afterAll(() => catalog.stop());

  it('in a chosen order are never kept as prepared statements on the connection, while a plain list is', async () => {
    const client = await catalog.pool.connect();
    try {
      // One connection for every call, so its prepared statements are the ones asked about below.
      const db = client as unknown as Pool;
      for (let call = 0; call < 7; call++) {
        for (const q of ['gizmo', 'gizmotron deluxe', 'gizmp', 'giz']) {
          await listProducts(db, ProductListQuery.parse({ q, limit: '5' }), { sortGiven: false });
        }
        await listProducts(db, ProductListQuery.parse({ q: 'gizmo', sort: 'price_asc', limit: '1' }), { sortGiven: true });
        await listProducts(db, ProductListQuery.parse({ q: 'gizmo', sort: 'newest', limit: '5' }), { sortGiven: true });
        await listProducts(db, ProductListQuery.parse({ limit: '5' }), { sortGiven: false });
      }
      const { rows } = await client.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'pl\\_%'`);
      const sortedSearches = rows.filter((r) => /search_name|search_tsv/.test(r.statement) && !/^\s*WITH/.test(r.statement));
      expect(sortedSearches.map((r) => r.statement.slice(0, 120))).toEqual([]);
      expect(rows.some((r) => /FROM products p/.test(r.statement))).toBe(true);
    } finally {
      client.release();
    }
  });
});
