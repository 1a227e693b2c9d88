import { PRODUCT_COUNT_LIMIT, ProductList } from '@pl/contracts';
import { containsPattern } from '@pl/service-kit';
import { SEARCH_CANDIDATES } from '../src/db/product-list.repo.js';
import { toSearchText } from '../src/domain/search-text.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';
import { rowsReadByListing } from './statement-reads.js';

/**
 * A search in relevance order at scale (decision 022): its newest title matches are read from the
 * newest-first index in order when they are many among the newest products, from the search
 * indexes when they are few, and both together when they thin out past the newest products read in
 * order; the count tries cheaper parts of the match first. Every one of those ways must give what
 * the plain definition gives (decision 019): the newest SEARCH_CANDIDATES matches whose title or
 * brand holds every word, then the newest others, ranked; then every other match by id; and the
 * count of all matches, capped.
 */
describe('GET /api/products?q= in a catalogue of 21,000 products', () => {
  const PRODUCTS = 21_000;
  let catalog: CatalogTestApp;

  beforeAll(async () => {
    catalog = await startCatalog();
    // n = 1 is the newest. Kinds of title, by how they spread over the catalogue:
    // - Lamp: 1 product in 20 everywhere (more than PRODUCT_COUNT_LIMIT in all); a third of them desk lamps.
    // - Deskmate: as many, so more titles start with "desk" than hold the word "desk".
    // - Adesk Flamp: holds "desk" and "lamp" without either word (so does not match "desk lamp").
    // - Kettle: many among the newest 1,000, none in the next 19,000 but the 20,000th, and more past those.
    // - Toaster: 1 in 500, so rare among the newest too.
    // - Camp Stove: "amp" inside a word (as in "lamp"); and a brand, Ampere, on products of every kind.
    // Every description holds "inspected"; some hold "lamp" without the title saying it.
    await catalog.pool.query(
      `INSERT INTO products (title, brand, description, condition_grade, category_id, created_at)
       SELECT CASE WHEN n = 20000 THEN 'Brass Kettle ' || n
                   WHEN n % 20 = 10 THEN 'Deskmate Organizer ' || n
                   WHEN n % 100 = 99 THEN 'Adesk Flamp ' || n
                   WHEN n % 20 = 0 THEN (CASE WHEN n % 60 = 0 THEN 'Desk Lamp ' WHEN n % 60 = 20 THEN 'Lamp for a Desk ' ELSE 'Floor Lamp ' END) || n
                   WHEN n % 50 = 7 AND (n <= 1000 OR n > 20000) THEN 'Brass Kettle ' || n
                   WHEN n % 10 = 3 AND n > 20000 THEN 'Kettle ' || n
                   WHEN n % 500 = 11 THEN 'Toaster ' || n
                   WHEN n % 40 = 9 THEN 'Camp Stove ' || n
                   ELSE 'Plain Part ' || n END,
              CASE WHEN n % 70 = 1 THEN 'Ampere' ELSE 'Acme' END,
              CASE WHEN n % 33 = 0 THEN 'Inspected; works under any lamp.' ELSE 'Inspected and tested.' END,
              'USED',
              CASE WHEN n % 7 = 0 THEN 'gaming' ELSE 'general' END,
              timestamptz '2026-01-01' - n * interval '1 second'
         FROM generate_series(1, $1::int) n`,
      [PRODUCTS],
    );
    await catalog.pool.query('ANALYZE products');
  }, 120_000);
  afterAll(() => catalog.stop());

  const list = async (query: string) => {
    const res = await catalog.get(`/api/products${query}`);
    expect([query, res.status]).toEqual([query, 200]);
    return ProductList.parse(await res.json());
  };

  const MAX_PAGES = 60;
  /** The pages of a search, 50 at a time (up to MAX_PAGES of them), and the first page's count. */
  async function walk(q: string, filters = '') {
    const ids: string[] = [];
    let cursor: string | null = null;
    let first: ProductList | undefined;
    let pages = 0;
    do {
      const page: ProductList = await list(`?q=${encodeURIComponent(q)}${filters}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      first ??= page;
      ids.push(...page.data.map((p) => p.id));
      cursor = page.nextCursor ?? null;
      pages++;
    } while (cursor && pages < MAX_PAGES);
    return { ids, total: first!.total, totalIsAtLeast: first!.totalIsAtLeast };
  }

  /** Decision 019's definition, as one plain statement over every match. */
  async function expected(q: string, category?: string) {
    const search = toSearchText(q)!;
    const { rows } = await catalog.pool.query<{ id: string }>(
      `WITH m AS (
         SELECT p.id, p.created_at, p.search_name LIKE ALL($4::text[]) AS in_title,
                (ts_rank(p.search_tsv, to_tsquery('simple', $1)) + public.word_similarity($3, p.search_name))::float8 AS k
           FROM products p
          WHERE (p.search_tsv @@ to_tsquery('simple', $1) OR p.search_name LIKE $2) AND ($6::text IS NULL OR p.category_id = $6)),
       t AS (SELECT * FROM m WHERE in_title ORDER BY created_at DESC, id DESC LIMIT $5),
       c AS (SELECT * FROM t UNION ALL (SELECT * FROM m WHERE NOT in_title ORDER BY created_at DESC, id DESC LIMIT $5 - (SELECT count(*) FROM t)))
       SELECT id FROM (SELECT id, 0 AS part, k FROM c UNION ALL SELECT id, 1, NULL FROM m WHERE id NOT IN (SELECT id FROM c)) x
        ORDER BY part, k DESC, id DESC`,
      [search.tsquery, search.like, search.text, search.titleWords.map(containsPattern), SEARCH_CANDIDATES, category ?? null],
    );
    const ids = rows.map((r) => r.id);
    return { ids, total: Math.min(ids.length, PRODUCT_COUNT_LIMIT), totalIsAtLeast: ids.length > PRODUCT_COUNT_LIMIT ? true : undefined };
  }

  /** The search's pages against the definition, as far as they were walked. */
  async function expectAsDefined(q: string, category?: string) {
    const want = await expected(q, category);
    const got = await walk(q, category ? `&category=${category}` : '');
    expect(got.ids.length).toBeGreaterThan(0);
    expect(got).toEqual({ ...want, ids: want.ids.slice(0, got.ids.length) });
    expect(got.ids.length).toBe(Math.min(want.ids.length, MAX_PAGES * 50));
  }

  it.each([
    ['a word in 1 title of 20, past the count limit', 'lamp'],
    ['a word many newest titles hold, then none for 19,000 products', 'kettle'],
    ['a rare word', 'toaster'],
    ['a word whose own entry is rarer than the words starting with it', 'desk'],
    ['the start of a word', 'lam'],
    ['a part inside words, and a brand', 'amp'],
    ['two words, together or apart', 'desk lamp'],
    ['two words in that order only', 'brass kettle'],
    ['a word only descriptions hold', 'inspected'],
  ])('finds, ranks and counts %s as decision 019 defines it', async (_what, q) => {
    await expectAsDefined(q);
  });

  it('finds the same with a filter that leaves out most title matches', async () => {
    await expectAsDefined('lamp', 'gaming');
  });

  describe('a typo (the spelling fallback)', () => {
    it("finds products by the catalogue's words spelled like the query's, ranked by closeness", async () => {
      const page = await list('?q=kettel&limit=100');
      // The newest SEARCH_CANDIDATES products holding "kettle", ranked by how their title and brand read like "kettel".
      const { rows } = await catalog.pool.query<{ id: string; n: number }>(
        `WITH m AS (SELECT id, created_at, public.word_similarity('kettel', search_name)::float8 AS k FROM products WHERE search_name LIKE '%kettle%')
         SELECT id, (SELECT count(*)::int FROM m) AS n FROM (SELECT * FROM m ORDER BY created_at DESC, id DESC LIMIT $1) c ORDER BY k DESC, id DESC LIMIT 100`,
        [SEARCH_CANDIDATES],
      );
      expect(rows[0]!.n).toBeGreaterThan(SEARCH_CANDIDATES);
      expect({ ids: page.data.map((p) => p.id), total: page.total }).toEqual({ ids: rows.map((r) => r.id), total: rows[0]!.n });
    });

    it('needs every typed word to be spelled like a title word', async () => {
      const page = await list('?q=bras%20kettel&limit=100');
      expect(page.data.length).toBeGreaterThan(0);
      expect(page.data.every((p) => /^Brass Kettle /.test(p.title))).toBe(true);
    });

    it('keeps a chosen sort', async () => {
      const page = await list('?q=toastr&sort=title&limit=100');
      const titles = page.data.map((p) => p.title.toLowerCase());
      expect(titles.length).toBe(42);
      expect(titles.every((t) => t.startsWith('toaster '))).toBe(true);
      expect(titles).toEqual([...titles].sort());
    });

    it('knows the words of products added or renamed since', async () => {
      expect((await list('?q=zepherine')).data).toEqual([]);
      await insertProduct(catalog.pool, { title: 'Zephyrine Clock', brand: null });
      expect((await list('?q=zepherine')).data.map((p) => p.title)).toEqual(['Zephyrine Clock']);

      const { id } = await insertProduct(catalog.pool, { title: 'Small Speaker', brand: null });
      expect((await list('?q=quokaphone')).data).toEqual([]);
      await catalog.pool.query(`UPDATE products SET title = 'Quokkaphone Speaker' WHERE id = $1`, [id]);
      expect((await list('?q=quokaphone')).data.map((p) => p.title)).toEqual(['Quokkaphone Speaker']);
    });
  });

  describe('with the plan PostgreSQL keeps for a prepared statement after five calls (generic)', () => {
    // A word in 1 title of 500: its matches come from the search indexes (the newest 1,000 products
    // hold too few of them to read the newest-first index in order). Unfenced, the generic plan read
    // that index through instead, testing every product (44,000 rows here, 33 ms at 110k products).
    it.each([
      ['a rare word', 'toaster'],
      ['a rare word misspelled (the respelled search)', 'toastr'],
    ])('reads a small part of the catalogue for %s, not every product', async (_kind, q) => {
      const read = await rowsReadByListing(catalog.pool, { q, limit: '24' }, { generic: true });
      expect(read.length).toBeGreaterThan(0);
      // The density sample (1,000 index entries) and the matches through the trigram index: a few thousand rows.
      expect(read.filter((s) => s.rows > PRODUCTS / 4)).toEqual([]);
    });
  });
});
