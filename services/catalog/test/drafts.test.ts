// A draft (products.published_at null: a listing a manifest brought, awaiting inspection) is not
// shown to shoppers until an admin publishes it (decision 055): every shopper's read leaves it
// out, the cart can neither read nor hold its units, the admins see it marked, and publishing puts
// it on sale at once, announced so open pages follow. Real PostgreSQL, the real app.
import { AdminInventoryEntry, CategoryCount, IntakeCounts, IntakeDetail, IntakeList, ProductList, ProductSorts, Subjects } from '@pl/contracts';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

let catalog: CatalogTestApp;
beforeAll(async () => {
  catalog = await startCatalog();
}, 30_000);
afterAll(() => catalog?.stop());

const intake = '/api/admin/intake';
const publishPath = (id: string) => `${intake}/${id}/publish`;

const listIds = async (query: string) => {
  const res = await catalog.get(`/api/products${query}`);
  expect(res.status).toBe(200);
  const list = ProductList.parse(await res.json());
  return { ids: list.data.map((p) => p.id), total: list.total };
};
const categoryCount = async (category: string) => {
  const counts = ((await (await catalog.get('/api/categories/counts')).json()) as unknown[]).map((c) => CategoryCount.parse(c));
  return counts.find((c) => c.category === category)!.count;
};
const admin = (method: string, path: string) => catalog.request(method, path, undefined, catalog.callers.admin);
const outbox = async (subject: string) =>
  (await catalog.pool.query<{ payload: unknown }>(`SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq`, [subject])).rows.map((r) => r.payload);

/** A draft and a listing on sale alike, their titles sharing a rare word (so a search finds both or one). */
async function draftBeside(word: string, category = 'gaming') {
  const onSale = await insertProduct(catalog.pool, { title: `${word} Console Bundle`, categoryId: category, variants: [{ levels: [{ locationId: 'dublin', onHand: 2 }] }] });
  const draft = await insertProduct(catalog.pool, {
    title: `${word} Controller Pair`,
    categoryId: category,
    publishedAt: null,
    variants: [{ priceCents: 4999, levels: [{ locationId: 'dublin', onHand: 3 }] }],
  });
  return { onSale, draft };
}

