import { Product, ProductList } from '@pl/contracts';
import { eventually } from '@pl/service-kit/testing';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

/**
 * The public reads' cache (decision 017): answers are kept per instance and dropped on any change
 * PostgreSQL notifies, whichever instance wrote; a lapsing reservation ends an answer by itself.
 */
describe('the read cache', () => {
  let catalog: CatalogTestApp;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  const available = (p: Product) => p.variants[0]!.totalAvailable;
  const readProduct = async (base: string, id: string) => Product.parse(await (await fetch(`${base}/api/products/${id}`)).json());

  it('answers a repeated read from memory with an ETag, and 304 to a browser that has it', async () => {
    const { id } = await insertProduct(catalog.pool, { title: 'Cached Kettle', variants: [{ levels: [{ locationId: 'dublin', onHand: 3 }] }] });
    const first = await catalog.get(`/api/products/${id}`);
    const etag = first.headers.get('etag')!;
    expect([first.status, first.headers.get('cache-control'), etag]).toEqual([200, 'public, no-cache', expect.stringMatching(/^"[\w-]{27}"$/)]);
    const body = await first.text();
    const size = catalog.readCache.size();
    expect(size).toBeGreaterThan(0);
    const again = await catalog.get(`/api/products/${id}`);
    expect([again.status, again.headers.get('etag'), await again.text()]).toEqual([200, etag, body]);
    expect(catalog.readCache.size()).toBe(size);
    const unchanged = await catalog.get(`/api/products/${id}`, { 'if-none-match': etag });
    expect([unchanged.status, await unchanged.text()]).toEqual([304, '']);
  });

  it("shows a stock change written by another instance on this one's next reads", async () => {
    const { id, variants } = await insertProduct(catalog.pool, { title: 'Cached Drill', variants: [{ levels: [{ locationId: 'dublin', onHand: 3 }] }] });
    expect(available(await readProduct(catalog.url, id))).toBe(3);
    expect(available(await readProduct(catalog.url, id))).toBe(3); // now from memory
    const list = async () => ProductList.parse(await (await catalog.get('/api/products?limit=100&q=Cached%20Drill')).json()).data.find((p) => p.id === id)!;
    expect(available(await list())).toBe(3);

    const other = await catalog.startSecondInstance();
    try {
      expect((await other.internal('PUT', '/internal/stock', { sku: variants[0]!.sku, locationId: 'dublin', onHand: 7 })).status).toBe(200);
      await eventually(async () => expect(available(await readProduct(catalog.url, id))).toBe(7));
      expect(available(await list())).toBe(7);
      // A hold taken on this instance shows on the other's cached page too.
      expect((await catalog.internal('POST', '/internal/holds', { sku: variants[0]!.sku, qty: 2, holder: 'cart-x', ttlSeconds: 600 })).status).toBe(201);
      await eventually(async () => expect(available(await readProduct(other.url, id))).toBe(5));
    } finally {
      await other.stop();
    }
  });

  it('shows a write through an instance on its very next read, before any notification of it arrives', async () => {
    const { id, variants } = await insertProduct(catalog.pool, { title: 'Cached Radio', variants: [{ levels: [{ locationId: 'dublin', onHand: 3 }] }] });
    const other = await catalog.startSecondInstance({ holdNotifications: true });
    try {
      expect(available(await readProduct(other.url, id))).toBe(3);
      expect(other.readCache.size()).toBeGreaterThan(0);
      // Written elsewhere: this instance keeps its answer until the notification comes.
      expect((await catalog.internal('PUT', '/internal/stock', { sku: variants[0]!.sku, locationId: 'dublin', onHand: 5 })).status).toBe(200);
      expect(available(await readProduct(other.url, id))).toBe(3);
      // Written through it: gone before the write's response left.
      expect((await other.internal('PUT', '/internal/stock', { sku: variants[0]!.sku, locationId: 'dublin', onHand: 9 })).status).toBe(200);
      expect(available(await readProduct(other.url, id))).toBe(9);
      other.deliverNotifications();
      expect(available(await readProduct(other.url, id))).toBe(9);
    } finally {
      await other.stop();
    }
  });

  it('ends an answer that shows a reservation when the reservation lapses, without any write', async () => {
    const { id, variants } = await insertProduct(catalog.pool, { title: 'Cached Lamp', variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }] }] });
    expect((await catalog.internal('POST', '/internal/holds', { sku: variants[0]!.sku, qty: 1, holder: 'cart-y', ttlSeconds: 2 })).status).toBe(201);
    expect(available(await readProduct(catalog.url, id))).toBe(0);
    // No sweeper runs in the test app: only the answer's own expiry can bring the unit back.
    await eventually(async () => expect(available(await readProduct(catalog.url, id))).toBe(1), { timeoutMs: 10_000, intervalMs: 100 });
  });
});
