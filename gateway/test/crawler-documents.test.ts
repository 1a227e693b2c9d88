// What crawlers ask the shop for, through the real gateway with the real catalog behind it
// (decision 070): robots.txt is the gateway's own, the sitemaps and the merchant feed the catalog's,
// written for the gateway's PUBLIC_ORIGIN whatever a client claims; none of them is the shell's page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CrawlerPaths, RemotePages } from '@pl/contracts';
import { startCatalog, type CatalogTestApp } from '../../services/catalog/test/catalog-test-app';
import { insertProduct } from '../../services/catalog/test/factories';
import { NOT_CRAWLED } from '../src/routes/robots-txt';
import { PUBLIC_ORIGIN, startGateway, type TestGateway } from './support/test-gateway';

const SHELL_MARKER = 'shell-page-for-crawler-test';
const XML_TYPE = 'application/xml; charset=utf-8';

describe("the crawlers' documents through the gateway", () => {
  let catalog: CatalogTestApp;
  let gw: TestGateway;
  let product: Awaited<ReturnType<typeof insertProduct>>;
  const shellDist = mkdtempSync(path.join(tmpdir(), 'pl-crawler-shell-'));
  writeFileSync(path.join(shellDist, 'index.html'), `<!doctype html><html lang="en"><head></head><body><div id="root">${SHELL_MARKER}</div></body></html>`);

  beforeAll(async () => {
    catalog = await startCatalog();
    gw = await startGateway({ CATALOG_URL: catalog.url, SHELL_DIST: shellDist });
    product = await insertProduct(catalog.pool, { title: 'Lamp & Shade', variants: [{ sku: 'LAMP-1', priceCents: 4500, levels: [{ locationId: 'dublin', onHand: 1 }] }] });
  }, 30_000);
  afterAll(async () => {
    await gw?.stop();
    await catalog?.stop();
    rmSync(shellDist, { recursive: true, force: true });
  });

  /** A request as a crawler sends it: no Cache-Control (fetch() adds no-cache to a conditional request). */
  const crawl = (method: string, pathname: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = httpRequest(`${gw.url}${pathname}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });

  it('answers robots.txt itself: private pages and the API kept out, the reads pages are made of let in, the sitemap named', async () => {
    const robots = await crawl('GET', CrawlerPaths.robots);
    expect([robots.status, robots.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    const lines = robots.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Allow: /api/products', 'Allow: /api/media', `Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`]));
    for (const page of ['/admin', '/account', '/orders', '/checkout', '/cart', '/forgot-password', '/reset-password']) expect(lines).toContain(`Disallow: ${page}`);
    expect(robots.body).not.toContain(SHELL_MARKER);

    const head = await crawl('HEAD', CrawlerPaths.robots);
    expect([head.status, head.headers['content-type'], head.body]).toEqual([200, 'text/plain; charset=utf-8', '']);
    const again = await crawl('GET', CrawlerPaths.robots, { 'if-none-match': String(robots.headers.etag) });
    expect([again.status, again.body]).toEqual([304, '']);
  });

  it("keeps every page of the account's, the checkout's and the admins' teams from crawlers", () => {
    const kept = (page: string) => NOT_CRAWLED.some((prefix) => page === prefix || page.startsWith(`${prefix}/`));
    const notCatalog = RemotePages.filter(({ id }) => !id.startsWith('mf_catalog/'));
    expect(notCatalog.length).toBeGreaterThan(0);
    expect(notCatalog.filter(({ path }) => !kept(path))).toEqual([]);
    expect(RemotePages.filter(({ id }) => id.startsWith('mf_catalog/')).filter(({ path }) => kept(path))).toEqual([]);
  });

  it('forwards the sitemaps and the feed to the catalog, every URL under the public origin whatever a client says it is', async () => {
    const spoof = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example' };
    const answers = new Map<string, string>();
    for (const pathname of [CrawlerPaths.sitemapIndex, CrawlerPaths.sitemap('pages'), CrawlerPaths.sitemap('products-1'), CrawlerPaths.merchantFeed]) {
      const res = await fetch(`${gw.url}${pathname}`, { headers: spoof });
      const body = await res.text();
      expect([pathname, res.status, res.headers.get('content-type')]).toEqual([pathname, 200, XML_TYPE]);
      expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(body).not.toContain(SHELL_MARKER);
      expect(body).not.toContain('evil.example');
      answers.set(pathname, body);
    }
    expect(answers.get(CrawlerPaths.sitemapIndex)).toContain(`<loc>${PUBLIC_ORIGIN}/sitemaps/pages.xml</loc>`);
    expect(answers.get(CrawlerPaths.sitemapIndex)).toContain(`<loc>${PUBLIC_ORIGIN}/sitemaps/products-1.xml</loc>`);
    expect(answers.get(CrawlerPaths.sitemap('pages'))).toContain(`<loc>${PUBLIC_ORIGIN}/products?category=electronics</loc>`);
    expect(answers.get(CrawlerPaths.sitemap('products-1'))).toContain(`<loc>${PUBLIC_ORIGIN}/products/${product.id}</loc>`);
    const feed = answers.get(CrawlerPaths.merchantFeed)!;
    expect(feed).toContain('<item><g:id>LAMP-1</g:id><title>Lamp &amp; Shade</title>');
    expect(feed).toContain(`<link>${PUBLIC_ORIGIN}/products/${product.id}</link>`);
    expect(feed).toContain('<g:price>45.00 USD</g:price><g:availability>in_stock</g:availability>');
  });

  it("answers a file the shop never gives with the catalog's 404, and HEAD and a 304 for one it does", async () => {
    const noSitemap = { message: 'No such sitemap', code: 'NOT_FOUND' };
    for (const [pathname, answer] of [
      ['/sitemaps/products-999.xml', noSitemap],
      ['/sitemaps/x.xml', noSitemap],
      ['/feeds/other.xml', { message: 'Not found', code: 'NOT_FOUND' }],
    ] as const) {
      const res = await crawl('GET', pathname);
      expect([pathname, res.status, JSON.parse(res.body)]).toEqual([pathname, 404, answer]);
    }
    expect((await crawl('GET', '/sitemaps/..%2fapi%2fadmin.xml')).status).toBe(400);

    const head = await crawl('HEAD', CrawlerPaths.merchantFeed, { 'accept-encoding': 'gzip' });
    expect([head.status, head.headers['content-type'], head.headers['content-encoding'], head.body]).toEqual([200, XML_TYPE, 'gzip', '']);
    const again = await crawl('GET', CrawlerPaths.merchantFeed, { 'accept-encoding': 'gzip', 'if-none-match': String(head.headers.etag) });
    expect([again.status, again.body]).toEqual([304, '']);
  });
});