describe('a draft, to shoppers', () => {
  it('is in no list, no search in any order, no category filter and no count', async () => {
    const { onSale, draft } = await draftBeside('Zephyrine');
    const before = await categoryCount('gaming');

    expect((await listIds('?limit=100')).ids).not.toContain(draft.id);
    // Relevance (a search without a sort) and every sort order.
    for (const sort of ['', ...ProductSorts.map((s) => `&sort=${s}`)]) {
      const found = await listIds(`?q=zephyrine${sort}`);
      expect([sort, found.ids, found.total]).toEqual([sort, [onSale.id], 1]);
    }
    // The draft's own words, a typo of them (the spelling fallback), and with filters.
    expect((await listIds('?q=controller%20pair')).ids).not.toContain(draft.id);
    expect((await listIds('?q=zephyrin')).ids).toEqual([onSale.id]);
    expect((await listIds('?q=zephyrine&category=gaming&inStock=true&minPrice=1.00')).ids).toEqual([onSale.id]);
    expect((await listIds('?category=gaming&limit=100')).ids).not.toContain(draft.id);
    expect((await listIds('?category=gaming&sort=price_desc&limit=100')).ids).not.toContain(draft.id);

    // Counted once published (the next test), not before: the count did not move for it.
    await insertProduct(catalog.pool, { categoryId: 'gaming', publishedAt: null });
    expect(await categoryCount('gaming')).toBe(before);
  });

  it("is a 404 by id, as an unknown product is, and the cart can neither read nor hold its units", async () => {
    const { draft } = await draftBeside('Quillback');
    const page = await catalog.get(`/api/products/${draft.id}`);
    expect([page.status, await page.json()]).toEqual([404, { message: 'Product not found', code: 'NOT_FOUND' }]);

    const sku = draft.variants[0]!.sku;
    const info = await catalog.internal('GET', `/internal/variants/${sku}?qty=1&holder=cart-a`);
    expect(info.status).toBe(404);
    expect(await info.json()).toMatchObject({ message: `Unknown SKU ${sku}` });

    const hold = await catalog.internal('POST', '/internal/holds', { sku, qty: 1, holder: 'cart-a', ttlSeconds: 600 });
    expect(hold.status).toBe(404);
    expect(await hold.json()).toMatchObject({ code: 'UNKNOWN_SKU' });
    const { rows } = await catalog.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM holds h JOIN variants v ON v.id = h.variant_id WHERE v.sku = $1', [sku]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe("a draft's events", () => {
  it('carry ids, sku and counts only, as every listing\'s do: no title, price or image reaches a shopper\'s socket', async () => {
    const { draft } = await draftBeside('Thistledown');
    const sku = draft.variants[0]!.sku;
    // A count of its units (as the POS or a manifest's stock sends it).
    expect((await catalog.internal('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand: 5 })).status).toBe(200);
    const events = await outbox(Subjects.inventoryUpdated(sku));
    expect(events).toEqual([{ productId: draft.id, variantId: draft.variants[0]!.id, sku, onHand: 5, reserved: 0, available: 5 }]);
  });
});

describe('a draft, to admins', () => {
  it('is in the admin inventory and at the intake desk, marked as a draft, in its own queue and count', async () => {
    const { onSale, draft } = await draftBeside('Marrowfat', 'automotive');

    const inventory = await admin('GET', '/api/admin/inventory?q=marrowfat');
    const entries = ((await inventory.json()) as unknown[]).map((e) => AdminInventoryEntry.parse(e));
    const published = Object.fromEntries(entries.map((e) => [e.product.id, e.publishedAt]));
    expect(published[draft.id]).toBeNull();
    expect(published[onSale.id]).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/));

    const all = IntakeList.parse(await (await admin('GET', `${intake}?q=marrowfat`)).json());
    expect(Object.fromEntries(all.entries.map((e) => [e.productId, e.publishedAt === null]))).toEqual({ [draft.id]: true, [onSale.id]: false });
    const drafts = IntakeList.parse(await (await admin('GET', `${intake}?queue=drafts&q=marrowfat`)).json());
    expect([drafts.entries.map((e) => e.productId), drafts.total]).toEqual([[draft.id], 1]);

    const counts = IntakeCounts.parse(await (await admin('GET', `${intake}/counts`)).json());
    // Unpublished listings and the manifests' drafts not started yet.
    const { rows } = await catalog.pool.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM products WHERE published_at IS NULL) + (SELECT count(*) FROM manifest_rows WHERE product_id IS NULL AND outcome = 'created'))::int AS n`,
    );
    expect(counts.drafts).toBe(rows[0]!.n);

    const detail = IntakeDetail.parse(await (await admin('GET', `${intake}/${draft.id}`)).json());
    expect([detail.product.id, detail.publishedAt]).toEqual([draft.id, null]);
  });
});

describe('POST /api/admin/intake/:id/publish', () => {
  it('puts the draft on sale at once: in lists, search, its category count, by id and in the cart; announced for open pages', async () => {
    const { onSale, draft } = await draftBeside('Brindlewood', 'sports-outdoors');
    const before = await categoryCount('sports-outdoors');
    const draftsBefore = IntakeCounts.parse(await (await admin('GET', `${intake}/counts`)).json()).drafts;
    // Read through the caches first: publishing must make them forget the answers without the draft.
    expect((await listIds('?q=brindlewood')).ids).toEqual([onSale.id]);
    expect((await catalog.get(`/api/products/${draft.id}`)).status).toBe(404);

    const res = await admin('POST', publishPath(draft.id));
    expect(res.status).toBe(200);
    const detail = IntakeDetail.parse(await res.json());
    expect(detail.publishedAt).toEqual(expect.stringMatching(/Z$/));

    expect((await listIds('?q=brindlewood')).ids.sort()).toEqual([onSale.id, draft.id].sort());
    expect((await listIds('?sort=newest&limit=5')).ids).toContain(draft.id);
    expect((await catalog.get(`/api/products/${draft.id}`)).status).toBe(200);
    expect(await categoryCount('sports-outdoors')).toBe(before + 1);
    expect(IntakeCounts.parse(await (await admin('GET', `${intake}/counts`)).json()).drafts).toBe(draftsBefore - 1);
    const sku = draft.variants[0]!.sku;
    const info = await catalog.internal('GET', `/internal/variants/${sku}`);
    expect([info.status, ((await info.json()) as { available: number }).available]).toEqual([200, 3]);
    expect((await catalog.internal('POST', '/internal/holds', { sku, qty: 1, holder: 'cart-a', ttlSeconds: 600 })).status).toBe(201);

    // Through the outbox: product.updated ('published') for lists to refetch, inventory.updated as for any stock change.
    expect(await outbox(Subjects.productUpdated(draft.id))).toEqual([{ productIds: [draft.id], what: 'published' }]);
    expect((await outbox(Subjects.inventoryUpdated(sku)))[0]).toEqual({ productId: draft.id, variantId: draft.variants[0]!.id, sku, onHand: 3, reserved: 0, available: 3 });
  });

  it('is idempotent: publishing a listing on sale answers 200 and changes and announces nothing', async () => {
    const { onSale, draft } = await draftBeside('Quorlath');
    await admin('POST', publishPath(draft.id));
    const at = async (id: string) => (await catalog.pool.query<{ at: Date }>('SELECT published_at AS at FROM products WHERE id = $1', [id])).rows[0]!.at.getTime();
    const first = await at(draft.id);
    const since = await at(onSale.id);

    for (const id of [draft.id, onSale.id]) {
      const again = await admin('POST', publishPath(id));
      expect(again.status).toBe(200);
      expect(IntakeDetail.parse(await again.json()).product.id).toBe(id);
    }
    expect([await at(draft.id), await at(onSale.id)]).toEqual([first, since]);
    expect(await outbox(Subjects.productUpdated(draft.id))).toHaveLength(1);
    expect(await outbox(Subjects.productUpdated(onSale.id))).toHaveLength(0);
  });

  it('is for admins only, and names an unknown or malformed listing', async () => {
    const { draft } = await draftBeside('Vellichor');
    const guest = await catalog.request('POST', publishPath(draft.id), undefined, catalog.callers.anonymous);
    expect([guest.status, await guest.json()]).toEqual([401, expect.objectContaining({ message: expect.any(String) })]);
    const customer = await catalog.request('POST', publishPath(draft.id), undefined, catalog.callers.customer);
    expect([customer.status, await customer.json()]).toEqual([403, expect.objectContaining({ message: expect.any(String) })]);

    const unknown = await admin('POST', publishPath('00000000-0000-4000-8000-000000000000'));
    expect([unknown.status, await unknown.json()]).toEqual([404, expect.objectContaining({ message: 'Product not found' })]);
    const malformed = await admin('POST', publishPath('not-a-product'));
    expect(malformed.status).toBe(400);

    const { rows } = await catalog.pool.query<{ at: Date | null }>('SELECT published_at AS at FROM products WHERE id = $1', [draft.id]);
    expect(rows[0]!.at).toBeNull();
    expect((await listIds('?q=vellichor')).ids).not.toContain(draft.id);
  });
});
