// The shop behind a TLS terminator, as it runs in production (issue 28, decision 045): a small https
// reverse proxy started here, with a certificate made for this run, forwards to the gateway and to
// each remote (one public origin each, as the Kubernetes Ingress gives them hosts) the way a load
// balancer does (X-Forwarded-For appended, X-Forwarded-Proto https). The gateway is configured for
// its https PUBLIC_ORIGIN and trusts the proxy (GATEWAY_TRUSTED_PROXIES). Real Chromium, told to
// accept the self-signed certificate, shows:
//   - the session and device cookies are `__Host-`, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain;
//   - HSTS on pages and API answers, and a CSP that upgrades insecure requests and allows wss;
//   - the shop works there: browse, sign in, add to cart, and the websocket (wss) carries the add's event.
// Screenshots at 375 and 1280 px go to TLS_SHOTS_DIR (or VISUAL_SHOTS_DIR) when set.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Product, ProductList } from '@pl/contracts';
import { freePort } from '../../scripts/local-stack.mjs';
import { launchBrowser } from '../support/browser.js';
import { until } from '../support/nats-server.js';
import { startTestShop, type TestShop } from '../support/shop.js';
import { SLOW, WIDTHS } from '../support/shopper.js';
import { makeSelfSignedCertificate, startTlsFront, type TlsFront } from '../support/tls-front.js';

const REMOTE_APPS = [
  ['mf-catalog', 'REMOTE_MF_CATALOG_URL'],
  ['mf-cart-checkout', 'REMOTE_MF_CART_CHECKOUT_URL'],
  ['mf-account', 'REMOTE_MF_ACCOUNT_URL'],
  ['mf-admin', 'REMOTE_MF_ADMIN_URL'],
] as const;

/** One Set-Cookie line's name, value and attributes, as the browser was sent them. */
function parseSetCookie(line: string): { name: string; attributes: string[] } {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return { name: pair.slice(0, pair.indexOf('=')), attributes: attributes.map((a) => a.replace(/=.*$/, '')) };
}

