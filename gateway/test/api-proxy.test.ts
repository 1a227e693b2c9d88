import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { SignJWT } from 'jose';
import { ApiPaths, DeviceCookie, Jwt, SessionHeaders } from '@pl/contracts';
import { mintTestSessionToken } from './support/session-tokens';
import {
  claimsOf,
  closedPortUrl,
  PUBLIC_ORIGIN,
  sessionCookieOf,
  startGateway,
  startGuestSession,
  startStandInIdentity,
  startStandInService,
  type SeenRequest,
  type StandInIdentity,
  type StandInService,
  type TestGateway,
} from './support/test-gateway';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A GET whose path goes on the wire exactly as written. */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the /api proxy', () => {
  let identity: StandInIdentity;
  let catalog: StandInService;
  let cart: StandInService;
  let posSync: StandInService;
  let gw: TestGateway;

  beforeAll(async () => {
    [identity, catalog, cart, posSync] = await Promise.all([
      startStandInIdentity(),
      startStandInService(),
      startStandInService(),
      startStandInService(),
    ]);
    gw = await startGateway({
      IDENTITY_URL: identity.url,
      CATALOG_URL: catalog.url,
      CART_URL: cart.url,
      POS_SYNC_URL: posSync.url,
    });
  });

  afterAll(async () => {
    await gw.stop();
    await Promise.all([identity, catalog, cart, posSync].map((s) => s.close()));
  });

  /** What the stand-in service saw for this request. */
  async function through(path: string, init: RequestInit = {}): Promise<{ status: number; seen: SeenRequest; res: Response }> {
    const res = await fetch(gw.url + path, init);
    expect(res.status).toBe(200);
    return { status: res.status, seen: (await res.json()) as SeenRequest, res };
  }

  const cookieFor = (token: string) => ({ cookie: `${Jwt.cookieName}=${token}` });

  /** A customer token whose session the stand-in identity reports as active. */
  async function customerToken(options: { adm?: boolean; sub?: string } = {}): Promise<string> {
    const sid = randomUUID();
    const sub = options.sub ?? `cust-${randomUUID()}`;
    identity.activate(sid, sub, options.adm ?? false);
    return mintTestSessionToken(gw.keys, { kind: 'customer', sub, sid, adm: options.adm ?? false });
  }

  /** The service saw a brand-new guest session, not the cookie's token, and the browser was given it (and told). */
  function expectFreshGuest(seen: SeenRequest, res: Response, notToken?: string): void {
    expect(seen.headers.authorization).toMatch(/^Bearer /);
    expect(seen.headers.authorization).not.toBe(`Bearer ${notToken}`);
    expect(claimsOf(seen.headers.authorization)).toMatchObject({ kind: 'guest', adm: false, sub: expect.stringMatching(/^guest:[0-9a-f-]{36}$/) });
    expect(sessionCookieOf(res)?.token).toBe(seen.headers.authorization?.slice('Bearer '.length));
    expect(res.headers.get(SessionHeaders.guestStarted)).toBe('1');
  }

  /** The request went on without any session: the service saw an anonymous caller and the browser's cookies were left alone. */
  function expectNoSession(seen: SeenRequest, res: Response): void {
    expect(seen.headers.authorization).toBeUndefined();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get(SessionHeaders.guestStarted)).toBeNull();
  }

  /** A cart write, as a page sends it (from our origin, so the CSRF check lets it through). */
  const cartWrite = (headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_ORIGIN, ...headers },
    body: JSON.stringify({ variantId: 'SKU-1', qty: 1 }),
  });

  describe('routing', () => {
    it('keeps the full path and query when proxying to the owning service', async () => {
      const { seen } = await through('/api/products?category=gaming&limit=5');
      expect(seen.method).toBe('GET');
      expect(seen.url).toBe('/api/products?category=gaming&limit=5');
      expect(catalog.requests.at(-1)?.url).toBe('/api/products?category=gaming&limit=5');
    });

    it('forwards a POST with its JSON body intact', async () => {
      const body = JSON.stringify({ variantId: 'SKU-1', qty: 2 });
      const { seen } = await through(ApiPaths.cart.lines, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(seen).toMatchObject({ method: 'POST', url: '/api/cart/lines', body });
      expect(seen.headers['content-type']).toBe('application/json');
      expect(cart.requests.at(-1)?.body).toBe(body);
    });

    it('forwards a DELETE to the nested path', async () => {
      const { seen } = await through('/api/cart/lines/line-42', { method: 'DELETE' });
      expect(seen).toMatchObject({ method: 'DELETE', url: '/api/cart/lines/line-42' });
    });

    it('streams a body larger than the gateway body limit through to the service', async () => {
      const body = JSON.stringify({ blob: 'x'.repeat(300 * 1024) });
      const { seen } = await through('/api/webhooks/pos', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(seen.body.length).toBe(body.length);
      expect(posSync.requests.at(-1)?.url).toBe('/api/webhooks/pos');
    });

    it('routes each prefix to its owner, the most specific first', async () => {
      const admin = await customerToken({ adm: true });
      await through(ApiPaths.auth.me);
      expect(identity.requests.at(-1)?.url).toBe('/api/auth/me');
      await through(ApiPaths.catalog.adminInventory, { headers: cookieFor(admin) });
      expect(catalog.requests.at(-1)?.url).toBe('/api/admin/inventory');
      await through(ApiPaths.pos.config, { headers: cookieFor(admin) });
      expect(posSync.requests.at(-1)?.url).toBe('/api/admin/pos-config');
    });

    it('answers an /api path no service owns with a 404 JSON error', async () => {
      const before = [identity, catalog, cart, posSync].map((s) => s.requests.length);
      const res = await fetch(`${gw.url}/api/nothing-here`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
      expect([identity, catalog, cart, posSync].map((s) => s.requests.length)).toEqual(before);
    });

    it('refuses paths with dot segments or encoded slashes instead of routing them', async () => {
      // Sent raw: fetch would normalise the dot segments away before they reach the gateway.
      for (const path of ['/api/cart/../admin/pos-config', '/api/cart/%2e%2e/admin/pos-config', '/api/products//x', '/api/cart/..%2Fadmin']) {
        const { status, body } = await rawGet(gw.port, path);
        expect({ path, status }).toEqual({ path, status: 400 });
        expect(JSON.parse(body)).toMatchObject({ code: 'BAD_REQUEST' });
      }
      expect(posSync.requests.some((r) => r.url.includes('pos-config') && !r.headers.authorization)).toBe(false);
    });
  });

  describe('identity headers', () => {
    const spoofed = {
      authorization: 'Bearer forged',
      'x-user-id': 'admin',
      'x-user': 'admin',
      'x-customer-id': 'c-1',
      'x-is-admin': 'true',
      'x-forwarded-user': 'admin',
      'x-subject': 'admin',
      'x-forwarded-for': '6.6.6.6',
      'x-pl-device': 'Zm9yZ2VkLWRldmljZS1pZD',
    };

    it.each([
      ['a read without a cookie, which goes on without a session', false],
      ['a write without a cookie, which gets a fresh guest session', true],
    ])('strips every client-supplied identity header from %s', async (_name, write) => {
      const { seen, res } = write ? await through(ApiPaths.cart.lines, cartWrite(spoofed)) : await through(ApiPaths.cart.cart, { headers: spoofed });
      if (write) expectFreshGuest(seen, res, 'forged');
      else expectNoSession(seen, res);
      for (const name of ['x-user-id', 'x-user', 'x-customer-id', 'x-is-admin', 'x-forwarded-user', 'x-subject', 'x-pl-device']) {
        expect({ name, value: seen.headers[name] }).toEqual({ name, value: undefined });
      }
      expect(seen.headers['x-forwarded-for']).not.toContain('6.6.6.6');
    });

    it('replaces a forged Authorization with the verified cookie token', async () => {
      const token = await customerToken({ sub: 'cust-7' });
      const { seen } = await through('/api/cart', { headers: { ...spoofed, ...cookieFor(token) } });
      expect(seen.headers.authorization).toBe(`Bearer ${token}`);
      expect(seen.headers['x-user-id']).toBeUndefined();
      expect(seen.headers['x-is-admin']).toBeUndefined();
    });

    it("forwards the id of a device cookie the gateway issued as x-pl-device, not a header it sent nor an invented id", async () => {
      const device = gw.gateway.devices.issue();
      const { seen } = await through('/api/auth/forgot-password', { headers: { ...spoofed, cookie: `${DeviceCookie.name}=${device.value}` } });
      expect(seen.headers['x-pl-device']).toBe(device.id);
      for (const invented of ['not-a-device', 'ZGV2aWNlLWZyb20tY29va2', `${device.id}.${'A'.repeat(22)}`]) {
        const { seen: other } = await through('/api/auth/forgot-password', { headers: { ...spoofed, cookie: `${DeviceCookie.name}=${invented}` } });
        expect({ invented, forwarded: other.headers['x-pl-device'] }).toEqual({ invented, forwarded: undefined });
      }
    });

    it('passes other cookies on but keeps the session cookie to itself', async () => {
      const token = await mintTestSessionToken(gw.keys);
      const { seen } = await through('/api/cart', { headers: { cookie: `theme=dark; ${Jwt.cookieName}=${token}; lang=en` } });
      expect(seen.headers.cookie).toBe('theme=dark; lang=en');
      expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    });
  });

  describe('the session cookie', () => {
    it('gives a browser without a cookie a guest session with its first write and forwards it as the bearer', async () => {
      const { seen, res } = await through(ApiPaths.cart.lines, cartWrite());
      expectFreshGuest(seen, res);
    });

    it('sends a read without a cookie on with no session: no bearer, no cookie, nothing signed', async () => {
      const { seen, res } = await through(ApiPaths.cart.cart);
      expectNoSession(seen, res);
    });

    it('keeps a valid guest session as it is, without setting the cookie again', async () => {
      const guest = await mintTestSessionToken(gw.keys, { kind: 'guest', sub: `guest:${randomUUID()}` });
      const { seen, res } = await through('/api/cart', { headers: cookieFor(guest) });
      expect(seen.headers.authorization).toBe(`Bearer ${guest}`);
      expect(sessionCookieOf(res)).toBeUndefined();
    });

    /** Cookies no request may be served with; each makes its own token (some need the gateway's keys). */
    const unusable: [string, () => Promise<string>][] = [
      [
        'a tampered cookie',
        async () => {
          const [header, , signature] = (await customerToken()).split('.');
          return `${header}.${base64url({ sub: 'x', kind: 'customer', sid: 's', adm: true, iss: Jwt.issuer, aud: Jwt.audience, exp: 9999999999 })}.${signature}`;
        },
      ],
      ['a cookie expired beyond the refresh window', () => mintTestSessionToken(gw.keys, { ttlSeconds: -40 * 24 * 3600 })],
      [
        'an unsigned alg "none" cookie',
        async () =>
          `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'x', kind: 'customer', sid: 's', adm: true, iss: Jwt.issuer, aud: Jwt.audience, exp: 9999999999 })}.`,
      ],
      [
        'a cookie signed by another key',
        () =>
          new SignJWT({ kind: 'customer', sid: 's', adm: true })
            .setProtectedHeader({ alg: 'EdDSA', kid: gw.keys.kid })
            .setSubject('x')
            .setIssuer(Jwt.issuer)
            .setAudience(Jwt.audience)
            .setExpirationTime('5m')
            .sign(generateKeyPairSync('ed25519').privateKey),
      ],
      ['a customer cookie whose session identity does not know', () => mintTestSessionToken(gw.keys, { kind: 'customer', sub: 'cust-x', sid: randomUUID() })],
    ];

    it.each(unusable)('replaces %s with a fresh guest session on a write', async (_name, make) => {
      const token = await make();
      const { seen, res } = await through(ApiPaths.cart.lines, cartWrite(cookieFor(token)));
      expectFreshGuest(seen, res, token);
      expect(claimsOf(seen.headers.authorization).sub).not.toBe(claimsOf(token).sub);
    });

    it.each(unusable)('sends a read with %s on without a session, leaving the cookie as it is', async (_name, make) => {
      const { seen, res } = await through(ApiPaths.cart.cart, { headers: cookieFor(await make()) });
      expectNoSession(seen, res);
    });

    it("gives the catalogue's public reads no session: nothing minted, refreshed or forwarded, whatever the browser sends", async () => {
      const guest = (await startGuestSession(gw.url)).token;
      for (const path of ['/api/products?limit=5', '/api/products/0b7f4a0e-6d39-4c7e-9b1a-2f0e8f1f6b11', '/api/categories/counts', '/api/locations']) {
        const forged = { authorization: 'Bearer forged', 'x-user-id': 'admin' };
        for (const headers of [forged, { ...forged, cookie: `${Jwt.cookieName}=${guest}` }]) {
          const { seen, res } = await through(path, { headers });
          expect([path, seen.headers.authorization, sessionCookieOf(res)]).toEqual([path, undefined, undefined]);
          expect(seen.headers['x-user-id']).toBeUndefined();
        }
      }
      // Anything else still gets its session: the same cookie reaches the cart as the bearer.
      const { seen, res } = await through('/api/cart', { headers: cookieFor(guest) });
      expect(seen.headers.authorization).toBe(`Bearer ${guest}`);
      expect(sessionCookieOf(res)).toBeUndefined();
    });

    it('gives webhooks no session and sets no cookie', async () => {
      const res = await fetch(`${gw.url}/api/webhooks/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const seen = (await res.json()) as SeenRequest;
      expect(seen.headers.authorization).toBeUndefined();
      expect(sessionCookieOf(res)).toBeUndefined();
    });

    it('keeps the gateway cookie when the service sets cookies, and never lets a service set the session cookie', async () => {
      const setter = await startStandInService((_seen, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['pl_session=evil; Path=/', 'pref=1; Path=/'], 'cache-control': 'public, max-age=600' });
        res.end('{}');
      });
      const gw2 = await startGateway({ CART_URL: setter.url });
      try {
        // A cookieless write: the gateway starts a guest session, and the service tries to set cookies too.
        const res = await fetch(gw2.url + ApiPaths.cart.lines, cartWrite());
        const cookies = res.headers.getSetCookie();
        expect(cookies.some((c) => c.startsWith('pref=1'))).toBe(true);
        expect(cookies.filter((c) => c.startsWith('pl_session='))).toHaveLength(1);
        expect(claimsOf(sessionCookieOf(res)?.token)).toMatchObject({ kind: 'guest' });
        // A response carrying someone's session must never be stored by a shared cache.
        expect(res.headers.get('cache-control')).toBe('no-store');
      } finally {
        await gw2.stop();
        await setter.close();
      }
    });
  });

  describe('admin paths', () => {
    it('answers 401 to an anonymous caller without asking the service', async () => {
      const before = posSync.requests.length;
      const res = await fetch(gw.url + ApiPaths.pos.config);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(posSync.requests.length).toBe(before);
    });

    it('answers 401 to a guest session', async () => {
      const guest = await mintTestSessionToken(gw.keys, { kind: 'guest' });
      const res = await fetch(gw.url + ApiPaths.catalog.adminInventory, { headers: cookieFor(guest) });
      expect(res.status).toBe(401);
    });

    it('answers 403 to a signed-in customer who is not an admin', async () => {
      const customer = await customerToken({ adm: false });
      const res = await fetch(gw.url + ApiPaths.pos.events, { headers: cookieFor(customer) });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('request ids', () => {
    it('generates an id, echoes it and forwards the same id to the service', async () => {
      const { seen, res } = await through('/api/locations');
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(seen.headers['x-request-id']).toBe(id);
    });

    it('keeps a sane incoming id', async () => {
      const { seen, res } = await through('/api/locations', { headers: { 'x-request-id': 'lb-1234.abc' } });
      expect(res.headers.get('x-request-id')).toBe('lb-1234.abc');
      expect(seen.headers['x-request-id']).toBe('lb-1234.abc');
    });

    it('replaces an incoming id that is not sane', async () => {
      const { seen, res } = await through('/api/locations', { headers: { 'x-request-id': 'x'.repeat(500) } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(seen.headers['x-request-id']).toBe(id);
    });

    it('echoes the id on responses the gateway answers itself', async () => {
      const res = await fetch(`${gw.url}/healthz`, { headers: { 'x-request-id': 'probe-1' } });
      expect(res.headers.get('x-request-id')).toBe('probe-1');
    });
  });
});

describe('the connections from the /api proxy to a service', () => {
  let identity: StandInIdentity;
  let cart: StandInService;
  let gw: TestGateway;

  beforeAll(async () => {
    identity = await startStandInIdentity();
    // The cart answers with the headers it saw and the gateway-side port of the connection it came on.
    cart = await startStandInService((seen, res, req) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ headers: seen.headers, port: req.socket.remotePort }));
    });
    gw = await startGateway({ IDENTITY_URL: identity.url, CATALOG_URL: await closedPortUrl(), CART_URL: cart.url, POS_SYNC_URL: await closedPortUrl() });
  });
  afterAll(async () => {
    await gw.stop();
    await Promise.all([identity, cart].map((s) => s.close()));
  });

  /** A read sent as an HTTP client that closes its own connection after each answer. */
  function readClosing(): Promise<{ headers: Record<string, string>; port: number }> {
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: new URL(gw.url).port, path: ApiPaths.cart.cart, method: 'GET', agent: false, headers: { connection: 'close, x-hop', 'x-hop': '1', 'keep-alive': 'timeout=1' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(JSON.parse(body)));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it("keeps its pooled connection to the service whatever the browser says of its own, and passes on no hop-by-hop header", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await readClosing());
    expect(new Set(answers.map((a) => a.port)).size).toBe(1);
    for (const { headers } of answers) {
      expect(headers.connection).not.toMatch(/close/i);
      expect([headers['x-hop'], headers['keep-alive']]).toEqual([undefined, undefined]);
    }
  });
});

describe('the /api proxy when a service is unreachable or slow', () => {
  let silent: StandInService;
  let gw: TestGateway;

  beforeAll(async () => {
    // Accepts the request and never answers: a stuck service.
    silent = await startStandInService(() => undefined);
    gw = await startGateway({ CATALOG_URL: await closedPortUrl(), CART_URL: silent.url, UPSTREAM_TIMEOUT_MS: '300' });
  });

  afterAll(async () => {
    await gw.stop();
    await silent.close();
  });

  it('answers a JSON 503 at once when the service refuses the connection', async () => {
    // The bound is a correctness limit (it must not hang), not a benchmark.
    const res = await fetch(`${gw.url}/api/products`, { signal: AbortSignal.timeout(1000) });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: 'The catalog service is unavailable', code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('answers a JSON 503 for a POST to a service that is down, too', async () => {
    const res = await fetch(`${gw.url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
      signal: AbortSignal.timeout(1000),
    });
    expect(res.status).toBe(503);
  });

  it('answers a JSON 504 when the service does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    const res = await fetch(`${gw.url}/api/cart`, { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ message: 'The cart service did not answer in time', code: 'UPSTREAM_UNAVAILABLE' });
  });
});

describe('the /api proxy under https', () => {
  let service: StandInService;
  let gw: TestGateway;

  beforeAll(async () => {
    service = await startStandInService();
    gw = await startGateway({ PUBLIC_ORIGIN: 'https://shop.example', CART_URL: service.url });
  });

  afterAll(async () => {
    await gw.stop();
    await service.close();
  });

  it('reads only the __Host- cookie, so a cookie planted without the prefix is ignored', async () => {
    const token = await mintTestSessionToken(gw.keys);
    const planted = await fetch(`${gw.url}/api/cart`, { headers: { cookie: `${Jwt.cookieName}=${token}` } });
    expect(((await planted.json()) as SeenRequest).headers.authorization).toBeUndefined();
    expect(planted.headers.getSetCookie()).toEqual([]);
    // On a write the planted cookie is no session either: the browser gets a guest under the __Host- name.
    const plantedWrite = await fetch(gw.url + ApiPaths.cart.lines, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example', cookie: `${Jwt.cookieName}=${token}` },
      body: '{}',
    });
    expect(((await plantedWrite.json()) as SeenRequest).headers.authorization).not.toBe(`Bearer ${token}`);
    expect(plantedWrite.headers.getSetCookie()[0]).toMatch(/^__Host-pl_session=.+; Max-Age=\d+; Path=\/; .*HttpOnly; Secure; SameSite=Lax$/);
    const real = await fetch(`${gw.url}/api/cart`, { headers: { cookie: `${Jwt.secureCookieName}=${token}` } });
    expect(((await real.json()) as SeenRequest).headers.authorization).toBe(`Bearer ${token}`);
  });

  it('tells the service the public protocol and host', async () => {
    const seen = (await (await fetch(`${gw.url}/api/cart`)).json()) as SeenRequest;
    expect(seen.headers['x-forwarded-proto']).toBe('https');
    expect(seen.headers['x-forwarded-host']).toBe('shop.example');
  });

  it('believes no X-Forwarded-For or X-Forwarded-Proto without GATEWAY_TRUSTED_PROXIES: the address is the peer, the protocol PUBLIC_ORIGIN\'s', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' };
    const seen = (await (await fetch(`${gw.url}/api/cart`, { headers })).json()) as SeenRequest;
    expect([seen.headers['x-forwarded-for'], seen.headers['x-forwarded-proto'], seen.headers['x-forwarded-host']]).toEqual(['127.0.0.1', 'https', 'shop.example']);
  });

  describe('behind a front proxy named in GATEWAY_TRUSTED_PROXIES', () => {
    let fronted: TestGateway;
    beforeAll(async () => {
      fronted = await startGateway({ PUBLIC_ORIGIN: 'https://shop.example', CART_URL: service.url, GATEWAY_TRUSTED_PROXIES: '127.0.0.1' });
    });
    afterAll(() => fronted.stop());

    it("gives the service the shopper's address: the right-most X-Forwarded-For entry no trusted proxy added", async () => {
      // The browser sent a made-up entry; the proxy appended the address it saw.
      const seen = (await (await fetch(`${fronted.url}/api/cart`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' } })).json()) as SeenRequest;
      expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7');
    });

    it('still takes the protocol and host from PUBLIC_ORIGIN, whatever the proxy says', async () => {
      const seen = (await (await fetch(`${fronted.url}/api/cart`, { headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' } })).json()) as SeenRequest;
      expect([seen.headers['x-forwarded-proto'], seen.headers['x-forwarded-host']]).toEqual(['https', 'shop.example']);
    });
  });
});
