// Remotes are composed at runtime: one that is down never blanks the shop, and one moved to a
// new URL is picked up from the gateway's configuration without rebuilding the shell.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { root } from '../../scripts/local-stack.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { launchBrowser } from '../support/browser.js';
import { startTestShop, type TestShop } from '../support/shop.js';

let browser: Browser;
const shops: TestShop[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const s of shops) await s.stop();
});

async function shopWith(env: NodeJS.ProcessEnv = {}) {
  const shop = await startTestShop({ env });
  shops.push(shop);
  return shop;
}

/** One shop with the default configuration for the tests that leave it as it was (each shop holds its own database connections). */
let common: Promise<TestShop> | undefined;
const commonShop = () => (common ??= shopWith());

describe('composition at runtime', () => {
  it('loads pages from all four remotes', async () => {
    const shop = await commonShop();
    const page = await browser.newPage();
    const remoteHits = new Set<string>();
    page.on('request', (r) => {
      for (const [name, port] of Object.entries(shop.ports)) if (r.url().includes(`:${port}/`) && name.startsWith('mf-')) remoteHits.add(name);
    });
    await page.goto(shop.url + '/');
    await page.getByRole('heading', { name: /Featured Products/ }).first().waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.goto(shop.url + '/admin');
    await page.getByText(/access denied/i).first().waitFor({ timeout: 15000 });
    expect([...remoteHits].sort()).toEqual(['mf-account', 'mf-admin', 'mf-cart-checkout', 'mf-catalog']);
    await page.close();
  });

  it("loads the layout's parts (cart, account, footer) once the page's own first view is shown, on every kind of page", async () => {
    const shop = await commonShop();
    const page = await browser.newPage();
    const timings = async () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
      );
    await page.goto(shop.url + '/');
    await page.getByRole('heading', { name: /Featured Products/ }).first().waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 15000 });
    await page.locator('header').getByRole('button', { name: /cart/i }).first().waitFor({ timeout: 15000 });
    const seen = await timings();
    const homeChunk = seen.find((r) => r.url.includes(`:${shop.ports['mf-catalog']}/`) && r.url.includes('__federation_expose_HomePage'));
    const accountEntry = seen.find((r) => r.url.includes(`:${shop.ports['mf-account']}/remoteEntry.js`));
    const accountArea = seen.find((r) => r.url.includes(`:${shop.ports['mf-account']}/`) && r.url.includes('__federation_expose_AccountArea'));
    expect(homeChunk).toBeDefined();
    expect(accountEntry).toBeDefined();
    // The account team's entry and header part were asked for only after the page's module had arrived.
    expect(accountEntry!.start).toBeGreaterThanOrEqual(homeChunk!.end);
    expect(accountArea!.start).toBeGreaterThanOrEqual(homeChunk!.end);
    // A page of the shell's own has no page module to wait for: its header parts come at once.
    const about = await browser.newPage();
    await about.goto(shop.url + '/about');
    await about.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 15000 });
    await about.close();
    await page.close();
  });

  it('paints the header before any JavaScript, styled by the inline style the CSP allows by its hash, with no violation', async () => {
    const shop = await commonShop();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const bare = await context.newPage();
    await bare.goto(shop.url + '/categories');
    // Without JavaScript the first paint is all there is: the header bar, styled.
    expect(await bare.locator('.fp-header').evaluate((el) => getComputedStyle(el).borderBottomStyle)).toBe('solid');
    expect(await bare.evaluate(() => document.querySelector('head style')?.textContent?.includes('.fp-header'))).toBe(true);
    // A page whose first screen the gateway renders (decision 076) has the real header instead, styled by the shell's stylesheet.
    await bare.goto(shop.url + '/products');
    expect(await bare.locator('.fp-header').count()).toBe(0);
    expect(await bare.locator('header.shell-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await context.close();

    const page = await browser.newPage();
    await page.addInitScript(() => {
      (window as unknown as { __violations: string[] }).__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(shop.url + '/');
    await page.getByRole('heading', { name: /Featured Products/ }).first().waitFor({ timeout: 15000 });
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await page.close();
  });

  it('serves each remote from its own port with CORS and gzip', async () => {
    const shop = await commonShop();
    for (const app of ['mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin']) {
      const res = await fetch(`http://127.0.0.1:${shop.ports[app]}/remoteEntry.js`, { headers: { origin: shop.url, 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const entry = await res.text();
      expect(entry).toContain(app.replace(/-/g, '_'));
      // It borrows the shell's federation bundler runtime (decision 077) rather than carrying its own
      // (whose share-scope start says 'Initialization of sharing external failed' when it fails).
      expect(entry).toContain('__PL_FEDERATION_BUNDLER_RUNTIME__');
      expect(entry).not.toContain('Initialization of sharing external failed');
    }
  });

  it('keeps the shop working when a remote goes down while the page is open', async () => {
    const shop = await shopWith();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(shop.url + '/about');
    await page.getByRole('heading', { name: /About/ }).first().waitFor();
    await shop.remoteServers['mf-admin']!.close();
    // client-side navigation to a page owned by the dead remote
    await page.evaluate(() => {
      history.pushState({}, '', '/admin');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText(/temporarily unavailable/i).first().waitFor({ timeout: 15000 });
    await page.locator('header').getByText('Professional Liquidation').first().waitFor();
    await page.locator('footer').first().waitFor();
    // the rest of the shop still navigates and renders
    await page.locator('header a[href="/about"]').first().click();
    await page.getByRole('heading', { name: /About/ }).first().waitFor();
    await page.close();
  });

  it('shows the friendly fallback, not a blank page, when a remote is down at page load', async () => {
    const shop = await shopWith();
    await shop.remoteServers['mf-catalog']!.close();
    const page = await browser.newPage();
    await page.goto(shop.url + '/');
    await page.getByText(/temporarily unavailable/i).first().waitFor({ timeout: 15000 });
    await page.locator('header').getByText('Professional Liquidation').first().waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 15000 });
    await page.goto(shop.url + '/support/returns');
    await page.getByRole('heading', { name: /Returns Policy/ }).first().waitFor();
    await page.close();
  });

  it('recovers every part with one Retry when the page opened without any remote configuration', async () => {
    const shop = await commonShop();
    const page = await browser.newPage();
    // The page loses its inline configuration before the shell reads it, and the gateway's cannot
    // be read at first. (Not by rewriting the document: Chromium then treats the page as public and
    // refuses its requests to loopback.)
    await page.addInitScript(() => {
      new MutationObserver(() => document.getElementById('pl-remotes-config')?.remove()).observe(document, { childList: true, subtree: true });
    });
    let configReachable = false;
    await page.route('**/runtime/remotes.json', (route) => (configReachable ? route.continue() : route.abort()));
    await page.goto(shop.url + '/');
    await page.getByText(/temporarily unavailable/i).first().waitFor({ timeout: 15000 });
    configReachable = true;
    await page.locator('main').getByRole('button', { name: 'Retry' }).first().click();
    // The page's remote and the header's (another team's) both come back.
    await page.getByRole('heading', { name: /Featured Products/ }).first().waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 15000 });
    await page.close();
  });

  it('picks up a remote moved to a new URL without rebuilding the shell', async () => {
    const shellIndex = path.join(root, 'shell/dist/index.html');
    const builtAt = statSync(shellIndex).mtimeMs;
    const moved = await serveStatic({ dir: path.join(root, 'mf-catalog/dist'), port: 0 });
    try {
      const entry = `http://127.0.0.1:${moved.port}/mf-manifest.json`;
      const shop = await shopWith({ REMOTE_MF_CATALOG_URL: entry });
      const config = (await (await fetch(shop.url + '/runtime/remotes.json')).json()) as { remotes: Array<{ name: string; entry: string }> };
      expect(config.remotes.find((r) => r.name === 'mf_catalog')?.entry).toBe(entry);
      const page = await browser.newPage();
      const hits: string[] = [];
      page.on('request', (r) => r.url().startsWith(`http://127.0.0.1:${moved.port}/`) && hits.push(r.url()));
      const response = await page.goto(shop.url + '/');
      expect(response?.headers()['content-security-policy']).toContain(`http://127.0.0.1:${moved.port}`);
      await page.getByRole('heading', { name: /Featured Products/ }).first().waitFor({ timeout: 15000 });
      // Its entry script comes from there: named in the page once the gateway has read the manifest
      // there, or found by the shell in that manifest (decision 026).
      expect(hits.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
      expect(statSync(shellIndex).mtimeMs).toBe(builtAt);
      await page.close();
    } finally {
      await moved.close();
    }
  });
});