describe('the shop behind a TLS terminator', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-tls-front-'));
  const certificate = makeSelfSignedCertificate(dir);
  const fronts: TlsFront[] = [];
  let front: TlsFront;
  let shop: TestShop;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let product: Product;
  /** Every frame the page's websockets received, and the URLs they opened. */
  const sockets: string[] = [];
  const frames: Array<Record<string, unknown>> = [];
  /** Every Set-Cookie line the page was sent, by any answer (the device cookie comes with the first look at who is signed in). */
  const cookieLines: string[] = [];
  /** The reads of those lines, one per answer (a test awaits them before looking). */
  let cookieReads: Array<Promise<void>> = [];

  beforeAll(async () => {
    const ports: Record<string, number> = { gateway: await freePort() };
    for (const [app] of REMOTE_APPS) ports[app] = await freePort();
    // The fronts first, so the gateway finds the remotes' manifests through them when it starts.
    front = await startTlsFront({ certificate, port: 0, backendPort: ports.gateway! });
    fronts.push(front);
    const env: NodeJS.ProcessEnv = {
      PUBLIC_ORIGIN: front.origin,
      GATEWAY_TRUSTED_PROXIES: '127.0.0.1',
      // Only for the shop's processes: the gateway reads each remote's manifest at its https origin.
      NODE_EXTRA_CA_CERTS: certificate.certFile,
    };
    for (const [app, urlVar] of REMOTE_APPS) {
      const remoteFront = await startTlsFront({ certificate, port: 0, backendPort: ports[app]! });
      fronts.push(remoteFront);
      env[urlVar] = `${remoteFront.origin}/mf-manifest.json`;
    }
    [shop, browser] = await Promise.all([startTestShop({ env, ports }), launchBrowser()]);
    context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('response', (res) => {
      cookieReads.push(res.headersArray().then((headers) => void cookieLines.push(...headers.filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value)), () => undefined));
    });
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      ws.on('framereceived', ({ payload }) => {
        try {
          frames.push(JSON.parse(String(payload)) as Record<string, unknown>);
        } catch {
          // not JSON: not one of ours
        }
      });
    });
    const list = (await (await page.request.get(`${front.origin}/api/products?limit=100&inStock=true`)).json()) as ProductList;
    // A one-of-a-kind item: adding it holds it, so its stock changes and every socket hears of it.
    product = list.data.find((p) => p.oneOfAKind && p.variants.length === 1)!;
    expect(product).toBeDefined();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await Promise.all(fronts.map((f) => f.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves pages and API answers over https with HSTS, and a CSP that upgrades insecure requests and allows wss', async () => {
    const home = await page.goto(`${front.origin}/`, { waitUntil: 'domcontentloaded' });
    await page.locator('main [data-product-card]').first().waitFor(SLOW);
    const api = await page.request.get(`${front.origin}/api/products?limit=1`);
    const headers = [home!.headers(), api.headers()];
    expect(headers.map((h) => h['strict-transport-security'])).toEqual(['max-age=15552000', 'max-age=15552000']);
    const csp = headers[0]!['content-security-policy'] ?? '';
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${front.origin.replace('https', 'wss').replace(/[.:/]/g, '\\$&')}`));
    console.log(`over TLS: Strict-Transport-Security: ${headers[0]!['strict-transport-security']}; CSP connect-src: ${/connect-src [^;]*/.exec(csp)?.[0]}`);
  });

  it('shows a product page, its remote code loaded through its own https origin', async () => {
    await page.goto(`${front.origin}/products/${product.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: product.title }).waitFor(SLOW);
    // Every remote but the admin's was asked for something over TLS.
    expect(fronts.slice(1, 4).map((f) => f.seen.requests > 0)).toEqual([true, true, true]);
  });

  it('signs in: the session and device cookies are __Host-, Secure, HttpOnly, SameSite=Lax, Path=/ and carry no Domain', async () => {
    // A browser with no cookies yet signs in: the device cookie comes with the sign-in's answer or
    // with a look at who is signed in just before it. (An earlier page's look set it already, and its
    // headers were not always read before that page was left: the line was missing now and then.)
    await context.clearCookies();
    await Promise.allSettled(cookieReads);
    cookieLines.length = 0;
    cookieReads = [];
    await page.locator('header').getByRole('button', { name: 'Sign In', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Sign In' });
    await form.getByLabel('Username or Email').fill('shopper');
    await form.getByLabel('Password').fill('shopper12345');
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/login');
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    const login = await answer;
    expect(login.status()).toBe(200);
    await page.locator('header button[aria-haspopup="menu"]').waitFor(SLOW);
    await Promise.all(cookieReads);
    const setCookies = cookieLines.map(parseSetCookie);
    expect([...new Set(setCookies.map((c) => c.name))].sort()).toEqual(['__Host-pl_device', '__Host-pl_session']);
    for (const cookie of setCookies) {
      expect({ name: cookie.name, attributes: [...cookie.attributes].sort() }).toEqual({ name: cookie.name, attributes: ['Expires', 'HttpOnly', 'Max-Age', 'Path', 'SameSite', 'Secure'] });
    }
    // What Chromium kept: a __Host- cookie it stores at all met the prefix's rules.
    const kept = (await context.cookies(front.origin)).map(({ name, secure, httpOnly, sameSite, path: cookiePath }) => ({ name, secure, httpOnly, sameSite, path: cookiePath }));
    expect(kept.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: '__Host-pl_device', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' },
      { name: '__Host-pl_session', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' },
    ]);
    console.log(`over TLS: ${[...new Set(cookieLines.map((line) => line.replace(/=[^;]+/, '=…').replace(/Expires=[^;]+/, 'Expires=…')))].join(' | ')}`);
  });

  it('adds to the cart, and the websocket (wss, through the terminator) carries the add to the page', async () => {
    await page.goto(`${front.origin}/products/${product.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: product.title }).waitFor(SLOW);
    await page.locator('main').getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByText(`${product.title} has been added to your cart`).first().waitFor(SLOW);
    const sku = product.variants[0]!.sku;
    await until(async () => frames.some((f) => f.type === 'inventory.updated' && f.sku === sku), `the inventory event of ${sku} on the page's websocket`, 15_000);
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.every((url) => url === `${front.origin.replace('https', 'wss')}/ws`)).toBe(true);
    expect(front.seen.upgrades.length).toBeGreaterThan(0);
    const cart = (await (await page.request.get(`${front.origin}/api/cart`)).json()) as { lines: Array<{ variant: { sku: string } }> };
    expect(cart.lines.map((l) => l.variant.sku)).toContain(sku);
  });

  it.each(WIDTHS)('looks right at $name width over https', async ({ width, height }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${front.origin}/products/${product.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: product.title }).waitFor(SLOW);
    await page.waitForLoadState('networkidle');
    const overflows = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(overflows).toBe(false);
    const shots = process.env.TLS_SHOTS_DIR ?? process.env.VISUAL_SHOTS_DIR;
    if (shots) await page.screenshot({ path: `${shots}/tls-front-product-${width}.png`, fullPage: true });
  });
});
