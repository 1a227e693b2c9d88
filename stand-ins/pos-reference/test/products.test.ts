import { existsSync } from 'node:fs';
import path from 'node:path';
import { generateProducts, type Product, type ReferencePos } from '../src/index.js';
import { DEMO_PRODUCTS, POS_ONLY, SHARED_WITH_SHOP } from '../src/seed/demo-products.data.js';
import { api, startPos } from './pos-test-helpers.js';

async function pullAll(pos: ReferencePos, query: string): Promise<{ products: Product[]; pages: number }> {
  const products: Product[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await api(pos, 'GET', `/v1/products?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status).toBe(200);
    products.push(...response.body.products);
    cursor = response.body.next_cursor;
    pages += 1;
  } while (cursor);
  return { products, pages };
}

const maxUpdatedAt = (products: Product[]): string => products.map((p) => p.updated_at).sort().at(-1) as string;

describe('GET /v1/products', () => {
  let pos: ReferencePos;
  beforeEach(async () => {
    pos = await startPos();
  });
  afterEach(() => pos.stop());

  it('pages through the demo seed: every product exactly once, in updated_at order', async () => {
    const { products, pages } = await pullAll(pos, 'limit=17');

    expect(products).toHaveLength(DEMO_PRODUCTS.length);
    expect(new Set(products.map((p) => p.id)).size).toBe(DEMO_PRODUCTS.length);
    expect(pages).toBe(Math.ceil(DEMO_PRODUCTS.length / 17));
    const times = products.map((p) => p.updated_at);
    expect([...times].sort()).toEqual(times);
  });

  it('tells on every page how many products the listing holds, counting only those meeting updated_since', async () => {
    const first = await api(pos, 'GET', '/v1/products?limit=5');
    expect(first.body.total_count).toBe(DEMO_PRODUCTS.length);
    const next = await api(pos, 'GET', `/v1/products?limit=5&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(next.body.total_count).toBe(DEMO_PRODUCTS.length);
    const all = await pullAll(pos, 'limit=200');
    expect((await api(pos, 'GET', `/v1/products?updated_since=${maxUpdatedAt(all.products)}`)).body.total_count).toBe(1);
  });

  it('keeps limit within 1–200 (default 100)', async () => {
    expect((await api(pos, 'GET', '/v1/products')).body.products).toHaveLength(100);
    expect((await api(pos, 'GET', '/v1/products?limit=200')).body.products).toHaveLength(DEMO_PRODUCTS.length);
    expect((await api(pos, 'GET', '/v1/products?limit=200')).body.next_cursor).toBeNull();
    for (const limit of ['0', '201', 'ten', '1.5']) {
      const response = await api(pos, 'GET', `/v1/products?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
  });

  it('filters with updated_since inclusively, so a later change shows up in the next pull', async () => {
    const first = await pullAll(pos, 'limit=200');
    const since = maxUpdatedAt(first.products);
    const newest = first.products.at(-1) as Product;

    const unchanged = await pullAll(pos, `updated_since=${since}`);
    expect(unchanged.products.map((p) => p.id)).toEqual([newest.id]);

    const target = first.products[3] as Product;
    await pos.setCount(target.variants[0]!.sku, 'westerville', 9);
    const second = await pullAll(pos, `updated_since=${since}&limit=1`);
    expect(second.products.map((p) => p.id)).toEqual([newest.id, target.id]);
    expect(second.products[1]!.updated_at > since).toBe(true);
    expect(second.products[1]!.variants[0]!.stock.find((s) => s.location_id === 'westerville')?.quantity).toBe(9);
  });

  it('moves a product changed while a client pages to the end, so it is seen again and never skipped', async () => {
    const firstPage = await api(pos, 'GET', '/v1/products?limit=50');
    const early = firstPage.body.products[0] as Product;
    const late = pos.products()[100] as Product;
    await pos.updateProduct(early.id, { name: `${early.name} (recounted)` });
    await pos.updateProduct(late.id, { description: 'Moved to the end' });

    const seen: Product[] = [...firstPage.body.products];
    let cursor: string | null = firstPage.body.next_cursor;
    while (cursor) {
      const page = await api(pos, 'GET', `/v1/products?limit=50&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...page.body.products);
      cursor = page.body.next_cursor;
    }
    expect(new Set(seen.map((p) => p.id)).size).toBe(DEMO_PRODUCTS.length);
    expect(seen).toHaveLength(DEMO_PRODUCTS.length + 1); // the early one twice, the late one once
    expect(seen.slice(-2).map((p) => p.id)).toEqual([early.id, late.id]);
    expect(seen.at(-2)?.name).toBe(`${early.name} (recounted)`);
  });

  it('refuses a cursor used with another updated_since, and a made-up one', async () => {
    const since = '2020-01-01T00:00:00.000Z';
    const page = await api(pos, 'GET', `/v1/products?limit=10&updated_since=${since}`);
    const cursor = encodeURIComponent(page.body.next_cursor);

    expect((await api(pos, 'GET', `/v1/products?limit=10&updated_since=${since}&cursor=${cursor}`)).status).toBe(200);
    expect((await api(pos, 'GET', `/v1/products?limit=10&updated_since=2020-01-01T00:00:00Z&cursor=${cursor}`)).status).toBe(200);
    for (const query of [`cursor=${cursor}`, `updated_since=2021-01-01T00:00:00.000Z&cursor=${cursor}`, 'cursor=bm90LWEtY3Vyc29y', `cursor=${cursor}x`]) {
      const response = await api(pos, 'GET', `/v1/products?limit=10&${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
    expect((await api(pos, 'GET', '/v1/products?updated_since=yesterday')).status).toBe(400);
  });

  it('returns one product by id in the documented shape, and 404 for an unknown id', async () => {
    const [product] = (await api(pos, 'GET', '/v1/products?limit=1')).body.products as Product[];
    const one = await api(pos, 'GET', `/v1/products/${product!.id}`);
    expect(one.body.product).toEqual(product);
    expect(one.body.product).toEqual({
      id: expect.stringMatching(/^prd_/),
      name: expect.any(String),
      brand: expect.any(String),
      description: expect.any(String),
      category: expect.any(String),
      condition: { grade: expect.stringMatching(/^(NEW_IN_BOX|OPEN_BOX|LIGHTLY_USED|USED|FOR_PARTS)$/), notes: expect.any(String) },
      unique: expect.any(Boolean),
      image_url: expect.anything(),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      variants: [
        expect.objectContaining({
          id: expect.stringMatching(/^var_/),
          price: { amount: expect.any(Number), currency: 'USD' },
          stock: expect.arrayContaining([{ location_id: 'columbus-warehouse', quantity: expect.any(Number), version: expect.any(Number) }]),
        }),
      ],
    });
    const missing = await api(pos, 'GET', '/v1/products/prd_nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });
});

describe('PATCH /v1/products/:id', () => {
  let pos: ReferencePos;
  beforeAll(async () => {
    pos = await startPos();
  });
  afterAll(() => pos.stop());

  it('changes name, description and a price, and moves updated_at', async () => {
    const product = pos.products().find((p) => p.variants.length > 1) as Product;
    const sku = product.variants[1]!.sku;
    const response = await api(pos, 'PATCH', `/v1/products/${product.id}`, { body: { name: 'Renamed', description: 'New text', price: { sku, amount: 1234 } } });

    expect(response.status).toBe(200);
    expect(response.body.product).toMatchObject({ id: product.id, name: 'Renamed', description: 'New text' });
    expect(response.body.product.variants[1].price).toEqual({ amount: 1234, currency: 'USD' });
    expect(response.body.product.variants[0].price).toEqual(product.variants[0]!.price);
    expect(response.body.product.updated_at > product.updated_at).toBe(true);
    expect(pos.products().at(-1)?.id).toBe(product.id);
  });

  it('rejects an empty change, unknown fields and a sku of another product', async () => {
    const [a, b] = pos.products() as [Product, Product];
    expect((await api(pos, 'PATCH', `/v1/products/${a.id}`, { body: {} })).status).toBe(400);
    expect((await api(pos, 'PATCH', `/v1/products/${a.id}`, { body: { title: 'x' } })).status).toBe(400);
    expect((await api(pos, 'PATCH', `/v1/products/${a.id}`, { body: { price: { sku: a.variants[0]!.sku, amount: 9.99 } } })).status).toBe(400);
    expect((await api(pos, 'PATCH', `/v1/products/${a.id}`, { body: { price: { sku: b.variants[0]!.sku, amount: 100 } } })).status).toBe(404);
    expect((await api(pos, 'PATCH', '/v1/products/prd_nope', { body: { name: 'x' } })).status).toBe(404);
  });
});

describe('seeds', () => {
  it('the demo seed overlaps the shop: PL- skus shared, POS- skus only here, stock at the four locations', () => {
    expect(SHARED_WITH_SHOP.length).toBeGreaterThanOrEqual(70);
    expect(POS_ONLY.length).toBeGreaterThanOrEqual(35);
    expect(SHARED_WITH_SHOP.every((p) => /^PL-[A-Z]{2}-\d{3}$/.test(p.sku) && p.variants.every((v) => v.sku.startsWith(p.sku)))).toBe(true);
    expect(POS_ONLY.every((p) => /^POS-[A-Z]{2}-\d{3}$/.test(p.sku))).toBe(true);
    const skus = DEMO_PRODUCTS.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    expect(POS_ONLY.some((p) => p.unique)).toBe(true);
  });

  it("uses only images the shop serves, as /media/<file> paths", () => {
    const media = path.resolve(__dirname, '../../../services/catalog/media');
    const images = [...DEMO_PRODUCTS, ...generateProducts(200)].map((p) => p.image).filter((image): image is string => image !== null);
    expect(images.length).toBeGreaterThan(300);
    for (const image of new Set(images)) {
      expect(image).toMatch(/^\/media\/[a-z-]+\.svg$/);
      expect(existsSync(path.join(media, image.slice('/media/'.length)))).toBe(true);
    }
  });

  it('starts empty with seed none, and with n generated products for the bench', async () => {
    const empty = await startPos({ seed: 'none' });
    const generated = await startPos({ seed: { generated: 1000 } });
    try {
      expect((await api(empty, 'GET', '/v1/products')).body).toEqual({ products: [], next_cursor: null, total_count: 0 });
      const products = generated.products();
      expect(products).toHaveLength(1000);
      expect(products.map((p) => p.variants[0]!.sku.slice(0, 14)).sort()[0]).toBe('POS-GEN-000001');
    } finally {
      await Promise.all([empty.stop(), generated.stop()]);
    }
  });

  it('generates the same products every time, with unique skus', () => {
    const a = generateProducts(10_000);
    expect(a).toHaveLength(10_000);
    expect(generateProducts(50)).toEqual(a.slice(0, 50));
    const skus = a.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
  });
});
