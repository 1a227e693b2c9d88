import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request, type ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CatalogSubjects, FALLBACK_PRODUCT_IMAGE, gallerySizesOf, InternalHeaders, PhotoSizes } from '@pl/contracts';
import { eventually } from '@pl/service-kit/testing';
import { startGateway, startStandInService, type SeenRequest, type StandInService, type TestGateway } from './support/test-gateway';

/**
 * The gateway keeps the catalogue answers the catalog marks (decision 018) and forgets them on the
 * catalog's signal, on a write through it, when NATS is away and when the catalog's date passes.
 */
describe("the gateway's copy of catalogue answers", () => {
  let catalog: StandInService;
  let cart: StandInService;
  let gw: TestGateway;
  /** What the stand-in catalog marks its answers with; undefined: not marked. */
  let keepUntil: string | undefined = '0';
  let version = 1;
  let racedOnce = false;
  /** How far the gateway's clock runs ahead of the machine's (a test moves it instead of waiting). */
  let clockAhead = 0;
  /** What the stand-in catalog answers under /api/media/. */
  const photo = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
  /** Bodies the stand-in catalog answers with, by URL (others: an echo of the URL). */
  const bodies = new Map<string, unknown>();
  const shellDist = mkdtempSync(path.join(tmpdir(), 'pl-edge-shell-'));
  writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>');

  beforeAll(async () => {
    /** The stand-in catalog's JSON answer, computed at `v`. */
    const answerAt = (seen: SeenRequest, res: ServerResponse, v: number) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        etag: `"v${v}-${seen.url.length}"`,
        'cache-control': 'public, no-cache',
        ...(keepUntil === undefined ? {} : { [InternalHeaders.keepUntil]: keepUntil }),
        ...(seen.url.includes('cookie') ? { 'set-cookie': 'tracking=1' } : {}),
      });
      res.end(JSON.stringify(bodies.get(seen.url) ?? { url: seen.url, version: v }));
    };
    catalog = await startStandInService((seen, res) => {
      if (seen.url.includes('encoded=1')) {
        const encoded = gzipSync(JSON.stringify(bodies.get(seen.url)));
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': encoded.length, etag: '"encoded"' });
        res.end(encoded);
        return;
      }
      if (seen.url.startsWith('/api/media/photos/')) {
        res.writeHead(200, { 'content-type': 'image/webp', 'content-length': photo.length, etag: '"photo-hash"', 'cache-control': 'public, max-age=31536000, immutable' });
        res.end(photo);
        return;
      }
      if (seen.url.startsWith('/api/media/')) {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length, etag: '"photo"', 'cache-control': 'public, max-age=60' });
        res.end(photo);
        return;
      }
      if (seen.url.includes('raced=1') && !racedOnce) {
        // The catalog computed this answer before a change, and the change's signal reaches the
        // gateway before the answer does.
        racedOnce = true;
        const old = version;
        gw.nats.publish(CatalogSubjects.readsChanged);
        void gw.nats.flush().then(() => setTimeout(() => answerAt(seen, res, old), 200));
        return;
      }
      answerAt(seen, res, version);
    });
    cart = await startStandInService();
    gw = await startGateway({ CATALOG_URL: catalog.url, CART_URL: cart.url, SHELL_DIST: shellDist }, { now: () => Date.now() + clockAhead });
    // Answers are kept only once the gateway hears the catalog's signal.
    await gw.gateway.edge.ready;
  });
  afterAll(async () => {
    await gw.stop();
    await catalog.close();
    await cart.close();
  });
  beforeEach(() => {
    clockAhead = 0;
    keepUntil = '0';
    version++;
  });

  const reached = (url: string) => catalog.requests.filter((r) => r.url === url).length;
  const read = (url: string, headers: Record<string, string> = {}) => fetch(gw.url + url, { headers });

  it('answers a repeated read from memory, with the same bytes and headers and a fresh request id', async () => {
    const url = '/api/products?limit=24&kept=1';
    const first = await read(url);
    const body = await first.text();
    const again = await read(url);
    expect([again.status, await again.text()]).toEqual([200, body]);
    expect(reached(url)).toBe(1);
    for (const name of ['etag', 'cache-control', 'content-type', 'content-security-policy', 'x-content-type-options']) {
      expect([name, again.headers.get(name)]).toEqual([name, first.headers.get(name)]);
    }
    expect([first.headers.get(InternalHeaders.keepUntil), again.headers.get(InternalHeaders.keepUntil)]).toEqual([null, null]);
    expect(again.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(again.headers.get('set-cookie')).toBeNull();

    const unchanged = await read(url, { 'if-none-match': first.headers.get('etag')! });
    expect([unchanged.status, await unchanged.text(), unchanged.headers.get('etag')]).toEqual([304, '', first.headers.get('etag')]);
    const head = await fetch(gw.url + url, { method: 'HEAD' });
    expect([head.status, await head.text(), head.headers.get('content-length')]).toEqual([200, '', String(Buffer.byteLength(body))]);
    expect(reached(url)).toBe(1);
  });

  it('keeps an immutable photo by its name, also while NATS says nothing, and answers its ETag with a 304', async () => {
    const url = '/api/media/photos/0123456789abcdef01234567-640.webp';
    const first = await read(url);
    expect(Buffer.from(await first.arrayBuffer()).equals(photo)).toBe(true);
    const again = await read(url);
    expect([again.status, again.headers.get('cache-control'), again.headers.get('content-type')]).toEqual([200, 'public, max-age=31536000, immutable', 'image/webp']);
    expect(Buffer.from(await again.arrayBuffer()).equals(photo)).toBe(true);
    const before = gw.gateway.edge.changes();
    gw.nats.publish(CatalogSubjects.readsChanged);
    await eventually(() => gw.gateway.edge.changes() > before);
    const unchanged = await read(url, { 'if-none-match': '"photo-hash"' });
    expect([unchanged.status, await unchanged.text()]).toEqual([304, '']);
    expect(reached(url)).toBe(1);
    // An image that may change under its name is asked for each time.
    const drawing = '/api/media/laptop-kept.svg';
    await (await read(drawing)).arrayBuffer();
    await (await read(drawing)).arrayBuffer();
    expect(reached(drawing)).toBe(2);
  });

  it('keeps a search answer from its second asking on, any other read at once', async () => {
    const search = '/api/products?q=lamp&limit=7';
    await (await read(search)).text();
    await (await read(search)).text();
    await (await read(search)).text();
    // Asked once: not kept (most searches are asked once); asked again: kept.
    expect(reached(search)).toBe(2);
    const list = '/api/products?limit=7';
    await (await read(list)).text();
    await (await read(list)).text();
    expect(reached(list)).toBe(1);
  });

  it("forgets everything on the catalog's signal", async () => {
    const url = '/api/products/p-1?signal=1';
    await (await read(url)).text();
    await (await read(url)).text();
    expect(reached(url)).toBe(1);
    gw.nats.publish(CatalogSubjects.readsChanged);
    await eventually(async () => {
      await (await read(url)).text();
      expect(reached(url)).toBeGreaterThan(1);
    });
  });

  it('does not keep an answer asked for before a change whose signal arrived before the answer', async () => {
    const url = '/api/products/p-3?raced=1';
    await (await read(url)).text();
    await (await read(url)).text();
    // The first answer may have been old when it arrived: it was sent, not kept.
    expect(reached(url)).toBe(2);
  });

  it('forgets everything before the answer to a write through it leaves, so the writer reads the write', async () => {
    const url = '/api/products/p-2?write=1';
    await (await read(url)).text();
    const write = await fetch(gw.url + '/api/cart/items', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5000' }, body: '{}' });
    expect(write.status).toBe(200);
    expect(JSON.parse(await (await read(url)).text()).version).toBe(version);
    expect(reached(url)).toBe(2);
  });

  it("keeps nothing the catalog did not mark, nothing with a cookie, nothing past the catalog's date", async () => {
    keepUntil = undefined;
    for (let i = 0; i < 2; i++) await (await read('/api/products?unmarked=1')).text();
    expect(reached('/api/products?unmarked=1')).toBe(2);

    keepUntil = '0';
    for (let i = 0; i < 2; i++) await (await read('/api/products?cookie=1')).text();
    expect(reached('/api/products?cookie=1')).toBe(2);

    keepUntil = String(Date.now() + 60_000);
    await (await read('/api/products?dated=1')).text();
    await (await read('/api/products?dated=1')).text();
    expect(reached('/api/products?dated=1')).toBe(1);
    clockAhead = 60_001; // the gateway's clock, not a wait
    await (await read('/api/products?dated=1')).text();
    expect(reached('/api/products?dated=1')).toBe(2);
  });

  it('keeps nothing once NATS is gone (no signal could reach it)', async () => {
    const other = await startGateway({ CATALOG_URL: catalog.url, CART_URL: cart.url });
    try {
      const url = '/api/products?nats=1';
      await (await read(url)).text();
      await other.nats.close();
      for (let i = 0; i < 2; i++) await (await fetch(other.url + url)).text();
      expect(reached(url)).toBe(3);
      expect(other.gateway.edge.size()).toBe(0);
    } finally {
      await other.stop();
    }
  });

  describe("names the first view's lead image in the page's answer", () => {
    const product = (id: string, images: unknown[]) => ({ id, title: id, images });
    const linkOf = async (page: string) => (await read(page)).headers.get('link');
    const fetchLink = (read: string) => `<${read}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    // With the reads the page's modules start whatever the product (contracts firstViewReadsOf).
    const dataOnly = (data: string) => [data, ...(data === '/api/products' ? [] : ['/api/locations']), '/api/cart', '/api/payments/mode'].map(fetchLink).join(', ');
    const withImage = (data: string, image: string) => `${dataOnly(data)}, <${image}>; rel=preload; as=image; fetchpriority=high`;

    it('from the kept list (its first product) and the kept product, never before a catalogue answer was kept, and remembered once it is forgotten', async () => {
      bodies.set('/api/products', { data: [product('p-1', ['  ', '/api/media/laptop.svg']), product('p-2', ['/api/media/drill.svg'])], nextCursor: null });
      bodies.set('/api/products/p-2', product('p-2', ['/api/media/drill.svg', '/api/media/drill-2.svg']));
      bodies.set('/api/products/p-none', product('p-none', []));
      gw.nats.publish(CatalogSubjects.readsChanged);
      await eventually(async () => expect(gw.gateway.edge.size()).toBe(0));
      // Nothing kept yet: the page waits on no catalog, it only names the read.
      expect(await linkOf('/')).toBe(dataOnly('/api/products'));
      for (const url of ['/api/products', '/api/products/p-2', '/api/products/p-none']) await (await read(url)).text();
      for (let round = 0; round < 2; round++) {
        // Round 0 may go through Express, round 1 is from memory: the same answer.
        expect(await linkOf('/')).toBe(withImage('/api/products', '/api/media/laptop.svg'));
        expect(await linkOf('/products')).toBe(withImage('/api/products', '/api/media/laptop.svg'));
        expect(await linkOf('/products/p-2')).toBe(withImage('/api/products/p-2', '/api/media/drill.svg'));
        expect(await linkOf('/products/p-none')).toBe(withImage('/api/products/p-none', FALLBACK_PRODUCT_IMAGE));
      }
      // The answers forgotten (any catalogue change), the last lead image seen is still named...
      gw.nats.publish(CatalogSubjects.readsChanged);
      await eventually(async () => expect(gw.gateway.edge.size()).toBe(0));
      expect(await linkOf('/')).toBe(withImage('/api/products', '/api/media/laptop.svg'));
      expect(await linkOf('/products/p-2')).toBe(withImage('/api/products/p-2', '/api/media/drill.svg'));
      // ...until a kept answer leads with another one.
      bodies.set('/api/products', { data: [product('p-2', ['/api/media/drill.svg'])], nextCursor: null });
      await (await read('/api/products')).text();
      expect(await linkOf('/')).toBe(withImage('/api/products', '/api/media/drill.svg'));
    });

    it("names a cover photo with the srcset and sizes the page shows it at (a card's in a list, the product page's alone)", async () => {
      const webp = (hash: string) => [320, 640, 1280].map((w) => `/api/media/photos/${hash}-${w}.webp ${w}w`).join(', ');
      const photo = (hash: string, cover = true) => ({ id: hash, src: `/api/media/photos/${hash}-640.jpg`, webpSrcset: webp(hash), cover });
      const withPhoto = (product: { images: string[]; photos: unknown[] }, id: string) => ({ ...product, id, title: id });
      const covered = { images: ['/api/media/photos/c0ffee-640.jpg', '/api/media/photos/beef-640.jpg'], photos: [photo('beef', false), photo('c0ffee')] };
      const listBefore = bodies.get('/api/products');
      bodies.set('/api/products', { data: [withPhoto({ images: covered.images, photos: [photo('c0ffee')] }, 'p-photo')], nextCursor: null });
      bodies.set('/api/products/p-photo', withPhoto(covered, 'p-photo'));
      // A srcset that would break the header's quoting is left out: the plain cover is named alone.
      // A portrait cover is drawn narrower in the page's 4:3 box: its sizes say how much.
      bodies.set('/api/products/p-portrait', withPhoto({ images: covered.images, photos: [{ ...photo('c0ffee'), width: 960, height: 1280 }] }, 'p-portrait'));
      bodies.set('/api/products/p-odd-set', withPhoto({ images: ['/api/media/photos/odd-640.jpg'], photos: [{ ...photo('odd'), webpSrcset: '/a.webp 320w", </evil.js>; rel=preload' }] }, 'p-odd-set'));
      gw.nats.publish(CatalogSubjects.readsChanged);
      await eventually(async () => expect(gw.gateway.edge.size()).toBe(0));
      for (const url of ['/api/products', '/api/products/p-photo', '/api/products/p-portrait', '/api/products/p-odd-set']) await (await read(url)).text();

      const photoPreload = (sizes: string) => `</api/media/photos/c0ffee-640.jpg>; rel=preload; as=image; imagesrcset="${webp('c0ffee')}"; imagesizes="${sizes}"; fetchpriority=high`;
      expect(await linkOf('/products')).toBe(`${dataOnly('/api/products')}, ${photoPreload(PhotoSizes.card)}`);
      expect(await linkOf('/products/p-photo')).toBe(`${dataOnly('/api/products/p-photo')}, ${photoPreload(PhotoSizes.gallery)}`);
      expect(await linkOf('/products/p-portrait')).toBe(`${dataOnly('/api/products/p-portrait')}, ${photoPreload(gallerySizesOf({ width: 960, height: 1280 }))}`);
      expect(gallerySizesOf({ width: 960, height: 1280 })).not.toBe(PhotoSizes.gallery);
      expect(await linkOf('/products/p-odd-set')).toBe(withImage('/api/products/p-odd-set', '/api/media/photos/odd-640.jpg'));
      bodies.set('/api/products', listBefore);
    });

    it('leaves out an image address that could break or split the header', async () => {
      bodies.set('/api/products/p-odd', product('p-odd', ['/api/media/a.svg>; rel=preload; as=script, </evil.js']));
      bodies.set('/api/products/p-proto', product('p-proto', ['//evil.example/a.svg']));
      bodies.set('/api/products/p-http', product('p-http', ['http://cdn.example/a.svg']));
      bodies.set('/api/products/p-https', product('p-https', ['https://cdn.example/img/a.jpg?w=400&h=300']));
      for (const id of ['p-odd', 'p-proto', 'p-http', 'p-https']) await (await read(`/api/products/${id}`)).text();
      for (const id of ['p-odd', 'p-proto', 'p-http']) expect(await linkOf(`/products/${id}`)).toBe(dataOnly(`/api/products/${id}`));
      expect(await linkOf('/products/p-https')).toBe(withImage('/api/products/p-https', 'https://cdn.example/img/a.jpg?w=400&h=300'));
      // Nor the image remembered from before, once the kept answer leads with one that cannot be named.
      bodies.set('/api/products/p-https', product('p-https', ['http://cdn.example/b.svg']));
      gw.nats.publish(CatalogSubjects.readsChanged);
      await eventually(async () => expect(gw.gateway.edge.size()).toBe(0));
      await (await read('/api/products/p-https')).text();
      expect(await linkOf('/products/p-https')).toBe(dataOnly('/api/products/p-https'));
    });
  });

  describe('sends a kept answer compressed to a browser that accepts it', () => {
    /** A request as a browser sends it (fetch would decode the body and hide the encoding). */
    const raw = (url: string, headers: Record<string, string>, method = 'GET') =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const req = request(gw.url + url, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const big = { data: Array.from({ length: 24 }, (_, i) => ({ id: `p-${i}`, title: `Refurbished laptop number ${i}`, description: 'Inspected, graded and priced to move. '.repeat(8), images: ['/api/media/laptop.svg'] })) };

    it('brotli, else gzip, each form with its own entity tag, the same bytes underneath, and 304 for the form held', async () => {
      const url = '/api/products?compressed=1';
      bodies.set(url, big);
      const plain = await raw(url, {});
      const text = plain.body.toString();
      expect(JSON.parse(text)).toEqual(big);
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      // Kept now: every form below comes from memory.
      const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      const gzip = await raw(url, { 'accept-encoding': 'gzip, deflate' });
      const identity = await raw(url, {});
      expect(reached(url)).toBe(1);
      expect([br.headers['content-encoding'], gzip.headers['content-encoding'], identity.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
      expect(brotliDecompressSync(br.body).toString()).toBe(text);
      expect(gunzipSync(gzip.body).toString()).toBe(text);
      expect(identity.body.toString()).toBe(text);
      expect(br.body.length).toBeLessThan(text.length / 4);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      for (const answer of [br, gzip, identity]) expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      const tags = new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]);
      expect(tags.size).toBe(3);

      const again = await raw(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
      expect([again.status, again.body.length, again.headers.etag, again.headers['content-encoding']]).toEqual([304, 0, br.headers.etag, undefined]);
      // Weak comparison, in a list; and the identity form's tag is not the brotli form's.
      expect((await raw(url, { 'accept-encoding': 'br', 'if-none-match': `"other", W/${String(br.headers.etag)}` })).status).toBe(304);
      expect((await raw(url, { 'accept-encoding': 'br', 'if-none-match': String(identity.headers.etag) })).status).toBe(200);
      const head = await raw(url, { 'accept-encoding': 'br' }, 'HEAD');
      expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, String(br.body.length)]);
    });

    it('compresses the first answer too (not held yet), and holds it as it was', async () => {
      const url = '/api/products?first=1';
      bodies.set(url, big);
      const first = await raw(url, { 'accept-encoding': 'br' });
      expect(first.headers['content-encoding']).toBe('br');
      const text = brotliDecompressSync(first.body).toString();
      expect(JSON.parse(text)).toEqual(big);
      const held = await raw(url, {});
      expect(reached(url)).toBe(1);
      expect([held.headers['content-encoding'], held.body.toString()]).toEqual([undefined, text]);
    });

    it('compresses a search asked once in one piece, in the encoding the browser accepts (never one it refuses with q=0)', async () => {
      const url = '/api/products?q=laptop&once=1';
      bodies.set(url, big);
      const gzip = await raw(url, { 'accept-encoding': 'gzip, deflate, br;q=0' });
      expect([gzip.status, gzip.headers['content-encoding'], Number(gzip.headers['content-length'])]).toEqual([200, 'gzip', gzip.body.length]);
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(big);
      expect(gzip.headers.etag).toMatch(/-gz"$/);
      expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
      const refused = await raw(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect([refused.headers['content-encoding'], JSON.parse(refused.body.toString())]).toEqual([undefined, big]);
      // A kept answer too: brotli was sent whatever its q.
      const list = '/api/products?refused=1';
      bodies.set(list, big);
      await raw(list, {});
      const kept = await raw(list, { 'accept-encoding': 'gzip, br;q=0' });
      expect([reached(list), kept.headers['content-encoding']]).toEqual([1, 'gzip']);
    });

    it('passes on an answer the service encoded itself, without encoding it again', async () => {
      const url = '/api/products?encoded=1';
      // Varied enough to stay over the compression threshold once gzipped.
      const varied = { data: Array.from({ length: 200 }, (_, i) => ({ id: `p-${i}`, code: ((i + 1) * 2654435761).toString(36) })) };
      bodies.set(url, varied);
      const answer = await raw(url, { 'accept-encoding': 'br, gzip' });
      expect(answer.body.length).toBeGreaterThan(1024);
      expect([answer.status, answer.headers['content-encoding']]).toEqual([200, 'gzip']);
      expect(JSON.parse(gunzipSync(answer.body).toString())).toEqual(varied);
    });

    it('passes an image on as it comes, uncompressed', async () => {
      const image = await raw('/api/media/photo.jpg', { 'accept-encoding': 'br, gzip' });
      expect([image.status, image.headers['content-type'], image.headers['content-encoding'], image.headers.etag]).toEqual([200, 'image/jpeg', undefined, '"photo"']);
      expect(image.body.equals(photo)).toBe(true);
    });

    it('streams an answer too long to read whole, and keeps none of it', async () => {
      const url = '/api/products?long=1';
      const long = { data: 'x'.repeat(1_200_000) };
      bodies.set(url, long);
      for (let i = 0; i < 2; i++) {
        const answer = await raw(url, { 'accept-encoding': 'br' });
        expect([answer.status, answer.headers['content-encoding']]).toEqual([200, undefined]);
        expect(JSON.parse(answer.body.toString())).toEqual(long);
      }
      expect(reached(url)).toBe(2);
    });

    it('leaves a small answer as it is', async () => {
      const url = '/api/products?small=1';
      await raw(url, {});
      const again = await raw(url, { 'accept-encoding': 'br, gzip' });
      expect(reached(url)).toBe(1);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(again.body.toString())).toEqual({ url, version });
    });
  });
});
