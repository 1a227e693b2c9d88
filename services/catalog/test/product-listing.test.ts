import { ProductList, ProductSorts, type Product } from '@pl/contracts';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertHold, insertProduct } from './factories.js';
import { eventually } from '@pl/service-kit/testing';

describe('GET /api/products: search, filters, sort, pagination', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  const list = async (query: string): Promise<ProductList> => {
    const res = await catalog.get(`/api/products${query}`);
    expect([query, res.status]).toEqual([query, 200]);
    return ProductList.parse(await res.json());
  };
  const titles = async (query: string) => (await list(query)).data.map((p) => p.title);
  const rejects = async (query: string, field: string) => {
    const res = await catalog.get(`/api/products${query}`);
    expect([query, res.status]).toEqual([query, 400]);
    expect(await res.json()).toEqual({ message: expect.stringContaining(field), code: 'VALIDATION_FAILED' });
  };

  describe('search, filters and sort orders', () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    beforeAll(async () => {
      await catalog.pool.query('DELETE FROM products');
      const dublin = (onHand: number, reserved = 0) => [{ locationId: 'dublin', onHand, reserved }];
      await insertProduct(catalog.pool, {
        title: 'MacBook Air 13" M2',
        brand: 'Apple',
        description: 'Fanless laptop with a Liquid Retina display.',
        conditionGrade: 'OPEN_BOX',
        categoryId: 'electronics',
        createdAt: day(1),
        variants: [{ priceCents: 74900, compareAtCents: 109900, levels: dublin(2) }],
      });
      await insertProduct(catalog.pool, {
        title: '20V MAX Drill/Driver Kit',
        brand: 'DeWalt',
        description: 'Compact brushless drill with two batteries.',
        conditionGrade: 'USED',
        categoryId: 'home-garden',
        createdAt: day(2),
        variants: [{ priceCents: 13900, compareAtCents: 23900, levels: dublin(1, 1) }], // the one unit is held
      });
      await insertProduct(catalog.pool, {
        title: 'Magnesium Circular Saw',
        brand: 'Makita',
        description: 'Corded saw that cuts like a drill press never could.',
        conditionGrade: 'LIGHTLY_USED',
        categoryId: 'home-garden',
        createdAt: day(3),
        variants: [{ priceCents: 8900, compareAtCents: 9900, levels: dublin(0) }], // sold out
      });
      await insertProduct(catalog.pool, {
        title: 'Rain Shell Jacket',
        brand: 'Marmot',
        description: 'Waterproof breathable jacket with pit zips.',
        conditionGrade: 'NEW_IN_BOX',
        categoryId: 'clothing',
        createdAt: day(4),
        variants: [
          { sku: undefined, priceCents: 12000, compareAtCents: 12000, levels: dublin(3) },
          { priceCents: 9900, compareAtCents: 19800, levels: dublin(1) }, // the cheapest variant sets the price: 99.00, 50% off
        ],
      });
      await insertProduct(catalog.pool, {
        title: 'ThinkPad T14 Laptop',
        brand: 'Lenovo',
        description: 'Business notebook.',
        conditionGrade: 'FOR_PARTS',
        categoryId: 'electronics',
        createdAt: day(5),
        variants: [{ priceCents: 19900, compareAtCents: null, levels: dublin(1) }],
      });
      await insertProduct(catalog.pool, { title: 'Placeholder Without Variants', brand: null, description: null, createdAt: day(6), variants: [] });
    });

    it('answers the spec shape with every product field, nextCursor null on the last page, and the count', async () => {
      const body = await list('');
      expect(Object.keys(body).sort()).toEqual(['data', 'nextCursor', 'total']);
      expect(body.nextCursor).toBeNull();
      expect(body.total).toBe(6);
      expect(body.data).toHaveLength(6);
      const jacket = body.data.find((p) => p.title === 'Rain Shell Jacket') as Product;
      expect(jacket).toMatchObject({ brand: 'Marmot', category: 'clothing', conditionGrade: 'NEW_IN_BOX', currentPrice: '99.00', originalPrice: '198.00', oneOfAKind: false });
      expect(jacket.variants.map((v) => v.price)).toEqual(['99.00', '120.00']);
    });

    it.each([
      ['a title word', 'circular', ['Magnesium Circular Saw']],
      ['a brand', 'dewalt', ['20V MAX Drill/Driver Kit']],
      ['a description word, any case', 'WATERPROOF', ['Rain Shell Jacket']],
      ['the start of a word', 'lapt', ['ThinkPad T14 Laptop', 'MacBook Air 13" M2']],
      ['a part inside a title word', 'book', ['MacBook Air 13" M2']],
      ['several words, all required', 'dewalt drill', ['20V MAX Drill/Driver Kit']],
    ])('finds products by %s', async (_what, q, expected) => {
      expect((await titles(`?q=${encodeURIComponent(q)}`)).sort()).toEqual([...expected].sort());
    });

    it('ranks a title match above a description match when no sort is chosen', async () => {
      expect(await titles('?q=drill')).toEqual(['20V MAX Drill/Driver Kit', 'Magnesium Circular Saw']);
    });

    it('keeps the chosen sort for a search', async () => {
      expect(await titles('?q=drill&sort=price_asc')).toEqual(['Magnesium Circular Saw', '20V MAX Drill/Driver Kit']);
    });

    it('falls back to spelling closeness when the words match nothing (typos)', async () => {
      expect(await titles('?q=labtop')).toEqual(expect.arrayContaining(['ThinkPad T14 Laptop']));
      expect(await titles('?q=makitta')).toEqual(['Magnesium Circular Saw']);
    });

    it('finds nothing for nonsense, and takes odd characters literally', async () => {
      expect(await list('?q=zzqx%20no%20such%20product')).toEqual({ data: [], nextCursor: null, total: 0 });
      expect(await list(`?q=${encodeURIComponent("50%_off' OR 1=1 --")}`)).toEqual({ data: [], nextCursor: null, total: 0 });
      expect(await titles(`?q=${encodeURIComponent('13"')}`)).toEqual(['MacBook Air 13" M2']);
    });

    it('filters by category, conditions, price of the cheapest variant, and stock anyone can still buy', async () => {
      expect((await titles('?category=home-garden')).sort()).toEqual(['20V MAX Drill/Driver Kit', 'Magnesium Circular Saw']);
      expect((await titles('?condition=USED,FOR_PARTS')).sort()).toEqual(['20V MAX Drill/Driver Kit', 'ThinkPad T14 Laptop']);
      expect((await titles('?minPrice=99&maxPrice=199.00')).sort()).toEqual(['20V MAX Drill/Driver Kit', 'Rain Shell Jacket', 'ThinkPad T14 Laptop']);
      expect((await titles('?inStock=true')).sort()).toEqual(['MacBook Air 13" M2', 'Rain Shell Jacket', 'ThinkPad T14 Laptop']);
      expect(await titles('?inStock=true&category=electronics&condition=OPEN_BOX&q=air')).toEqual(['MacBook Air 13" M2']);
    });

    it('counts a product in stock again the moment its only hold expires', async () => {
      const { variants } = await insertProduct(catalog.pool, { title: 'Held Speaker', createdAt: day(7), variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }] }] });
      const hold = await insertHold(catalog.pool, { variantId: variants[0]!.id, locationId: 'dublin', qty: 1 });
      expect(await titles('?inStock=true&q=speaker')).toEqual([]);
      await catalog.pool.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [hold]);
      expect(await titles('?inStock=true&q=speaker')).toEqual(['Held Speaker']);
      await catalog.pool.query(`DELETE FROM products WHERE title = 'Held Speaker'`);
    });

    it('counts a product in stock again when its only hold lapses, with nothing written', async () => {
      const { variants } = await insertProduct(catalog.pool, { title: 'Lapsing Speaker', createdAt: day(7), variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }] }] });
      await insertHold(catalog.pool, { variantId: variants[0]!.id, locationId: 'dublin', qty: 1, expiresInSeconds: 2 });
      expect(await titles('?inStock=true&q=lapsing')).toEqual([]);
      await eventually(async () => expect(await titles('?inStock=true&q=lapsing')).toEqual(['Lapsing Speaker']), { timeoutMs: 10_000, intervalMs: 100 });
      await catalog.pool.query(`DELETE FROM products WHERE title = 'Lapsing Speaker'`);
    });

    it.each([
      ['newest', ['Placeholder Without Variants', 'ThinkPad T14 Laptop', 'Rain Shell Jacket', 'Magnesium Circular Saw', '20V MAX Drill/Driver Kit', 'MacBook Air 13" M2']],
      ['price_asc', ['Magnesium Circular Saw', 'Rain Shell Jacket', '20V MAX Drill/Driver Kit', 'ThinkPad T14 Laptop', 'MacBook Air 13" M2', 'Placeholder Without Variants']],
      ['price_desc', ['MacBook Air 13" M2', 'ThinkPad T14 Laptop', '20V MAX Drill/Driver Kit', 'Rain Shell Jacket', 'Magnesium Circular Saw', 'Placeholder Without Variants']],
      ['title', ['20V MAX Drill/Driver Kit', 'MacBook Air 13" M2', 'Magnesium Circular Saw', 'Placeholder Without Variants', 'Rain Shell Jacket', 'ThinkPad T14 Laptop']],
    ])('sorts by %s', async (sort, expected) => {
      expect(await titles(`?sort=${sort}`)).toEqual(expected);
    });

    it('sorts by discount, biggest first (percent off the cheapest variant)', async () => {
      // 50% jacket, 42% drill, 32% MacBook, 10% saw, then no discount.
      expect((await titles('?sort=discount')).slice(0, 4)).toEqual(['Rain Shell Jacket', '20V MAX Drill/Driver Kit', 'MacBook Air 13" M2', 'Magnesium Circular Saw']);
    });

    it.each([
      ['an unknown category', '?category=weapons', 'category'],
      ['an unknown condition', '?condition=MINT', 'condition'],
      ['a malformed price', '?minPrice=ten', 'minPrice'],
      ['a negative price', '?maxPrice=-5', 'maxPrice'],
      ['a minimum above the maximum', '?minPrice=50&maxPrice=10', 'minPrice'],
      ['an unknown sort', '?sort=random', 'sort'],
      ['a zero limit', '?limit=0', 'limit'],
      ['a limit above 100', '?limit=101', 'limit'],
      ['a non-numeric limit', '?limit=abc', 'limit'],
      ['inStock that is not a boolean', '?inStock=yes', 'inStock'],
      ['a repeated parameter', '?category=gaming&category=general', 'category'],
      ['an unknown parameter', '?admin=true', 'admin'],
      ['a tampered cursor', '?cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['a cursor with characters outside base64url', '?cursor=abc%24def', 'cursor'],
    ])('answers 400 for %s', async (_what, query, field) => {
      await rejects(query, field);
    });
  });

  describe('pagination', () => {
    const COUNT = 23;
    beforeAll(async () => {
      await catalog.pool.query('DELETE FROM products');
      // Ties on purpose: equal creation times, prices, discounts and titles, so only the id breaks them.
      const sameTime = new Date('2026-02-01T10:00:00.123456Z');
      for (let i = 0; i < COUNT; i++) {
        await insertProduct(catalog.pool, {
          title: i % 3 === 0 ? 'Same Title' : `Item ${String(i).padStart(2, '0')}`,
          description: 'A pageable gadget.',
          createdAt: i % 2 === 0 ? sameTime : new Date(Date.UTC(2026, 1, 1, i)),
          variants: i === 5 ? [] : [{ priceCents: 1000 * (i % 4), compareAtCents: i % 2 ? 5000 : null, levels: [{ locationId: 'dublin', onHand: 1 }] }],
        });
      }
    });

    const walk = async (query: string, limit: number) => {
      const ids: string[] = [];
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const page = await list(`?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.data.length).toBeLessThanOrEqual(limit);
        ids.push(...page.data.map((p) => p.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      return { ids, pages };
    };

    it.each([...ProductSorts.map((s) => [`sort=${s}`]), ['q=gadget'], ['q=gadget&sort=title']])('walks every page of %s once, in the one-page order', async (query) => {
      const whole = (await list(`?${query}&limit=100`)).data.map((p) => p.id);
      expect(whole).toHaveLength(COUNT);
      const { ids, pages } = await walk(query, 4);
      expect(pages).toBe(Math.ceil(COUNT / 4));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(whole);
    });

    it('counts every match on a first page that has more, and leaves the count off later pages', async () => {
      const first = await list('?limit=4');
      expect([first.data.length, first.total]).toEqual([4, COUNT]);
      const next = await list(`?limit=4&cursor=${first.nextCursor}`);
      expect(next.data).toHaveLength(4);
      expect(next.total).toBeUndefined();
      // The count follows the filters and the search, not the sort key or the page size.
      const priced = await list('?minPrice=1&maxPrice=2&sort=price_desc&limit=2');
      const everyPriced = await list('?minPrice=1&maxPrice=2&limit=100');
      expect(priced.total).toBe(everyPriced.data.length);
      expect(everyPriced.total).toBe(everyPriced.data.length);
      expect((await list('?q=gadget&limit=3')).total).toBe(COUNT);
      expect((await list('?q=same&limit=2')).total).toBe(Math.ceil(COUNT / 3));
    });

    it('answers the first 24 with a cursor by default', async () => {
      await catalog.pool.query('SELECT 1');
      const first = await list('');
      expect(first.data).toHaveLength(COUNT < 24 ? COUNT : 24);
    });

    it('rejects a cursor used with other filters or another sort, and an edited one', async () => {
      const { nextCursor } = await list('?sort=price_asc&limit=3');
      expect(nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      await rejects(`?sort=price_desc&limit=3&cursor=${nextCursor}`, 'cursor');
      await rejects(`?sort=price_asc&limit=3&category=gaming&cursor=${nextCursor}`, 'cursor');
      await rejects(`?sort=price_asc&limit=3&cursor=${nextCursor}x`, 'cursor');
      const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(nextCursor!, 'base64url').toString()), k: 'cheap' })).toString('base64url');
      await rejects(`?sort=price_asc&limit=3&cursor=${edited}`, 'cursor');
    });

    it('rejects a cursor whose title key carries what no stored title holds (a NUL, an unpaired surrogate) with 400, not 500', async () => {
      const { nextCursor } = await list('?sort=title&limit=3');
      const position = JSON.parse(Buffer.from(nextCursor!, 'base64url').toString());
      for (const key of ['same\u0000title', 'same \ud800']) {
        // The edge reads the cursor as one line of base64url; the text inside is this check's to refuse.
        const smuggled = Buffer.from(JSON.stringify({ ...position, k: key })).toString('base64url');
        await rejects(`?sort=title&limit=3&cursor=${smuggled}`, 'cursor');
      }
    });
  });
});
