// PostgreSQL and NATS going away and coming back while the shop runs (issue 15). The shop runs on a
// PostgreSQL and a nats-server of its own (the machine's shared ones must not be stopped), on free
// ports, and every process of it keeps running throughout: nothing is restarted by hand.
//   - while PostgreSQL is down a request that needs it answers 503 with Retry-After, never a 500,
//     and the gateway is not ready; once it is back the same processes serve again, data intact;
//   - while NATS is down adds still succeed (their events wait in the outbox); once it is back the
//     events reach a browser socket that stayed open, each once;
//   - a signed-in shopper stays signed in (issue 28, decision 045): while identity cannot confirm the
//     session every call of theirs answers 503 with Retry-After, never 401 or a stranger's cart, and
//     a page loaded then shows the account menu once identity is back, without offering Sign In.
//     These run last: each outage grows the outbox relays' back-off, which the NATS case waits out.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { freePort, startDatabase, startShop, type StartedShop } from '../../scripts/local-stack.mjs';
import { expectStatus, httpClient } from '../../scripts/shopper-flow.mjs';
import { launchBrowser } from '../support/browser';
import { startNatsServer, stopped, until } from '../support/nats-server';
import { SLOW } from '../support/shopper';

/** This process's environment for the shop, without what would pin it to the default ports. */
function shopEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const key of ['PORT', 'PUBLIC_ORIGIN', 'REMOTE_MF_CATALOG_URL', 'REMOTE_MF_CART_CHECKOUT_URL', 'REMOTE_MF_ACCOUNT_URL', 'REMOTE_MF_ADMIN_URL']) delete env[key];
  return env;
}

