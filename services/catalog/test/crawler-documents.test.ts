// The sitemaps and the merchant feed (decision 070): built from the listings on sale, absolute
// under the origin the gateway names, valid XML whatever a title holds, kept for a while and never
// older than the minute the shop promises. Real PostgreSQL, the real app; the documents' clock is
// the test's, so "a while" passes without waiting.
import { request as httpRequest } from 'node:http';
import { DOMParser, onWarningStopParsing, type Document, type Element } from '@xmldom/xmldom';
import { CrawlerPaths, IndexedPages } from '@pl/contracts';
import { DOCUMENT_TTL_MS } from '../src/domain/document-cache.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct, uniqueSku, type ProductInput } from './factories.js';

const ORIGIN = 'https://shop.example.com';
/** What the gateway sends with every request it forwards here (made from its PUBLIC_ORIGIN). */
const AS_THE_GATEWAY = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com' };
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const GOOGLE_NS = 'http://base.google.com/ns/1.0';
const XML_TYPE = 'application/xml; charset=utf-8';
/** Lowered from 50,000 so a few listings fill several files. */
const PER_FILE = 3;
/** W3C Datetime as the catalog writes it: UTC, milliseconds. */
const W3C_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let catalog: CatalogTestApp;
let clock = Date.now();
beforeAll(async () => {
  catalog = await startCatalog({ crawlerDocuments: { now: () => clock, sitemapUrlsPerFile: PER_FILE } });
}, 30_000);
afterAll(() => catalog?.stop());

/** Time enough passes for every kept document to be built again. */
const documentsExpire = () => {
  clock += DOCUMENT_TTL_MS;
};

const parse = (xml: string): Document => new DOMParser({ onError: onWarningStopParsing }).parseFromString(xml, 'text/xml');
const children = (parent: Element | Document, ns: string | null, name: string): Element[] =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === ns);
const textOf = (parent: Element, ns: string | null, name: string): string | undefined => children(parent, ns, name)[0]?.textContent ?? undefined;

async function fetchDocument(path: string): Promise<{ res: Response; body: string; doc: Document }> {
  const res = await catalog.get(path, AS_THE_GATEWAY);
  const body = await res.text();
  expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, XML_TYPE]);
  return { res, body, doc: parse(body) };
}

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}
/**
 * A sitemap file or index as the protocol has it: the root in its namespace, only `url` (or
 * `sitemap`) children, each with one absolute `loc` of the shop's under 2,048 characters and at
 * most a W3C `lastmod`, nothing else, and no more entries than a file may hold.
 */
function sitemapEntries(doc: Document, root: 'urlset' | 'sitemapindex'): SitemapEntry[] {
  const top = doc.documentElement!;
  expect([top.localName, top.namespaceURI]).toEqual([root, SITEMAP_NS]);
  const tag = root === 'urlset' ? 'url' : 'sitemap';
  const elements = Array.from(top.childNodes).filter((n): n is Element => n.nodeType === 1);
  expect(elements.every((e) => e.localName === tag && e.namespaceURI === SITEMAP_NS)).toBe(true);
  return elements.map((e) => {
    const names = Array.from(e.childNodes).filter((n): n is Element => n.nodeType === 1).map((n) => n.localName);
    expect(names.filter((n) => n !== 'lastmod')).toEqual(['loc']);
    const loc = textOf(e, SITEMAP_NS, 'loc')!;
    const lastmod = textOf(e, SITEMAP_NS, 'lastmod');
    expect(loc.startsWith(`${ORIGIN}/`) && loc.length < 2048 && new URL(loc).origin === ORIGIN).toBe(true);
    if (lastmod !== undefined) expect(lastmod).toMatch(W3C_INSTANT);
    return lastmod === undefined ? { loc } : { loc, lastmod };
  });
}

const productUrl = (id: string) => `${ORIGIN}/products/${id}`;
const minutesIn = (minutes: number) => new Date(Date.UTC(2020, 0, 1, 0, minutes));

/** Sets when the catalogue says a listing last changed: its row and its variants' prices. */
async function changedAt(productId: string, at: Date) {
  await catalog.pool.query('UPDATE products SET updated_at = $2 WHERE id = $1', [productId, at]);
  await catalog.pool.query('UPDATE price_changes SET changed_at = $2 WHERE variant_id IN (SELECT id FROM variants WHERE product_id = $1)', [productId, at]);
}

