import { CategoryCount } from '@pl/contracts';
import { generateProducts } from './support/bulk-generate.js';
import { compactCategoryCounts } from '../src/db/categories.repo.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

/** The counts are kept by triggers on products (migrations 007, 014); each test compares them with a count of the listings on sale (drafts are not counted). */
describe('GET /api/categories/counts at every kind of write', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());
  beforeEach(async () => {
    await catalog.pool.query('DELETE FROM products');
  });

  const served = async () => {
    const res = await catalog.get('/api/categories/counts');
    expect(res.status).toBe(200);
    const counts = ((await res.json()) as unknown[]).map((c) => CategoryCount.parse(c));
    return Object.fromEntries(counts.filter((c) => c.count !== 0).map((c) => [c.category, c.count]));
  };
  const counted = async () => {
    const { rows } = await catalog.pool.query<{ category: string; n: number }>('SELECT category_id AS category, count(*)::int AS n FROM products WHERE published_at IS NOT NULL GROUP BY 1');
    return Object.fromEntries(rows.map((r) => [r.category, r.n]));
  };

  it('follows products created, deleted and moved between categories', async () => {
    const laptop = await insertProduct(catalog.pool, { categoryId: 'electronics' });
    await insertProduct(catalog.pool, { categoryId: 'electronics' });
    await insertProduct(catalog.pool, { categoryId: 'gaming' });
    expect(await served()).toEqual({ electronics: 2, gaming: 1 });

    await catalog.pool.query(`UPDATE products SET category_id = 'general' WHERE id = $1`, [laptop.id]);
    expect(await served()).toEqual({ electronics: 1, gaming: 1, general: 1 });

    // An update that writes the same category, or other columns only, moves nothing.
    await catalog.pool.query(`UPDATE products SET category_id = category_id, title = title || ' (boxed)'`);
    expect(await served()).toEqual({ electronics: 1, gaming: 1, general: 1 });

    await catalog.pool.query(`UPDATE products SET category_id = 'gaming' WHERE category_id <> 'gaming'`);
    expect(await served()).toEqual({ gaming: 3 });

    await catalog.pool.query(`DELETE FROM products WHERE id = $1`, [laptop.id]);
    expect(await served()).toEqual({ gaming: 2 });
  });

  it('leaves drafts out until they are published, wherever they are moved or deleted', async () => {
    const listed = await insertProduct(catalog.pool, { categoryId: 'electronics' });
    const draft = await insertProduct(catalog.pool, { categoryId: 'electronics', publishedAt: null });
    const other = await insertProduct(catalog.pool, { categoryId: 'gaming', publishedAt: null });
    expect(await served()).toEqual({ electronics: 1 });

    // A draft moved between categories moves no count; published, it counts where it is.
    await catalog.pool.query(`UPDATE products SET category_id = 'general' WHERE id = $1`, [draft.id]);
    expect(await served()).toEqual({ electronics: 1 });
    await catalog.pool.query(`UPDATE products SET published_at = now() WHERE id = $1`, [draft.id]);
    expect(await served()).toEqual({ electronics: 1, general: 1 });
    // Moved and published in one statement.
    await catalog.pool.query(`UPDATE products SET category_id = 'automotive', published_at = now() WHERE id = $1`, [other.id]);
    expect(await served()).toEqual({ electronics: 1, general: 1, automotive: 1 });
    // Publishing again (a new date) counts nothing twice; a draft deleted uncounts nothing.
    await catalog.pool.query(`UPDATE products SET published_at = now() WHERE id = $1`, [draft.id]);
    const gone = await insertProduct(catalog.pool, { categoryId: 'electronics', publishedAt: null });
    await catalog.pool.query(`DELETE FROM products WHERE id = ANY($1::uuid[])`, [[gone.id, listed.id]]);
    expect(await served()).toEqual({ general: 1, automotive: 1 });
    expect(await served()).toEqual(await counted());
  });

  it('counts products inserted and deleted many to a statement', async () => {
    await generateProducts(catalog.pool, { count: 300, seed: 5, batchSize: 120 });
    expect(await served()).toEqual(await counted());

    await catalog.pool.query(`DELETE FROM products WHERE category_id IN ('electronics', 'clothing') OR title LIKE 'A%'`);
    expect(await served()).toEqual(await counted());
  });

  it('answers the same counts once their changes are folded, and folds only what has piled up', async () => {
    await generateProducts(catalog.pool, { count: 200, seed: 6, batchSize: 10 });
    await insertProduct(catalog.pool, { categoryId: 'automotive' });
    const before = await served();
    expect(before).toEqual(await counted());

    expect(await compactCategoryCounts(catalog.pool)).toBeGreaterThan(8);
    const { rows } = await catalog.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM category_count_changes');
    expect(rows[0]!.n).toBeLessThanOrEqual(8);
    expect(await compactCategoryCounts(catalog.pool)).toBe(0);

    await insertProduct(catalog.pool, { categoryId: 'automotive' });
    expect(await served()).toEqual({ ...before, automotive: before.automotive! + 1 });
  });

  it('lets two transactions add to one category at once: neither waits for the other to commit', async () => {
    const first = await catalog.pool.connect();
    const second = await catalog.pool.connect();
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      const add = (client: typeof first) =>
        client.query(`INSERT INTO products (title, condition_grade, category_id) VALUES ('Concurrent Drill', 'USED', 'home-garden')`);
      await add(first);
      // A single counter row per category would hold the second insert until the first commits.
      await second.query(`SET LOCAL lock_timeout = '2s'`);
      await add(second);
      await second.query('COMMIT');
      await first.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    await catalog.readCache.caughtUp();
    expect(await served()).toEqual({ 'home-garden': 2 });
  });
});