describe('PostgreSQL and NATS going away and coming back', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-outage-'));
  const dbEnv = { EMBEDDED_PG_DIR: path.join(dir, 'postgres'), EMBEDDED_PG_PORT: '' };
  let natsPort: number;
  let db: Awaited<ReturnType<typeof startDatabase>>;
  let nats: ChildProcess;
  let shop: StartedShop;
  let call: ReturnType<typeof httpClient>;
  let plentiful: string[] = [];
  let unique: string[] = [];

  beforeAll(async () => {
    dbEnv.EMBEDDED_PG_PORT = String(await freePort());
    natsPort = await freePort();
    [db, nats] = await Promise.all([startDatabase({ env: dbEnv, log: () => {} }), startNatsServer(natsPort, path.join(dir, 'nats'))]);
    const ports: Record<string, number> = {};
    for (const name of ['gateway', 'identity', 'catalog', 'cart', 'pos-sync', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin']) ports[name] = await freePort();
    shop = await startShop({
      databaseUrl: db.url,
      natsUrl: `nats://127.0.0.1:${natsPort}`,
      ports,
      quiet: true,
      log: () => {},
      referencePos: false,
      jwtKeyFile: path.join(dir, 'jwt-keys.json'),
      env: shopEnv(),
    });
    call = httpClient(shop.url);
    const products = expectStatus(await call('GET', '/api/products?limit=100&inStock=true'), 200, 'GET /api/products').json.data as Array<{
      oneOfAKind: boolean;
      variants: Array<{ sku: string; totalAvailable: number }>;
    }>;
    plentiful = products.filter((p) => !p.oneOfAKind && p.variants[0]!.totalAvailable > 3).map((p) => p.variants[0]!.sku);
    // Adding a one-of-a-kind item holds it: its stock changes, and inventory.updated says so.
    unique = products.filter((p) => p.oneOfAKind && p.variants[0]!.totalAvailable === 1).map((p) => p.variants[0]!.sku);
    expect([plentiful.length > 1, unique.length > 0]).toEqual([true, true]);
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
    nats?.kill('SIGTERM');
    await db?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After and is not ready while PostgreSQL is down, and serves again when it is back', async () => {
    expectStatus(await call('POST', '/api/cart/lines', { variantId: plentiful[0], qty: 1 }), 201, 'an add before the outage');

    await db.stop();
    const down = await call('GET', '/api/cart');
    expect([down.status, down.headers.get('retry-after'), down.json]).toEqual([503, '5', { message: 'The shop is temporarily unavailable. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' }]);
    const add = await call('POST', '/api/cart/lines', { variantId: plentiful[1], qty: 1 });
    expect(add.status).toBe(503);
    const ready = await fetch(`${shop.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).upstreams).toMatchObject({ cart: 'not-ready', catalog: 'not-ready' });

    db = await startDatabase({ env: dbEnv, log: () => {} });
    const back = await until(async () => (await call('GET', '/api/cart')).status === 200, 'the cart answering again');
    const cart = (await call('GET', '/api/cart')).json as { lines: Array<{ variant: { sku: string } }> };
    expect(cart.lines.map((l) => l.variant.sku)).toEqual([plentiful[0]]);
    expectStatus(await call('POST', '/api/cart/lines', { variantId: plentiful[1], qty: 1 }), 201, 'an add after the outage');
    await until(async () => (await fetch(`${shop.url}/readyz`)).status === 200, 'the gateway ready again');
    console.log(`PostgreSQL back: the cart answered again ${back} ms after the database accepted connections`);
  });

  it('takes adds while NATS is down and delivers their events to an open browser socket once it is back, each once', async () => {
    const socket = new WebSocket(`${shop.url.replace('http', 'ws')}/ws`, { headers: { Origin: shop.url } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const received: Array<{ id: string; sku: string }> = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'inventory.updated') received.push(message);
    });
    try {
      nats.kill('SIGKILL');
      await stopped(nats);
      expectStatus(await call('POST', '/api/cart/lines', { variantId: unique[0], qty: 1 }), 201, 'an add while NATS is down');

      nats = await startNatsServer(natsPort, path.join(dir, 'nats'));
      const delivered = await until(async () => received.some((m) => m.sku === unique[0]), 'the inventory event of the add made while NATS was down', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const ids = received.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(socket.readyState).toBe(WebSocket.OPEN);
      console.log(`NATS back: the add's event reached the socket ${delivered} ms after nats-server restarted; ${received.length} events, ${ids.length - new Set(ids).size} repeated`);
    } finally {
      socket.close();
    }
  });

  it('keeps a signed-in shopper signed in through a PostgreSQL outage: 503 with Retry-After while identity cannot be asked, never 401', async () => {
    const shopper = httpClient(shop.url);
    const signedIn = expectStatus(await shopper('POST', '/api/auth/login', { usernameOrEmail: 'shopper', password: 'shopper12345' }), 200, 'sign-in').json as { id: string };
    expectStatus(await shopper('POST', '/api/cart/lines', { variantId: plentiful[0], qty: 1 }), 201, 'a line kept in the cart');
    const probeSku = plentiful[1]!;
    // A page's calls, polled through the outage. The cart read would answer a stranger's empty
    // cart if the request went on without credentials: that counts as a sign-out too.
    const probes = {
      me: () => shopper('GET', '/api/auth/me'),
      orders: () => shopper('GET', '/api/orders'),
      add: () => shopper('POST', '/api/cart/lines', { variantId: probeSku, qty: 1 }),
      cart: () => shopper('GET', '/api/cart'),
    };
    type Probe = keyof typeof probes;
    const statuses: Record<Probe, Record<number, number>> = { me: {}, orders: {}, add: {}, cart: {} };
    const wrong: string[] = [];
    let polling = true;
    let allOkStreak = 0;
    const poll = (async () => {
      while (polling) {
        let allOk = true;
        for (const name of Object.keys(probes) as Probe[]) {
          const res = await probes[name]();
          statuses[name][res.status] = (statuses[name][res.status] ?? 0) + 1;
          if (res.status >= 300) allOk = false;
          if (res.status === 503 && !/^\d+$/.test(res.headers.get('retry-after') ?? '')) wrong.push(`${name}: 503 without Retry-After`);
          if (res.status === 401) wrong.push(`${name}: 401 ${res.text.slice(0, 120)}`);
          if (name === 'me' && res.status === 200 && (res.json as { id?: string }).id !== signedIn.id) wrong.push('me: someone else');
          if (name === 'cart' && res.status === 200) {
            const lines = (res.json as { lines: Array<{ id: string; variant: { sku: string } }> }).lines;
            if (!lines.some((l) => l.variant.sku === plentiful[0])) wrong.push("cart: a stranger's cart");
            // The probe's own line is removed again, so the adds never run into a quantity limit.
            const added = lines.find((l) => l.variant.sku === probeSku);
            if (added) await shopper('DELETE', `/api/cart/lines/${added.id}`);
          }
        }
        allOkStreak = allOk ? allOkStreak + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      await until(async () => allOkStreak >= 2, 'the probes answering before the outage');
      await db.stop();
      // Longer than the gateway trusts identity's last "active" answer (ACTIVE_SESSION_CACHE_MS).
      await new Promise((resolve) => setTimeout(resolve, 7000));
      db = await startDatabase({ env: dbEnv, log: () => {} });
      await until(async () => allOkStreak >= 3, 'every probe answering again after the outage', 60_000);
    } finally {
      polling = false;
      await poll;
    }
    const count401 = Object.fromEntries(Object.entries(statuses).map(([name, seen]) => [name, seen[401] ?? 0]));
    console.log(`signed-in shopper through a PostgreSQL outage: statuses ${JSON.stringify(statuses)}; 401s ${JSON.stringify(count401)}; wrong answers ${wrong.length}`);
    expect(wrong).toEqual([]);
    expect(Object.values(statuses).every((seen) => (seen[503] ?? 0) > 0)).toBe(true);
    expect((await shopper('GET', '/api/auth/me')).json).toMatchObject({ id: signedIn.id });
  });

  it('keeps a signed-in page signed in when it loads during the outage: no Sign In button, and the account menu once identity is back', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      // Whether the header ever offered "Sign In" on this page load: that is the page saying "signed out".
      await context.addInitScript(() => {
        const seen = window as unknown as { signInOffered: boolean };
        seen.signInOffered = false;
        new MutationObserver(() => {
          if ([...document.querySelectorAll('header button')].some((b) => b.textContent?.trim() === 'Sign In')) seen.signInOffered = true;
        }).observe(document, { subtree: true, childList: true });
      });
      const page = await context.newPage();
      const signIn = await page.request.post(`${shop.url}/api/auth/login`, { data: { usernameOrEmail: 'shopper', password: 'shopper12345' }, headers: { origin: shop.url } });
      expect(signIn.status()).toBe(200);
      const accountMenu = page.locator('header button[aria-haspopup="menu"]');
      await page.goto(`${shop.url}/`, { waitUntil: 'domcontentloaded' });
      await accountMenu.waitFor(SLOW);

      await db.stop();
      // Past the gateway's trust in identity's last "active" answer (ACTIVE_SESSION_CACHE_MS).
      await new Promise((resolve) => setTimeout(resolve, 5500));
      const me = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/me');
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect([(await me).status(), (await me).headers()['retry-after']]).toEqual([503, '5']);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      db = await startDatabase({ env: dbEnv, log: () => {} });

      // No reload, no click: the page asks again after Retry-After and finds the customer.
      await accountMenu.waitFor({ timeout: 30_000 });
      expect([await accountMenu.textContent(), await page.evaluate(() => (window as unknown as { signInOffered: boolean }).signInOffered)]).toEqual(['Sam', false]);
    } finally {
      await browser.close();
    }
  });
});