/** Every listing the products' files name, file by file, as the index names the files. */
async function productFiles(): Promise<Array<{ loc: string; lastmod?: string; urls: SitemapEntry[] }>> {
  const index = sitemapEntries((await fetchDocument(CrawlerPaths.sitemapIndex)).doc, 'sitemapindex');
  expect(index[0]).toEqual({ loc: ORIGIN + CrawlerPaths.sitemap('pages') });
  const files = [];
  for (const file of index.slice(1)) {
    const urls = sitemapEntries((await fetchDocument(new URL(file.loc).pathname)).doc, 'urlset');
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.length).toBeLessThanOrEqual(PER_FILE);
    files.push({ ...file, urls });
  }
  return files;
}

describe('the sitemaps', () => {
  it('name only the pages while nothing is on sale', async () => {
    await insertProduct(catalog.pool, { publishedAt: null });
    documentsExpire();
    expect(sitemapEntries((await fetchDocument(CrawlerPaths.sitemapIndex)).doc, 'sitemapindex')).toEqual([{ loc: ORIGIN + CrawlerPaths.sitemap('pages') }]);
    expect((await catalog.get(CrawlerPaths.sitemap('products-1'), AS_THE_GATEWAY)).status).toBe(404);
  });

  it('number the listings on sale oldest first, PER_FILE to a file, each with its own lastmod and each file with its latest', async () => {
    // Seven listings on sale ten minutes apart, drafts between them.
    const onSale = [];
    for (let i = 0; i < 7; i++) {
      onSale.push(await insertProduct(catalog.pool, { createdAt: minutesIn(10 * i) }));
      await insertProduct(catalog.pool, { createdAt: minutesIn(10 * i + 5), publishedAt: null });
    }
    // Each changed at a minute of its own, the third most recently of the first file.
    const changes = [30, 31, 59, 33, 34, 35, 36].map((m) => minutesIn(1000 + m));
    for (const [i, product] of onSale.entries()) await changedAt(product.id, changes[i]!);
    documentsExpire();

    const files = await productFiles();
    expect(files.map((f) => f.loc)).toEqual([1, 2, 3].map((n) => ORIGIN + CrawlerPaths.sitemap(`products-${n}`)));
    expect(files.map((f) => f.urls)).toEqual([
      onSale.slice(0, 3).map((p, i) => ({ loc: productUrl(p.id), lastmod: changes[i]!.toISOString() })),
      onSale.slice(3, 6).map((p, i) => ({ loc: productUrl(p.id), lastmod: changes[i + 3]!.toISOString() })),
      [{ loc: productUrl(onSale[6]!.id), lastmod: changes[6]!.toISOString() }],
    ]);
    expect(files.map((f) => f.lastmod)).toEqual([changes[2], changes[5], changes[6]].map((d) => d!.toISOString()));
    expect((await catalog.get(CrawlerPaths.sitemap('products-4'), AS_THE_GATEWAY)).status).toBe(404);

    // A price change is a change of the listing's page: its lastmod, and its file's, move.
    await catalog.pool.query('UPDATE variants SET price_cents = price_cents - 100 WHERE id = $1', [onSale[4]!.variants[0]!.id]);
    const { rows } = await catalog.pool.query<{ at: string }>(
      `SELECT to_char(max(changed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM price_changes WHERE variant_id = $1`,
      [onSale[4]!.variants[0]!.id],
    );
    documentsExpire();
    const after = await productFiles();
    expect(after[1]!.urls[1]).toEqual({ loc: productUrl(onSale[4]!.id), lastmod: rows[0]!.at });
    expect(after[1]!.lastmod).toBe(rows[0]!.at);
  });

  it("list the shop's pages and the list of every category with a listing on sale, not of one with drafts only", async () => {
    await insertProduct(catalog.pool, { categoryId: 'automotive' });
    await insertProduct(catalog.pool, { categoryId: 'clothing', publishedAt: null });
    documentsExpire();

    const pages = sitemapEntries((await fetchDocument(CrawlerPaths.sitemap('pages'))).doc, 'urlset').map((e) => e.loc);
    expect(pages).toEqual([...IndexedPages.map((p) => ORIGIN + p), `${ORIGIN}/products?category=electronics`, `${ORIGIN}/products?category=automotive`]);
    expect(pages).toContain(`${ORIGIN}/`);
    expect(pages).toContain(`${ORIGIN}/support/condition-guide`);
  });

  it('answer 404 for a file the shop never gives, and 400 to a caller whose address cannot be told', async () => {
    for (const name of ['products-999', 'products-0', 'products-01', 'products--1', 'x', 'pages.xml', 'PAGES']) {
      const res = await catalog.get(`/sitemaps/${name}.xml`, AS_THE_GATEWAY);
      expect([name, res.status, await res.json()]).toEqual([name, 404, { message: 'No such sitemap', code: 'NOT_FOUND' }]);
    }
    for (const path of ['/sitemaps/', '/sitemaps/pages', '/sitemaps/a/b.xml', '/feeds/other.xml']) expect([path, (await catalog.get(path, AS_THE_GATEWAY)).status]).toEqual([path, 404]);
    const res = await catalog.get(CrawlerPaths.sitemapIndex, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example/<x>' });
    expect([res.status, await res.json()]).toEqual([400, { message: 'The shop cannot tell its own address from this request', code: 'BAD_REQUEST' }]);
    expect((await catalog.get(CrawlerPaths.sitemapIndex, { 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'shop.example.com' })).status).toBe(400);
  });

  it('name the host the gateway names, each origin in a document of its own', async () => {
    const other = await catalog.get(CrawlerPaths.sitemap('pages'), { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'staging.example.com:8080' });
    expect(await other.text()).toContain('<loc>http://staging.example.com:8080/products</loc>');
    expect((await fetchDocument(CrawlerPaths.sitemap('pages'))).body).toContain(`<loc>${ORIGIN}/products</loc>`);
  });
});

/** The feed's items by g:id, with Google's required columns checked on every one. */
async function feedItems(): Promise<Map<string, Record<string, string>>> {
  const { doc } = await fetchDocument(CrawlerPaths.merchantFeed);
  const rss = doc.documentElement!;
  expect([rss.localName, rss.getAttribute('version')]).toEqual(['rss', '2.0']);
  const [channel] = children(rss, null, 'channel');
  expect(['title', 'link', 'description'].map((c) => textOf(channel!, null, c))).toEqual(['Professional Liquidation', `${ORIGIN}/`, expect.any(String)]);
  const items = new Map<string, Record<string, string>>();
  for (const item of children(channel!, null, 'item')) {
    const fields: Record<string, string> = {};
    for (const field of Array.from(item.childNodes).filter((n): n is Element => n.nodeType === 1)) {
      const name = field.namespaceURI === GOOGLE_NS ? `g:${field.localName}` : field.localName!;
      expect(fields[name]).toBeUndefined();
      fields[name] = field.textContent ?? '';
    }
    expect(Object.keys(fields).filter((k) => !['g:image_link', 'g:brand'].includes(k)).sort()).toEqual(
      ['description', 'g:availability', 'g:condition', 'g:id', 'g:price', 'link', 'title'].sort(),
    );
    expect(fields['g:price']).toMatch(/^\d+\.\d{2} USD$/);
    expect(['in_stock', 'out_of_stock']).toContain(fields['g:availability']);
    expect(['new', 'refurbished', 'used']).toContain(fields['g:condition']);
    expect(fields.link!.startsWith(`${ORIGIN}/products/`)).toBe(true);
    expect(fields.title!.length).toBeGreaterThan(0);
    expect(fields.description!.length).toBeGreaterThan(0);
    items.set(fields['g:id']!, fields);
  }
  return items;
}

const feedOf = async (sku: string) => (await feedItems()).get(sku);
const onHand = (n: number): ProductInput['variants'] => [{ sku: uniqueSku(), priceCents: 74_900, levels: [{ locationId: 'dublin', onHand: n }] }];

describe('the merchant feed', () => {
  it("has an item per variant on sale, with Google's columns from the listing, and none of a draft's", async () => {
    const photo = { id: 'ph-1', alt: 'Front', width: 1280, height: 960, placeholder: 'data:,', hash: 'abc123', widths: [320, 640, 1280], cover: true, originalKey: 'o', originalType: 'image/jpeg', createdAt: '2026-01-01T00:00:00.000Z' };
    const laptop = await insertProduct(catalog.pool, {
      title: 'MacBook Air 13" M2',
      brand: 'Apple',
      description: 'Tested, battery at 96%.',
      conditionGrade: 'OPEN_BOX',
      conditionNotes: 'A scuff on the lid.',
      variants: [
        { sku: 'MBA-M2-A', priceCents: 74_900, levels: [{ locationId: 'dublin', onHand: 1 }] },
        { sku: 'MBA-M2-B', priceCents: 79_900, levels: [] },
      ],
    });
    await catalog.pool.query('UPDATE products SET photos = $2::jsonb WHERE id = $1', [laptop.id, JSON.stringify([{ ...photo, id: 'ph-0', hash: 'other', cover: false }, photo])]);
    const plain = await insertProduct(catalog.pool, { brand: '  ', description: null, images: ['', '/api/media/kettle.jpg'], variants: [{ sku: 'KETTLE-1', priceCents: 500 }] });
    await insertProduct(catalog.pool, { images: ['javascript:alert(1)'], variants: [{ sku: 'NO-IMAGE-1' }] });
    await insertProduct(catalog.pool, { publishedAt: null, variants: [{ sku: 'DRAFT-1', levels: [{ locationId: 'dublin', onHand: 5 }] }] });
    documentsExpire();

    const items = await feedItems();
    expect(items.get('MBA-M2-A')).toEqual({
      'g:id': 'MBA-M2-A',
      title: 'MacBook Air 13" M2',
      description: 'Tested, battery at 96%.\n\nCondition notes: A scuff on the lid.',
      link: productUrl(laptop.id),
      'g:image_link': `${ORIGIN}/api/media/photos/abc123-1280.jpg`,
      'g:price': '749.00 USD',
      'g:availability': 'in_stock',
      'g:condition': 'used',
      'g:brand': 'Apple',
    });
    expect(items.get('MBA-M2-B')).toMatchObject({ link: productUrl(laptop.id), 'g:price': '799.00 USD', 'g:availability': 'out_of_stock' });
    // No brand known, no description: the title describes it; the POS's image made absolute.
    expect(items.get('KETTLE-1')).toEqual({
      'g:id': 'KETTLE-1',
      title: 'Refurbished Laptop',
      description: 'Refurbished Laptop',
      link: productUrl(plain.id),
      'g:image_link': `${ORIGIN}/api/media/kettle.jpg`,
      'g:price': '5.00 USD',
      'g:availability': 'out_of_stock',
      'g:condition': 'used',
    });
    expect(items.get('NO-IMAGE-1')).not.toHaveProperty('g:image_link');
    expect(items.has('DRAFT-1')).toBe(false);
  });

  it('escapes what a title or description holds and leaves out characters XML cannot carry', async () => {
    const title = `Tom & Jerry <Deluxe> "Boxed" 'Set' \u0007`;
    await insertProduct(catalog.pool, { title, description: 'Ends </description><g:price>0.00 USD</g:price> here \u0001', variants: [{ sku: 'ESCAPE-1' }] });
    documentsExpire();

    const { body } = await fetchDocument(CrawlerPaths.merchantFeed);
    expect(body).toContain('<title>Tom &amp; Jerry &lt;Deluxe&gt; &quot;Boxed&quot; &apos;Set&apos; </title>');
    expect(body).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    const item = await feedOf('ESCAPE-1');
    expect([item!.title, item!.description, item!['g:price']]).toEqual([title.replace('\u0007', ''), 'Ends </description><g:price>0.00 USD</g:price> here ', '19.99 USD']);
  });

  it("maps every grade to Google's condition: New in Box is new, anything else used", async () => {
    const grades = { NEW_IN_BOX: 'new', OPEN_BOX: 'used', LIGHTLY_USED: 'used', USED: 'used', FOR_PARTS: 'used', AS_IS: 'used', REFURBISHED: 'used' };
    for (const grade of Object.keys(grades)) await insertProduct(catalog.pool, { conditionGrade: grade, variants: [{ sku: `GRADE-${grade.replace('_', '-')}` }] });
    documentsExpire();

    const items = await feedItems();
    expect(Object.fromEntries(Object.keys(grades).map((g) => [g, items.get(`GRADE-${g.replace('_', '-')}`)?.['g:condition']]))).toEqual(grades);
  });

  it('says out_of_stock while the last unit is held, in_stock once the hold is released, out_of_stock once it is sold', async () => {
    const [variant] = onHand(1)!;
    await insertProduct(catalog.pool, { variants: [variant!] });
    const sku = variant!.sku!;
    documentsExpire();
    expect((await feedOf(sku))!['g:availability']).toBe('in_stock');

    const held = await catalog.internal('POST', '/internal/holds', { sku, qty: 1, holder: 'cart-a', ttlSeconds: 600 });
    expect(held.status).toBe(201);
    const hold = (await held.json()) as { id: string };
    documentsExpire();
    expect((await feedOf(sku))!['g:availability']).toBe('out_of_stock');

    expect((await catalog.internal('POST', `/internal/holds/${hold.id}/release`, {})).status).toBe(200);
    documentsExpire();
    expect((await feedOf(sku))!['g:availability']).toBe('in_stock');

    const sold = (await (await catalog.internal('POST', '/internal/holds', { sku, qty: 1, holder: 'cart-b', ttlSeconds: 600 })).json()) as { id: string };
    expect((await catalog.internal('POST', `/internal/holds/${sold.id}/commit`, { orderId: 'order-1' })).status).toBe(200);
    documentsExpire();
    expect((await feedOf(sku))!['g:availability']).toBe('out_of_stock');
  });

  it('is kept a while, and shows a price change and a published draft within the minute', async () => {
    expect(DOCUMENT_TTL_MS).toBeLessThan(60_000);
    const listing = await insertProduct(catalog.pool, { variants: [{ sku: 'KEPT-1', priceCents: 74_900 }] });
    const draft = await insertProduct(catalog.pool, { publishedAt: null, variants: [{ sku: 'KEPT-DRAFT' }] });
    documentsExpire();
    const first = await fetchDocument(CrawlerPaths.merchantFeed);
    expect(first.body).toContain('<g:id>KEPT-1</g:id>');
    const filesBefore = (await productFiles()).flatMap((f) => f.urls.map((u) => u.loc));

    await catalog.pool.query('UPDATE variants SET price_cents = 69900 WHERE id = $1', [listing.variants[0]!.id]);
    const publish = await catalog.request('POST', `/api/admin/intake/${draft.id}/publish`, undefined, catalog.callers.admin);
    expect(publish.status).toBe(200);

    // Within the time a document is kept, the same bytes.
    clock += DOCUMENT_TTL_MS - 1;
    const kept = await fetchDocument(CrawlerPaths.merchantFeed);
    expect([kept.body, kept.res.headers.get('etag')]).toEqual([first.body, first.res.headers.get('etag')]);

    clock += 1;
    const items = await feedItems();
    expect(items.get('KEPT-1')!['g:price']).toBe('699.00 USD');
    expect(items.has('KEPT-DRAFT')).toBe(true);
    const filesAfter = (await productFiles()).flatMap((f) => f.urls.map((u) => u.loc));
    expect(filesBefore).not.toContain(productUrl(draft.id));
    expect(filesAfter).toContain(productUrl(draft.id));
  });

  it('answers HEAD, a 304 to the ETag it sent, and plain XML of the same bytes to a client that takes no gzip', async () => {
    const gzipped = await catalog.get(CrawlerPaths.merchantFeed, { ...AS_THE_GATEWAY, 'accept-encoding': 'gzip' });
    const body = await gzipped.text();
    expect([gzipped.headers.get('content-encoding'), gzipped.headers.get('vary'), gzipped.headers.get('cache-control')]).toEqual(['gzip', 'Accept-Encoding', 'public, no-cache']);
    const etag = gzipped.headers.get('etag')!;

    const again = await catalog.get(CrawlerPaths.merchantFeed, { ...AS_THE_GATEWAY, 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect([again.status, await again.text()]).toEqual([304, '']);

    const plain = await rawRequest('GET', CrawlerPaths.merchantFeed);
    expect([plain.status, plain.headers['content-type'], plain.headers['content-encoding'], plain.body]).toEqual([200, XML_TYPE, undefined, body]);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(plain.headers.etag).not.toBe(etag);

    const head = await rawRequest('HEAD', CrawlerPaths.sitemapIndex);
    expect([head.status, head.headers['content-type'], head.body]).toEqual([200, XML_TYPE, '']);
  });
});

/** A request without Accept-Encoding (fetch always sends one). */
function rawRequest(method: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${catalog.url}${path}`, { method, headers: AS_THE_GATEWAY }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}
