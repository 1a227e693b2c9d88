import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_VIEW_RENDERER_FILE, type FirstViewRequest } from '@pl/contracts';
import { captureLogger, eventually } from '@pl/service-kit/testing';
import { createFirstViews, type FirstViews } from '../src/static/first-views';
import { createPageFragments } from '../src/static/page-fragments';

/**
 * The gateway's side of a server-rendered first screen (decision 076): the catalog team's renderer
 * fetched from beside its remote's manifest (a local server standing in for the remote's static
 * host) and the shell's from its dist, composed, and kept in step with the catalogue's changes.
 */
describe('first views', () => {
  const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
  let server: Server;
  let origin: string;
  /** What the remote's host serves as the renderer (null: nothing, 404), and what the catalog answers. */
  let renderer: string | null;
  let product: { id: string; title: string };
  const served: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'pl-first-views-test-'));
  const shellDist = path.join(dir, 'shell');
  const work = path.join(dir, 'work');
  mkdirSync(path.join(shellDist, 'server'), { recursive: true });
  const writeShell = (body: string) => {
    const file = path.join(shellDist, 'server', 'first-view.mjs');
    writeFileSync(file, body);
    // A new build is a new modification time (imported again).
    const at = new Date(Date.now() + served.length * 1000 + Math.random() * 1000);
    utimesSync(file, at, at);
  };

  /** A renderer module as a remote publishes one: `renderFirstView(request)` → markup. */
  const rendererModule = (version: string) =>
    `export function renderFirstView(r) { if (r.location.endsWith('/throws')) throw new Error('no'); const a = r.answers[0].body; const p = a.data ? a.data[0] : a; return '<h1>' + p.title + '</h1><p>${version} ' + r.page + ' ' + r.location + '</p>'; }`;

  beforeAll(async () => {
    writeShell(`export function renderLayout(r) { return '<header>' + (r.testMode ? 'TEST ' : '') + r.location + '</header><main>' + r.pageMarkup + '</main>'; }`);
    server = createServer((req, res) => {
      served.push(req.url!);
      if (req.url === `/${FIRST_VIEW_RENDERER_FILE}`) {
        if (renderer === null) return void res.writeHead(404).end();
        const etag = `"${createHash('sha256').update(renderer).digest('base64url').slice(0, 16)}"`;
        if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
        return void res.writeHead(200, { 'content-type': 'text/javascript', etag }).end(renderer);
      }
      if (req.url === `/api/products/${ID}`) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(product));
      if (req.url === '/api/products' || req.url === '/api/products?category=tools') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [product], nextCursor: null, list: req.url }));
      if (req.url === '/internal/page-heads/categories/tools') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Tools – 1 item', description: 'Tools.', head: '<link rel="canonical" href="x">' }));
      if (req.url === `/internal/page-heads/products/${ID}`) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: product.title, description: 'd', head: '' }));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    served.length = 0;
    renderer = rendererModule('v1');
    product = { id: ID, title: 'Lamp <b>' };
  });

  let open: FirstViews[] = [];
  afterEach(async () => {
    await Promise.all(open.map((f) => f.close()));
    open = [];
  });
  const start = (testMode: boolean | undefined = true, refreshMs = 60_000) => {
    const { logger, lines } = captureLogger();
    const views = createFirstViews({ remotes: [{ name: 'mf_catalog', entry: `${origin}/mf-manifest.json` }], shellDist, testMode: () => testMode, logger, dir: work, refreshMs, restartDelayMs: 50 });
    open.push(views);
    return { views, lines };
  };
  const request = (location: string): [FirstViewRequest['page'], string, FirstViewRequest['answers']] => ['mf_catalog/ProductPage', location, [{ read: `/api/products/${ID}`, body: product, at: 1 }]];

  it("renders a page with the remote's renderer from beside its manifest, inside the shell's layout", async () => {
    const { views } = start();
    await views.ready;
    expect(views.renders('mf_catalog/ProductPage')).toBe(true);
    expect(views.renders('mf_catalog/LocationsPage')).toBe(false);
    expect(served).toEqual([`/${FIRST_VIEW_RENDERER_FILE}`]);
    expect(await views.render(...request(`/products/${ID}`))).toBe(`<header>TEST /products/${ID}</header><main><h1>Lamp <b></h1><p>v1 mf_catalog/ProductPage /products/${ID}</p></main>`);
  });

  it('renders nothing while a renderer is missing, and renders once it is published', async () => {
    renderer = null;
    const { views, lines } = start(false, 50);
    await views.ready;
    expect(views.renders('mf_catalog/ProductPage')).toBe(false);
    expect(await views.render(...request(`/products/${ID}`))).toBeNull();
    expect(lines.map((l) => l.msg)).toContain('first-view renderer not loaded');
    renderer = rendererModule('v2');
    await eventually(async () => expect(await views.render(...request(`/products/${ID}`))).toContain('v2'));
  });

  it('picks up a remote deployed anew at its next refresh, asking with the ETag it has meanwhile', async () => {
    const { views } = start(true, 50);
    await views.ready;
    expect(await views.render(...request('/p'))).toContain('v1');
    await eventually(() => expect(served.filter((u) => u === `/${FIRST_VIEW_RENDERER_FILE}`).length).toBeGreaterThan(2));
    expect(await views.render(...request('/p'))).toContain('v1');
    renderer = rendererModule('v3');
    await eventually(async () => expect(await views.render(...request('/p'))).toContain('v3'));
  });

  it("runs renderers apart from the gateway: no environment to read, and a worker that dies is started again with them", async () => {
    process.env.FIRST_VIEWS_TEST_SECRET = 'not for remotes';
    renderer = `export function renderFirstView(r) { if (r.location === '/exit') process.exit(3); return 'env:' + JSON.stringify(process.env); }`;
    const { views, lines } = start();
    try {
      await views.ready;
      expect(await views.render(...request('/p'))).toContain('env:{}');
      expect(await views.render(...request('/exit'))).toBeNull();
      await eventually(async () => expect(await views.render(...request('/p'))).toContain('env:{}'));
      expect(lines.map((l) => l.msg)).toContain('first view not rendered');
    } finally {
      delete process.env.FIRST_VIEWS_TEST_SECRET;
    }
  });

  it('fetches no renderer over plain http from another host in production', async () => {
    const { logger, lines } = captureLogger();
    const views = createFirstViews({ remotes: [{ name: 'mf_catalog', entry: `http://shop-remotes.internal:1/mf-manifest.json` }], shellDist, testMode: () => false, logger, dir: work, httpsOnly: true });
    open.push(views);
    await views.ready;
    expect(views.renders('mf_catalog/ProductPage')).toBe(false);
    expect(lines.find((l) => l.msg === 'first-view renderer not loaded')?.err).toMatch(/not https/);
    // From this host it is (the test's remote is on 127.0.0.1).
    const local = start(false);
    await local.views.ready;
    expect(local.views.renders('mf_catalog/ProductPage')).toBe(true);
  });

  it('leaves a page the renderer throws on to the browser', async () => {
    const { views, lines } = start();
    await views.ready;
    expect(await views.render(...request('/products/throws'))).toBeNull();
    expect(lines.map((l) => l.msg)).toContain('first view not rendered');
  });

  it("puts the page's first screen and the answer it was drawn from into its fragment, made again after a catalogue change", async () => {
    const { views } = start(false);
    await views.ready;
    let changes = 7;
    const { logger } = captureLogger();
    const fragments = createPageFragments({ catalog: origin, internalApiToken: 't', publicOrigin: 'https://shop.example.com', logger, firstViews: views, changes: () => changes });
    const page = `/products/${ID}`;
    const first = await fragments.load('mf_catalog/ProductPage', page, '', 'r1');
    expect(first?.firstView?.markup).toBe(`<header>${page}</header><main><h1>Lamp <b></h1><p>v1 mf_catalog/ProductPage ${page}</p></main>`);
    // The answer as a JSON data block that no text of a listing can close.
    const data = first!.firstView!.data;
    expect(data).not.toContain('<b>');
    const block = /^<script type="application\/json" id="pl-first-view">(.*)<\/script>$/.exec(data)![1]!;
    expect(JSON.parse(block)).toEqual({ location: page, answers: [{ read: `/api/products/${ID}`, body: product, at: expect.any(Number) }] });
    expect(fragments.kept('mf_catalog/ProductPage', page, '')).toBe(first);
    // A price changed: the page is drawn again from the new answer, and keyed anew.
    changes += 1;
    product = { id: ID, title: 'Lamp, now cheaper' };
    expect(fragments.kept('mf_catalog/ProductPage', page, '')).toBeUndefined();
    const second = await fragments.load('mf_catalog/ProductPage', page, '', 'r2');
    expect(second?.firstView?.markup).toContain('Lamp, now cheaper');
    expect(second?.key).not.toBe(first?.key);
    // While changes cannot be heard (NATS away), nothing rendered is kept.
    changes = Number.NaN;
    expect(fragments.kept('mf_catalog/ProductPage', page, '')).toBeUndefined();
  });

  it('renders the home page and the product list from the first page of products, and a category\'s list from its own, under their heads', async () => {
    const { views } = start(false);
    await views.ready;
    const { logger } = captureLogger();
    const fragments = createPageFragments({ catalog: origin, internalApiToken: 't', publicOrigin: 'https://shop.example.com', logger, firstViews: views, changes: () => 1 });
    const dataOf = (fragment: Awaited<ReturnType<typeof fragments.load>>) => JSON.parse(/>(.*)<\/script>$/.exec(fragment!.firstView!.data)![1]!) as { location: string; answers: Array<{ read: string; body: { list: string } }> };
    for (const [page, pathname, query, location, read] of [
      ['mf_catalog/HomePage', '/', 'utm_source=mail', '/', '/api/products'],
      ['mf_catalog/ProductsPage', '/products', '', '/products', '/api/products'],
      ['mf_catalog/ProductsPage', '/products', 'category=tools', '/products?category=tools', '/api/products?category=tools'],
    ] as const) {
      const fragment = await fragments.load(page, pathname, query, 'r');
      expect(fragment?.firstView?.markup).toBe(`<header>${location}</header><main><h1>Lamp <b></h1><p>v1 ${page} ${location}</p></main>`);
      const data = dataOf(fragment);
      expect([data.location, data.answers.map((a) => [a.read, a.body.list])]).toEqual([location, [[read, read]]]);
    }
    // The category's head is the catalog's; the others', their contracts'.
    expect((await fragments.load('mf_catalog/ProductsPage', '/products', 'category=tools', 'r'))?.title).toBe('Tools – 1 item');
    expect((await fragments.load('mf_catalog/HomePage', '/', '', 'r'))?.head).toBe('');
    // A search or a filter is rendered in the browser.
    expect(fragments.kept('mf_catalog/ProductsPage', '/products', 'q=lamp')).toBeNull();
  });
});
