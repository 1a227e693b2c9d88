import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import { ApiPaths, DeviceCookie, Jwt, REMOTES_CONFIG_ELEMENT_ID, REMOTES_CONFIG_PATH, RemotesConfig } from '@pl/contracts';
import { createLogger } from '@pl/service-kit';
import { createPageHead } from '../src/static/page-head';
import { DocumentOnlyHeaders } from '../src/security/headers';
import { eventually, uniqueSuffix } from '@pl/service-kit/testing';
import { startAuthStack, type AuthStack } from './support/auth-stack';
import { closedPortUrl, startGateway, startGuestSession, startStandInService, type StandInService, type TestGateway } from './support/test-gateway';

const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root"></div><script src="/static/js/index.1a2b3c4d.js"></script></body></html>';
/** The test gateway's remotes (REMOTE_* defaults). */
const DEFAULT_REMOTES = [
  { name: 'mf_catalog', entry: 'http://localhost:5201/mf-manifest.json' },
  { name: 'mf_cart_checkout', entry: 'http://localhost:5202/mf-manifest.json' },
  { name: 'mf_account', entry: 'http://localhost:5203/mf-manifest.json' },
  { name: 'mf_admin', entry: 'http://localhost:5204/mf-manifest.json' },
];
/** `html` as a gateway with these remotes sends it while it can read none of their manifests (test gateways read none). */
function served(remotes: typeof DEFAULT_REMOTES, html: string): string {
  const head = createPageHead({ remotes, logger: createLogger({ name: 'test', level: 'silent' }), fetchManifest: () => Promise.reject(new Error('no remotes here')) });
  head.close();
  return head.render(html, undefined);
}
/** index.html as the gateway sends it: the runtime configuration and preloads in its head (checked on their own below). */
const SERVED_HTML = served(DEFAULT_REMOTES, INDEX_HTML);
const VENDOR_JS = `export const big = ${JSON.stringify('shop '.repeat(4000))};`;
const PREBUILT_JS = `export const prebuilt = ${JSON.stringify('liquidation '.repeat(2000))};`;
/** What the build put beside prebuilt.js: gzip at level 1, so its bytes differ from what the gateway would make (level 9). */
const PREBUILT_GZ = gzipSync(PREBUILT_JS, { level: 1 });

function buildShellDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'pl-shell-dist-'));
  mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'static/js/index.1a2b3c4d.js'), 'console.log("shell")');
  writeFileSync(path.join(dist, 'favicon.ico'), 'icon');
  mkdirSync(path.join(dist, 'static/css'), { recursive: true });
  writeFileSync(path.join(dist, 'static/css/index.4e5f6a7b.css'), 'body{margin:0}');
  mkdirSync(path.join(dist, 'static/svg'), { recursive: true });
  writeFileSync(path.join(dist, 'static/svg/logo.8a9b0c1d.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'static/js/vendor.5e6f7a8b.js'), VENDOR_JS);
  writeFileSync(path.join(dist, 'static/js/prebuilt.0c1d2e3f.js'), PREBUILT_JS);
  writeFileSync(path.join(dist, 'static/js/prebuilt.0c1d2e3f.js.gz'), PREBUILT_GZ);
  return dist;
}

/** CSP header → directive name → its sources. */
function parseCsp(header: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire, still encoded. */
  body: Buffer;
}

/** A request through node:http, which (unlike fetch) neither adds Accept-Encoding nor decodes the body. */
function rawRequest(port: number, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers of an answer that must not differ between two answers of a page (per request: date, request id; per page: the data preload). */
function pageHeadersOf(answer: RawAnswer): IncomingHttpHeaders {
  const { date: _date, 'x-request-id': _id, link: _link, ...rest } = answer.headers;
  return rest;
}

const PAGE = { accept: 'text/html' };

describe('serving the shell', () => {
  let dist: string;
  let gw: TestGateway;
  beforeAll(async () => {
    dist = buildShellDist();
    gw = await startGateway({ SHELL_DIST: dist, BODY_LIMIT: '1kb' });
  });
  afterAll(async () => {
    await gw.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/products', '/products/prod-42', '/account/orders', '/reset-password'])(
    'answers the client route %s with index.html, revalidated every time, and sets no cookie',
    async (route) => {
      const res = await fetch(gw.url + route, { headers: PAGE });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.text()).toBe(SERVED_HTML);
    },
  );

  it.each([
    ['no cookie', async () => undefined],
    ['a guest session', async () => (await startGuestSession(gw.url)).cookie],
    ['a tampered session cookie', async () => `${Jwt.cookieName}=not.a.token`],
    ['an unsigned alg "none" session cookie', async () => `${Jwt.cookieName}=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.`],
    ['a malformed device cookie', async () => `${DeviceCookie.name}=../../etc`],
  ])('gives a browser with %s no cookie at all with the page (no session, no device)', async (_name, cookieOf) => {
    const cookie = await cookieOf();
    for (const route of ['/', '/products', '/checkout']) {
      const res = await fetch(gw.url + route, { headers: { ...PAGE, ...(cookie ? { cookie } : {}) } });
      expect([route, res.status, res.headers.getSetCookie()]).toEqual([route, 200, []]);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('revalidates the page by a strong content-hash ETag: 304 for a current copy, the page for any other', async () => {
    const first = await fetch(`${gw.url}/`, { headers: PAGE });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{20,}"$/); // strong: no W/ prefix
    // The same bytes under every route and on every answer: one tag for the page.
    expect((await fetch(`${gw.url}/account/orders`, { headers: PAGE })).headers.get('etag')).toBe(etag);

    for (const tag of [etag!, `W/${etag}`, `"something-else", ${etag}`]) {
      const current = await fetch(`${gw.url}/products/prod-42`, { headers: { ...PAGE, 'if-none-match': tag } });
      expect([tag, current.status]).toEqual([tag, 304]);
      expect(await current.text()).toBe('');
      expect(current.headers.get('etag')).toBe(etag);
      expect(current.headers.getSetCookie()).toEqual([]);
    }
    const stale = await fetch(`${gw.url}/`, { headers: { ...PAGE, 'if-none-match': '"an-older-build"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(SERVED_HTML);
  });

  it.each([
    ['the page', '/products', SERVED_HTML],
    ['a JavaScript asset', '/static/js/vendor.5e6f7a8b.js', VENDOR_JS],
  ])('sends %s brotli- or gzip-compressed as the browser asks, and as it is to a browser that asks for neither', async (_name, route, content) => {
    const br = await rawRequest(gw.port, route, { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
    expect(brotliDecompressSync(br.body).toString()).toBe(content);

    const gzip = await rawRequest(gw.port, route, { 'accept-encoding': 'gzip, deflate' });
    expect([gzip.status, gzip.headers['content-encoding'], gzip.headers.vary]).toEqual([200, 'gzip', 'Accept-Encoding']);
    expect(gunzipSync(gzip.body).toString()).toBe(content);

    const plain = await rawRequest(gw.port, route);
    expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
    expect(plain.body.toString()).toBe(content);
    // Each encoding is one representation of the same file: one ETag, one Content-Length per body.
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(1);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(content.length);
  });

  it('sends the compressed form the build put beside a file rather than compressing it again', async () => {
    const res = await rawRequest(gw.port, '/static/js/prebuilt.0c1d2e3f.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    // The gateway's own gzip of this file would differ (level 9), so equal bytes mean the build's file was used.
    expect(gzipSync(PREBUILT_JS, { level: 9 }).equals(PREBUILT_GZ)).toBe(false);
    expect(res.body.equals(PREBUILT_GZ)).toBe(true);
    // Brotli was not built for it: the gateway makes it (the same bytes Node's brotli gives at quality 11).
    const br = await rawRequest(gw.port, '/static/js/prebuilt.0c1d2e3f.js', { 'accept-encoding': 'br' });
    expect(br.body.equals(brotliCompressSync(PREBUILT_JS, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))).toBe(true);
  });

  it('serves content-hashed assets with a long immutable cache', async () => {
    const res = await fetch(`${gw.url}/static/js/index.1a2b3c4d.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("shell")');
  });

  it("sends scripts and stylesheets without a document's headers, and pages and SVG files with them", async () => {
    const headersOf = async (url: string) => (await fetch(`${gw.url}${url}`)).headers;
    for (const url of ['/static/js/index.1a2b3c4d.js', '/static/js/prebuilt.0c1d2e3f.js', '/static/css/index.4e5f6a7b.css']) {
      const headers = await headersOf(url);
      for (const name of DocumentOnlyHeaders) expect([url, name, headers.get(name)]).toEqual([url, name, null]);
      // What a script or stylesheet still needs.
      expect([headers.get('x-content-type-options'), headers.get('cross-origin-resource-policy')]).toEqual(['nosniff', 'same-origin']);
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    // An SVG file opened on its own is a document (it may run script), and so is a page.
    for (const url of ['/static/svg/logo.8a9b0c1d.svg', '/']) {
      const headers = await headersOf(url);
      expect([url, headers.get('content-security-policy')]).toEqual([url, expect.stringContaining("default-src 'self'")]);
      expect([url, headers.get('x-frame-options')]).toEqual([url, 'DENY']);
    }
  });

  it('revalidates files whose names carry no hash', async () => {
    const res = await fetch(`${gw.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/static/js/missing.9f8e7d6c.js', '/static/css/app.css', '/logo.png', '/.well-known/unknown'])(
    'answers a missing file %s with 404, never with index.html',
    async (asset) => {
      const res = await fetch(gw.url + asset);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('<div id="root">');
    },
  );

  it.each(['/reset-password', '/reset-password?token=abc123', '/account?verify=abc123'])(
    'serves %s, whose URL carries a one-time token, with Referrer-Policy: no-referrer',
    async (route) => {
      const res = await fetch(gw.url + route, { headers: PAGE });
      expect(res.status).toBe(200);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  it('keeps strict-origin-when-cross-origin on ordinary pages', async () => {
    const res = await fetch(`${gw.url}/products`, { headers: PAGE });
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers /ws without an upgrade with 404', async () => {
    expect((await fetch(`${gw.url}/ws`)).status).toBe(404);
  });

  it('refuses a JSON body above BODY_LIMIT on routes the gateway answers itself', async () => {
    const res = await fetch(`${gw.url}/some-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(4096) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
  });
});

// The first page is answered by Express (which learns the security headers); later pages are
// answered from memory before Express. Each test starts its own gateway so it knows which was first.
describe('pages answered from memory', () => {
  let dist: string;
  let gw: TestGateway | undefined;
  beforeAll(() => {
    dist = buildShellDist();
  });
  afterEach(async () => {
    await gw?.stop();
    gw = undefined;
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const start = async () => (gw = await startGateway({ SHELL_DIST: dist, STRIPE_PUBLISHABLE_KEY: 'pk_test_51FakeKeyForTheCsp' }));

  it('carry the same headers as the first page Express answered (CSP and the rest), a request id of their own and no cookie', async () => {
    const { port } = await start();
    const first = await rawRequest(port, '/', PAGE);
    const later = await rawRequest(port, '/checkout', PAGE);
    const again = await rawRequest(port, '/products/prod-42?sort=price', { ...PAGE, cookie: `${Jwt.cookieName}=not.a.token` });
    expect(parseCsp(String(first.headers['content-security-policy']))['frame-src']).toContain('https://js.stripe.com');
    expect(later.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(pageHeadersOf(later)).toEqual(pageHeadersOf(first));
    expect(pageHeadersOf(again)).toEqual(pageHeadersOf(first));
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(later.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(later.headers['x-request-id']).not.toBe(again.headers['x-request-id']);
    expect(later.body.toString()).toBe(SERVED_HTML);
  });

  it('never answer the health checks: /healthz and /readyz stay the gateway\'s JSON after pages were served', async () => {
    const { port } = await start();
    await rawRequest(port, '/', PAGE);
    for (const probe of ['/healthz', '/readyz', '/readyz?verbose=1']) {
      const res = await rawRequest(port, probe, PAGE);
      expect([probe, String(res.headers['content-type'])]).toEqual([probe, expect.stringContaining('application/json')]);
      expect(JSON.parse(res.body.toString())).toHaveProperty('status');
    }
  });

  it('answer If-None-Match and Accept-Encoding as the first page did', async () => {
    const { port } = await start();
    const first = await rawRequest(port, '/', { ...PAGE, 'accept-encoding': 'br' });
    const later = await rawRequest(port, '/account', { ...PAGE, 'accept-encoding': 'br' });
    expect(later.headers['content-encoding']).toBe('br');
    expect(later.body.equals(first.body)).toBe(true);
    const gzip = await rawRequest(port, '/account', { ...PAGE, 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(SERVED_HTML);
    const current = await rawRequest(port, '/account', { ...PAGE, 'if-none-match': String(first.headers.etag) });
    expect([current.status, current.body.length, current.headers['content-security-policy']]).toEqual([304, 0, first.headers['content-security-policy']]);
    const head = await rawRequest(port, '/account', PAGE, 'HEAD');
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, String(Buffer.byteLength(SERVED_HTML))]);
  });

  it.each(['/reset-password', '/reset-password/', '/reset-password?token=abc123', '/account?verify=abc123', '/products?token=abc123'])(
    'keep no-referrer on %s, whose URL carries a one-time token, after ordinary pages were served',
    async (route) => {
      const { port } = await start();
      for (const ordinary of ['/', '/products']) {
        expect((await rawRequest(port, ordinary, PAGE)).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
      const token = await rawRequest(port, route, PAGE);
      expect([token.status, token.headers['referrer-policy']]).toEqual([200, 'no-referrer']);
      expect(token.body.toString()).toBe(SERVED_HTML);
      // And the token page lent nothing to the ordinary pages after it.
      expect((await rawRequest(port, '/', PAGE)).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('leave an absolute-form request line to Express, and keep a sane request id the client sent', async () => {
    const { port } = await start();
    await rawRequest(port, '/', PAGE);
    // Only Express parses an absolute-form target: its path decides, as it does for every other route.
    const token = await rawRequest(port, `http://127.0.0.1:${port}/reset-password`, PAGE);
    expect([token.status, token.headers['referrer-policy']]).toEqual([200, 'no-referrer']);
    const api = await rawRequest(port, `http://127.0.0.1:${port}/api/nowhere`, PAGE);
    expect(api.body.toString()).not.toContain('<div id="root">');
    expect((await rawRequest(port, '/products', { ...PAGE, 'x-request-id': 'trace-abc-123' })).headers['x-request-id']).toBe('trace-abc-123');
  });

  it("name the reads a page's first view starts with, first page or not", async () => {
    const { port } = await start();
    const preload = (...paths: string[]) => paths.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
    for (let round = 0; round < 2; round++) {
      // Round 0: the first page goes through Express; round 1: all from memory. The cards' and the
      // product's add-to-cart buttons read the cart; a product's stock per store, the stores; the
      // layout, on every page, the payment mode (its test-mode banner).
      expect((await rawRequest(port, '/', PAGE)).headers.link).toBe(preload('/api/products', '/api/cart', '/api/payments/mode'));
      expect((await rawRequest(port, '/products', PAGE)).headers.link).toBe(preload('/api/products', '/api/cart', '/api/payments/mode'));
      expect((await rawRequest(port, '/products/4f1c%20a', PAGE)).headers.link).toBe(preload('/api/products/4f1c%20a', '/api/locations', '/api/cart', '/api/payments/mode'));
      // Filters decide the catalogue read there, and the catalog team's page owns how: only the cart.
      expect((await rawRequest(port, '/products?category=gaming', PAGE)).headers.link).toBe(preload('/api/cart', '/api/payments/mode'));
      expect((await rawRequest(port, '/account', PAGE)).headers.link).toBe(preload('/api/payments/mode'));
      expect((await rawRequest(port, '/about', PAGE)).headers.link).toBe(preload('/api/payments/mode'));
    }
  });

  it('never take their headers from a token page served first', async () => {
    const { port } = await start();
    expect((await rawRequest(port, '/reset-password?token=abc123', PAGE)).headers['referrer-policy']).toBe('no-referrer');
    for (const route of ['/', '/products', '/']) {
      expect([route, (await rawRequest(port, route, PAGE)).headers['referrer-policy']]).toEqual([route, 'strict-origin-when-cross-origin']);
    }
  });
});

// Pages start no session; neither do reads. What once went wrong: a page's parallel first calls each
// minted a guest session, and one answered after a sign-in overwrote the customer's cookie.
describe("a new browser's first calls (real identity)", () => {
  let dist: string;
  let stack: AuthStack;
  /**
   * Stands in for the cart: holds every read until `releaseReads`, so they are answered after a
   * sign-in; anything else (the sign-in's cart merge) is answered at once.
   */
  let cart: StandInService;
  let releaseReads!: () => void;
  const readsReleased = new Promise<void>((resolve) => (releaseReads = resolve));

  beforeAll(async () => {
    dist = buildShellDist();
    cart = await startStandInService((seen, res) => {
      void (seen.method === 'GET' ? readsReleased : Promise.resolve()).then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"lines":[]}');
      });
    });
    stack = await startAuthStack({ gatewayEnv: { SHELL_DIST: dist, CART_URL: cart.url } });
  });
  afterAll(async () => {
    releaseReads();
    await stack.stop();
    await cart.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const deviceCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${DeviceCookie.name}=`));

  it('sets no session cookie on the page or on five parallel first reads, so reads answered after a sign-in leave its cookie alone', async () => {
    const jane = await stack.register();

    const page = await fetch(stack.url + '/products', { headers: PAGE });
    expect(page.headers.getSetCookie()).toEqual([]);
    // The page's first calls go out together, with no cookie; the cart holds its answers back.
    const reads = [ApiPaths.cart.cart, ApiPaths.cart.cart, ApiPaths.cart.cart, ApiPaths.auth.me, ApiPaths.auth.me].map((p) => fetch(stack.url + p));
    // (The gateway's own reads of the cart, its payment mode and readiness, are not the page's.)
    const cartReads = () => cart.requests.filter((r) => r.method === 'GET' && r.url === ApiPaths.cart.cart);
    await eventually(() => expect(cartReads()).toHaveLength(3));

    // Meanwhile the shopper signs in; then the held reads are answered.
    const signedIn = await stack.signIn(jane.username, jane.password);
    releaseReads();
    const answers = await Promise.all(reads);

    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 401]);
    // Only the look at who is signed in hands out a device cookie (decision 044), never a session.
    const cookieNames = (r: Response) => r.headers.getSetCookie().map((c) => c.split('=', 1)[0]);
    expect(answers.map(cookieNames)).toEqual([[], [], [], [DeviceCookie.name], [DeviceCookie.name]]);
    // The reads reached the cart as no one: no guest was made up for them.
    expect(cartReads().map((r) => r.headers.authorization)).toEqual([undefined, undefined, undefined]);
    // The browser's cookie is still the sign-in's, and it is signed in.
    const me = await fetch(stack.url + ApiPaths.auth.me, { headers: { cookie: signedIn.cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: jane.customer.id });
  });

  it('gives the device cookie with the look at who is signed in, a sign-in or a registration, never with the page (HttpOnly, Lax, 400 days)', async () => {
    const page = await fetch(stack.url + '/', { headers: PAGE });
    expect(deviceCookieOf(page)).toBeUndefined();
    // The id and the gateway's MAC of it (decision 044).
    const me = await fetch(stack.url + ApiPaths.auth.me);
    expect(deviceCookieOf(me)).toMatch(/^pl_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    // A browser that has one keeps it.
    const again = await fetch(stack.url + ApiPaths.auth.me, { headers: { cookie: deviceCookieOf(me)!.split(';', 1)[0]! } });
    expect(deviceCookieOf(again)).toBeUndefined();

    const jane = await stack.register();
    const signedIn = await stack.signIn(jane.username, jane.password);
    expect(deviceCookieOf(signedIn.response)).toMatch(/^pl_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const suffix = uniqueSuffix();
    const registration = await fetch(stack.url + ApiPaths.auth.register, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `device_${suffix}`, email: `device.${suffix}@example.com`, password: 'a long password' }),
    });
    expect(registration.status).toBe(201);
    expect(deviceCookieOf(registration)).toMatch(/^pl_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22};/);
  });
});

describe('serving the shell before it is built', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ SHELL_DIST: path.join(tmpdir(), 'pl-no-such-shell-dist') });
  });
  afterAll(() => gw.stop());

  it('tells a browser plainly with a 503 page', async () => {
    const res = await fetch(`${gw.url}/products`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('not built yet');
  });

  it('tells a script with a 503 JSON error', async () => {
    const res = await fetch(`${gw.url}/products`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'SHELL_NOT_BUILT' });
  });
});

describe('the head the gateway gives the page', () => {
  it('keeps a remote address from ending the data block or an attribute', () => {
    const html = served([{ name: 'mf_catalog', entry: 'https://cdn.example.com/mf-manifest.json?b="</script><script>alert(1)</script>' }], '<html><head></head></html>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('href="https://cdn.example.com/mf-manifest.json?b=&quot;&lt;/script>&lt;script>alert(1)&lt;/script>"');
    expect(JSON.parse(/<script type="application\/json" id="[^"]+">(.*?)<\/script>/.exec(html)![1]!).remotes[0].entry).toContain('</script>');
  });
});

describe(`GET ${REMOTES_CONFIG_PATH}`, () => {
  it('reflects the REMOTE_* environment of the running gateway, with no rebuild', async () => {
    const dist = buildShellDist();
    const first = await startGateway();
    const moved = await startGateway({
      SHELL_DIST: dist,
      REMOTE_MF_CATALOG_URL: 'https://cdn.example.com/mf-catalog/v2/mf-manifest.json',
      REMOTE_MF_ADMIN_URL: 'http://127.0.0.1:6204/mf-manifest.json',
    });
    try {
      const before = await fetch(first.url + REMOTES_CONFIG_PATH);
      expect(before.headers.get('cache-control')).toBe('no-cache');
      expect(RemotesConfig.parse(await before.json())).toEqual({
        remotes: [
          { name: 'mf_catalog', entry: 'http://localhost:5201/mf-manifest.json' },
          { name: 'mf_cart_checkout', entry: 'http://localhost:5202/mf-manifest.json' },
          { name: 'mf_account', entry: 'http://localhost:5203/mf-manifest.json' },
          { name: 'mf_admin', entry: 'http://localhost:5204/mf-manifest.json' },
        ],
      });
      const after = RemotesConfig.parse(await (await fetch(moved.url + REMOTES_CONFIG_PATH)).json());
      expect(after.remotes.find((r) => r.name === 'mf_catalog')?.entry).toBe('https://cdn.example.com/mf-catalog/v2/mf-manifest.json');
      expect(after.remotes.find((r) => r.name === 'mf_admin')?.entry).toBe('http://127.0.0.1:6204/mf-manifest.json');

      // The page carries the same configuration, so the shell need not ask for it before loading a remote,
      // and has the browser fetch the manifests it will use while the shell's own JavaScript arrives
      // (the order desk's page uses every remote).
      const page = await (await fetch(moved.url + '/admin/orders', { headers: { accept: 'text/html' } })).text();
      const inline = new RegExp(`<script type="application/json" id="${REMOTES_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(page)?.[1];
      expect(RemotesConfig.parse(JSON.parse(inline!))).toEqual(after);
      for (const { entry } of after.remotes) expect(page).toContain(`<link rel="preload" href="${entry}" as="fetch" crossorigin="anonymous">`);
      expect(page).toContain('<link rel="preconnect" href="https://cdn.example.com" crossorigin="anonymous">');
    } finally {
      await Promise.all([first.stop(), moved.stop()]);
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('security headers', () => {
  const remotes = {
    REMOTE_MF_CATALOG_URL: 'https://cdn.example.com/catalog/mf-manifest.json',
    REMOTE_MF_CART_CHECKOUT_URL: 'https://cdn.example.com/cart/mf-manifest.json',
    REMOTE_MF_ACCOUNT_URL: 'http://localhost:5203/mf-manifest.json',
    REMOTE_MF_ADMIN_URL: 'https://admin.example.net:8443/mf-manifest.json',
  };
  const remoteOrigins = ['https://cdn.example.com', 'http://localhost:5203', 'https://admin.example.net:8443'];

  it('allows scripts, styles and assets from our origin and exactly the configured remote origins', async () => {
    const gw = await startGateway(remotes);
    try {
      const csp = parseCsp((await fetch(`${gw.url}/healthz`)).headers.get('content-security-policy'));
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'", ...remoteOrigins]);
      expect(csp['style-src']).toEqual(["'self'", ...remoteOrigins]);
      expect(csp['font-src']).toEqual(["'self'", 'data:', ...remoteOrigins]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', ...remoteOrigins]);
      expect(csp['connect-src']).toEqual(["'self'", ...remoteOrigins, 'ws://localhost:5000']);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
      // No Stripe configured: nothing of Stripe's is allowed, and frames fall back to default-src.
      expect(JSON.stringify(csp)).not.toMatch(/stripe/);
      expect(csp).not.toHaveProperty('frame-src');
    } finally {
      await gw.stop();
    }
  });

  it("allows the page's own inline <style> (its first paint) by its hash, and only that, as the build has it now", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'pl-shell-style-'));
    const style = (css: string) => `<!doctype html><html><head><style>${css}</style></head><body><div id="root"></div></body></html>`;
    const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    writeFileSync(path.join(dist, 'index.html'), style('body { margin: 0; }'));
    const gw = await startGateway({ ...remotes, SHELL_DIST: dist });
    try {
      const styleSrc = async () => parseCsp((await fetch(`${gw.url}/`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy'))['style-src'];
      for (let round = 0; round < 2; round++) {
        // Round 0 through Express, round 1 from memory: the same policy.
        expect(await styleSrc()).toEqual(["'self'", ...remoteOrigins, hash('body { margin: 0; }')]);
      }
      // A new build of the page: its style is allowed from then on, the old one no longer.
      writeFileSync(path.join(dist, 'index.html'), style('body { margin: 1px; }'));
      await eventually(async () => expect(await styleSrc()).toEqual(["'self'", ...remoteOrigins, hash('body { margin: 1px; }')]), { timeoutMs: 10_000 });
      expect(await styleSrc()).toEqual(["'self'", ...remoteOrigins, hash('body { margin: 1px; }')]);
    } finally {
      await gw.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("admits Stripe.js, its card and 3-D Secure frames and its API when Stripe is configured", async () => {
    const gw = await startGateway({ ...remotes, STRIPE_PUBLISHABLE_KEY: 'pk_test_51FakeKeyForTheCsp' });
    try {
      const csp = parseCsp((await fetch(`${gw.url}/checkout`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy'));
      expect(csp['script-src']).toEqual(["'self'", ...remoteOrigins, 'https://js.stripe.com', 'https://*.js.stripe.com']);
      expect(csp['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
      expect(csp['connect-src']).toEqual(["'self'", ...remoteOrigins, 'ws://localhost:5000', 'https://api.stripe.com']);
      expect(csp['default-src']).toEqual(["'self'"]);
    } finally {
      await gw.stop();
    }
  });

  it('refuses a STRIPE_PUBLISHABLE_KEY that is not one (a secret key pasted by mistake)', async () => {
    await expect(startGateway({ STRIPE_PUBLISHABLE_KEY: 'sk_live_oops' })).rejects.toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('connects the websocket over wss and turns on HSTS under https', async () => {
    const gw = await startGateway({ ...remotes, PUBLIC_ORIGIN: 'https://shop.example' });
    try {
      const res = await fetch(`${gw.url}/healthz`);
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp['connect-src']).toEqual(["'self'", ...remoteOrigins, 'wss://shop.example']);
      expect(csp).toHaveProperty('upgrade-insecure-requests');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await gw.stop();
    }
  });

  it('sends the usual hardening headers and no X-Powered-By', async () => {
    const gw = await startGateway();
    try {
      const res = await fetch(`${gw.url}/healthz`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await gw.stop();
    }
  });
});

describe('health', () => {
  let gw: TestGateway;
  // Stand-ins for the four services' own /readyz: ready unless a test says otherwise.
  const notReady = new Set<string>();
  let services: Array<{ name: string; server: Server; url: string }> = [];
  beforeAll(async () => {
    services = await Promise.all(
      ['identity', 'catalog', 'cart', 'pos-sync'].map(async (name) => {
        const server = createServer((req, res) => {
          const ready = req.url === '/readyz' && !notReady.has(name);
          res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ready ? 'ready' : 'not-ready' }));
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return { name, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
      }),
    );
    const urlVar = (name: string) => `${name.toUpperCase().replace('-', '_')}_URL`;
    gw = await startGateway(Object.fromEntries(services.map((s) => [urlVar(s.name), s.url])));
  });
  afterAll(async () => {
    await gw.stop();
    await Promise.all(services.map((s) => new Promise((resolve) => s.server.close(resolve))));
  });
  afterEach(() => notReady.clear());

  it('GET /healthz says the process is up', async () => {
    const res = await fetch(`${gw.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is ready with NATS connected, keys loaded and every service ready, and reports each', async () => {
    const res = await fetch(`${gw.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { nats: true, keys: true },
      upstreams: { identity: 'ready', catalog: 'ready', cart: 'ready', 'pos-sync': 'ready' },
      instances: Object.fromEntries(services.map((s) => [s.name, { [s.url]: 'ready' }])),
    });
  });

  it('GET /readyz answers 503 while a service is not ready (its database is away) or does not answer', async () => {
    notReady.add('catalog');
    const res = await fetch(`${gw.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not-ready', checks: { nats: true, keys: true }, upstreams: { catalog: 'not-ready', cart: 'ready' } });
    const gone = await startGateway({ ...Object.fromEntries(services.map((s) => [`${s.name.toUpperCase().replace('-', '_')}_URL`, s.url])), CART_URL: await closedPortUrl() });
    const down = await (await fetch(`${gone.url}/readyz`)).json();
    await gone.stop();
    expect(down.upstreams.cart).toBe('down');
  });

  it('GET /readyz answers 503 once the NATS connection is gone', async () => {
    const other = await startGateway();
    await other.nats.close();
    const res = await fetch(`${other.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not-ready', checks: { nats: false, keys: true } });
    await other.stop();
  });
});
