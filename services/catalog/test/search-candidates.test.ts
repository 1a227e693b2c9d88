import { ProductList } from '@pl/contracts';
import { SEARCH_CANDIDATES } from '../src/db/product-list.repo.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

/** A search in relevance order ranks at most SEARCH_CANDIDATES matches (decision 019); these tests search for more. */
describe('GET /api/products?q= with more matches than it ranks', () => {
  const DESCRIBED = SEARCH_CANDIDATES + 40;
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
    // The title matches are the oldest: the newest matches alone would all be description matches.
    await insertProduct(catalog.pool, { title: 'Gizmotron Deluxe', description: 'Almost a gizmo.' });
    await insertProduct(catalog.pool, { title: 'Pocket Gizmo', description: 'The gizmo itself.' });
    await catalog.pool.query(
      `INSERT INTO products (title, description, condition_grade, created_at)
       SELECT 'Bench Part ' || n, 'Fits any gizmo we sell.', 'USED', now() + n * interval '1 second' FROM generate_series(1, $1::int) n`,
      [DESCRIBED],
    );
  });
  afterAll(() => catalog.stop());

  const list = async (query: string) => {
    const res = await catalog.get(`/api/products${query}`);
    expect([query, res.status]).toEqual([query, 200]);
    return ProductList.parse(await res.json());
  };

  it('ranks the title matches first, the exact word first of all, however many descriptions match', async () => {
    const first = await list('?q=gizmo&limit=5');
    expect(first.data.map((p) => p.title).slice(0, 2)).toEqual(['Pocket Gizmo', 'Gizmotron Deluxe']);
    expect(first.data.slice(2).every((p) => p.title.startsWith('Bench Part'))).toBe(true);
    expect(first.total).toBe(DESCRIBED + 2);
  });

  it('walks every match once: the ranked ones, then the others', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ProductList = await list(`?q=gizmo&limit=48${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.data.map((p) => p.id));
      cursor = page.nextCursor ?? null;
      pages++;
    } while (cursor && pages < 20);
    expect(ids).toHaveLength(DESCRIBED + 2);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('still answers a filtered search past its candidates', async () => {
    await insertProduct(catalog.pool, { title: 'Gizmo Stand', categoryId: 'gaming' });
    const gaming = await list('?q=gizmo&category=gaming');
    expect([gaming.data.map((p) => p.title), gaming.total]).toEqual([['Gizmo Stand'], 1]);
  });
});
