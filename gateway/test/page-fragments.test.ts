import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@pl/service-kit';
import { eventually } from '@pl/service-kit/testing';
import { createPageFragments } from '../src/static/page-fragments';

/** The gateway asking the catalog for a product page's head (decision 073), against a local server answering as the catalog does. */
describe('page fragments', () => {
  const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
  let server: Server;
  let url: string;
  let answer: (path: string, headers: Record<string, unknown>) => { status: number; body?: unknown; delayMs?: number };
  const asked: Array<{ path: string; host: unknown; proto: unknown }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push({ path: req.url!, host: req.headers['x-forwarded-host'], proto: req.headers['x-forwarded-proto'] });
      const a = answer(req.url!, req.headers);
      setTimeout(() => res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body ?? { message: 'no' })), a.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    asked.length = 0;
  });

  let clock = 0;
  // Room for a loaded machine (a CI run's parallel suites made a local answer miss 400 ms): only the
  // test of a late answer gives the catalog a short wait, against an answer sent later still.
  const fragments = (waitMs = 10_000) =>
    createPageFragments({ catalog: url, internalApiToken: 't', publicOrigin: 'https://shop.example.com', logger: createLogger({ name: 'test', level: 'silent' }), waitMs, now: () => clock });
  const HEAD = { title: 'Lamp – Used – $10.00', description: 'Used, inspected and graded.', head: '<link rel="canonical" href="https://shop.example.com/products/x">' };
  const product = `/products/${ID}`;

  it("asks the catalog for a category's list page by its category", async () => {
    answer = () => ({ status: 200, body: HEAD });
    const f = fragments();
    expect(f.kept('mf_catalog/ProductsPage', '/products', 'category=home-garden')).toBeUndefined();
    expect(await f.load('mf_catalog/ProductsPage', '/products', 'category=home-garden', 'r')).toMatchObject(HEAD);
    expect(asked.map((a) => a.path)).toEqual(['/internal/page-heads/categories/home-garden']);
  });

  it("asks the catalog once for a product page, with the shop's origin, and keeps the answer for 30 s", async () => {
    answer = () => ({ status: 200, body: HEAD });
    const f = fragments();
    expect(f.kept('mf_catalog/ProductPage', product, '')).toBeUndefined();
    const [a, b] = await Promise.all([f.load('mf_catalog/ProductPage', product, '', 'r1'), f.load('mf_catalog/ProductPage', product, '', 'r2')]);
    expect(a).toMatchObject(HEAD);
    expect(b).toEqual(a);
    expect(asked).toEqual([{ path: `/internal/page-heads/products/${ID}`, host: 'shop.example.com', proto: 'https' }]);
    expect(f.kept('mf_catalog/ProductPage', product, '')).toEqual(a);
    clock += 30_001;
    expect(f.kept('mf_catalog/ProductPage', product, '')).toBeUndefined();
  });

  it('has none for other pages, a malformed product id or a product the catalog does not have', async () => {
    answer = () => ({ status: 404 });
    const f = fragments();
    expect(f.kept('mf_catalog/HomePage', '/', '')).toBeNull();
    // A list with anything but its category asked (a search, a sort) is not a category's page.
    for (const query of ['', 'q=drill', 'category=electronics&sort=price_asc', 'category=Electronics!']) expect(f.kept('mf_catalog/ProductsPage', '/products', query)).toBeNull();
    expect(await f.load('mf_catalog/ProductPage', '/products/not-an-id', '', 'r')).toBeNull();
    expect(asked).toHaveLength(0);
    expect(await f.load('mf_catalog/ProductPage', product, '', 'r')).toBeNull();
    expect(f.kept('mf_catalog/ProductPage', product, '')).toBeNull();
  });

  it('serves the page without it rather than late, keeps the late answer for the next, and does not ask a failing catalog for every page', async () => {
    answer = () => ({ status: 200, body: HEAD, delayMs: 150 });
    const f = fragments(20);
    expect(await f.load('mf_catalog/ProductPage', product, '', 'r')).toBeNull();
    // The late answer is kept once it has come (sent after 150 ms).
    await eventually(() => expect(f.kept('mf_catalog/ProductPage', product, '')).toMatchObject(HEAD));

    answer = () => ({ status: 500 });
    const failing = fragments();
    expect(await failing.load('mf_catalog/ProductPage', product, '', 'r')).toBeNull();
    expect(failing.kept('mf_catalog/ProductPage', product, '')).toBeNull();
    clock += 5_001;
    expect(failing.kept('mf_catalog/ProductPage', product, '')).toBeUndefined();
  });
});
