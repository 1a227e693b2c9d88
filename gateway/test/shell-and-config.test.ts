import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeviceCookie, Jwt, REMOTES_CONFIG_PATH, RemotesConfig } from '@pl/contracts';
import { sessionCookieOf, startGateway, type TestGateway } from './support/test-gateway';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script src="/static/js/index.1a2b3c4d.js"></script></body></html>';

function buildShellDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'pl-shell-dist-'));
  mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'static/js/index.1a2b3c4d.js'), 'console.log("shell")');
  writeFileSync(path.join(dist, 'favicon.ico'), 'icon');
  writeFileSync(path.join(dist, 'static/js/vendor.5e6f7a8b.js'), `export const big = ${JSON.stringify('shop '.repeat(4000))};`);
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

/** The device cookie a response sets, if any. */
const deviceCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${DeviceCookie.name}=`))?.split(';')[0];

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

  it.each(['/', '/products/prod-42', '/account/orders', '/reset-password'])('answers the client route %s with index.html, revalidated every time', async (route) => {
    // A returning browser (with its cookies): a first visit's page carries cookies and is no-store.
    const first = await fetch(gw.url + '/', { headers: { accept: 'text/html' } });
    const cookie = `${Jwt.cookieName}=${sessionCookieOf(first)!.token}; ${deviceCookieOf(first)}`;
    const res = await fetch(gw.url + route, { headers: { accept: 'text/html', cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX_HTML);
  });

  it('gives a browser without a session its guest session with the page, so the first API calls share one cookie', async () => {
    const page = await fetch(gw.url + '/products', { headers: { accept: 'text/html' } });
    const cookie = sessionCookieOf(page);
    expect(cookie?.token).toEqual(expect.any(String));

    // The page's first API calls go out together; with the page's cookie none of them sets another
    // (one answered after a sign-in would have overwritten the customer's cookie).
    const calls = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${gw.url}/api/cart`, { headers: { cookie: `${Jwt.cookieName}=${cookie!.token}` } })),
    );
    expect(calls.map((r) => sessionCookieOf(r))).toEqual([undefined, undefined, undefined, undefined, undefined]);

    // A browser that has its cookies keeps them: the page sets nothing and may be revalidated as usual.
    const again = await fetch(gw.url + '/', { headers: { accept: 'text/html', cookie: `${Jwt.cookieName}=${cookie!.token}; ${deviceCookieOf(page)}` } });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(again.headers.get('cache-control')).toBe('no-cache');
  });

  it('gives a browser its device cookie with its first page (HttpOnly, Lax, 400 days) ', async () => {
    const page = await fetch(gw.url + '/', { headers: { accept: 'text/html' } });
    const set = page.headers.getSetCookie().find((c) => c.startsWith(`${DeviceCookie.name}=`));
    expect(set).toMatch(/^pl_device=[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('never lets a cache store a page that carries a new session cookie', async () => {
    const page = await fetch(gw.url + '/', { headers: { accept: 'text/html' } });
    expect(sessionCookieOf(page)).toBeDefined();
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('replaces a cookie that can no longer be used (tampered, foreign) with a guest session on the page', async () => {
    const page = await fetch(gw.url + '/', { headers: { accept: 'text/html', cookie: `${Jwt.cookieName}=not.a.token` } });
    expect(sessionCookieOf(page)?.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('serves content-hashed assets with a long immutable cache', async () => {
    const res = await fetch(`${gw.url}/static/js/index.1a2b3c4d.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("shell")');
  });

  it('sends JavaScript gzip-compressed to browsers that accept it', async () => {
    const res = await fetch(`${gw.url}/static/js/vendor.5e6f7a8b.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('shop shop');
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
      const res = await fetch(gw.url + route, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  it('keeps strict-origin-when-cross-origin on ordinary pages', async () => {
    const res = await fetch(`${gw.url}/products`, { headers: { accept: 'text/html' } });
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

describe(`GET ${REMOTES_CONFIG_PATH}`, () => {
  it('reflects the REMOTE_* environment of the running gateway, with no rebuild', async () => {
    const first = await startGateway();
    const moved = await startGateway({
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
    } finally {
      await Promise.all([first.stop(), moved.stop()]);
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
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.stop());

  it('GET /healthz says the process is up', async () => {
    const res = await fetch(`${gw.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is ready with NATS connected and keys loaded, and reports upstreams', async () => {
    const res = await fetch(`${gw.url}/readyz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ready', checks: { nats: true, keys: true } });
    expect(Object.keys(body.upstreams).sort()).toEqual(['cart', 'catalog', 'identity', 'pos-sync']);
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
