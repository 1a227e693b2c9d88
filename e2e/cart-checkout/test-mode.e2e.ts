// A shop an operator runs in production without a payment provider, on purpose (PAYMENTS_TEST_MODE=on,
// decision 042), in real Chromium at desktop and phone widths: every page says 'Test mode: no real
// payments' above its header from the first paint, the banner passes axe and fits the screen, and an
// order paid with the test card is a test order to its customer and on the order desk. Screenshots
// go to VISUAL_SHOTS_DIR when it is set.
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiPaths, TEST_MODE_BANNER_TEXT, TEST_ORDER_LABEL, type Product, type ProductList } from '@pl/contracts';
import { axeViolations, blocking, withAxe } from '../support/axe.js';
import { shot } from '../support/orders.js';
import { addFromProductPage, fillCard, SLOW, WIDTHS } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const ctx = useShopInBrowser({
  env: {
    NODE_ENV: 'production',
    PAYMENTS_TEST_MODE: 'on',
    MAIL_TRANSPORT: 'log',
    // Identity believes forwarded addresses only from the gateway, which runs beside it here (decision 044).
    TRUSTED_PROXIES: '127.0.0.1,::1',
    SEED_DEMO_CATALOG: 'true',
    // One catalog instance, its photos in the test shop's folder, named as production asks (decision 049).
    OBJECT_STORAGE: 'filesystem',
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  },
});

let context: BrowserContext;
let page: Page;
afterEach(() => context?.close());

async function open(viewport: { width: number; height: number } = WIDTHS[0]): Promise<Page> {
  context = await ctx.browser.newContext({ viewport });
  await withAxe(context);
  page = await context.newPage();
  return page;
}
const banner = () => page.getByRole('status').filter({ hasText: TEST_MODE_BANNER_TEXT });

async function stockedProduct(): Promise<Product> {
  const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&inStock=true`)).json()) as ProductList;
  return data.find((p) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0]!.totalAvailable > 5)!;
}

describe.each(WIDTHS)('at $name width', (w) => {
  it('shows the test-mode banner on every page, above the header, whole, with no critical, serious or moderate axe finding', async () => {
    const product = await stockedProduct();
    const pages: Array<[string, string, () => Promise<unknown>]> = [
      ['home', '/', () => page.locator('main [data-product-card]').first().waitFor(SLOW)],
      ['product', `/products/${product.id}`, () => page.getByRole('heading', { name: product.title }).waitFor(SLOW)],
      ['about', '/about', () => page.locator('main h1').waitFor(SLOW)],
      ['checkout', '/checkout', () => page.locator('main h1').waitFor(SLOW)],
      ['not-found', '/no-such-page', () => page.locator('main h1').waitFor(SLOW)],
    ];
    await open(w);
    for (const [name, route, ready] of pages) {
      await page.goto(ctx.shop.url + route);
      await ready();
      await banner().waitFor(SLOW);
      expect((await banner().innerText()).trim()).toBe(TEST_MODE_BANNER_TEXT);
      const box = (await banner().boundingBox())!;
      const header = (await page.locator('header').first().boundingBox())!;
      const screen = await page.evaluate(() => ({ width: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth }));
      // Across the top of the page, above the header, on the screen's whole width; nothing scrolls sideways.
      expect({ page: name, top: box.y, left: box.x, width: Math.round(box.width), headerBelow: header.y >= box.y + box.height - 1 }).toEqual({ page: name, top: 0, left: 0, width: screen.width, headerBelow: true });
      expect(screen.scrollWidth).toBeLessThanOrEqual(screen.width);
      const findings = blocking(await axeViolations(page));
      expect({ page: name, findings }).toEqual({ page: name, findings: [] });
      await shot(page, `test-mode-${name}`);
    }
  });

  it('has the banner in the first paint: nothing moves when it arrives, and the mode is asked once per page', async () => {
    // Before the first render waited for the (preloaded) mode, the banner pushed the page down after
    // it: layout shifts of 0.024 (desktop) and 0.041 (phone) on every page.
    await open(w);
    await context.addInitScript(() => {
      const win = window as unknown as { shifted: number };
      win.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number }>) win.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const route of ['/about', '/']) {
      const asked: string[] = [];
      page.on('request', (req) => void (req.url().endsWith(ApiPaths.cart.paymentMode) && asked.push(req.url())));
      await page.goto(ctx.shop.url + route);
      await banner().waitFor(SLOW);
      // The layout's last parts (the header's account area) are in, and a moment for anything to move.
      await page.getByRole('button', { name: 'Sign In' }).waitFor(SLOW);
      await page.waitForTimeout(500);
      expect({ route, shifted: (await page.evaluate(() => (window as unknown as { shifted: number }).shifted)) < 0.01, asked: asked.length }).toEqual({ route, shifted: true, asked: 1 });
      page.removeAllListeners('request');
    }
  });
});

it('shows no banner where the cart says payments are real', async () => {
  await open();
  await page.route(`**${ApiPaths.cart.paymentMode}`, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ provider: 'stripe', testMode: false }) }));
  const answered = page.waitForResponse((res) => res.url().endsWith(ApiPaths.cart.paymentMode));
  await page.goto(ctx.shop.url + '/about');
  await answered;
  await page.getByRole('button', { name: 'Sign In' }).waitFor(SLOW);
  expect(await page.getByText(TEST_MODE_BANNER_TEXT).count()).toBe(0);
});

it('marks an order paid with the test card as a test order, for its customer and on the order desk', async () => {
  // A guest buys through the real checkout with the documented test card.
  await open(WIDTHS[1]);
  await addFromProductPage(page, ctx.shop.url, await stockedProduct());
  await page.goto(`${ctx.shop.url}/checkout`);
  await page.getByLabel('Email').fill('tester@example.com');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await page.getByRole('link', { name: 'View your order' }).click();
  const number = (await page.locator('main [data-order-number]').innerText()).trim();
  await page.locator('main').getByText(TEST_ORDER_LABEL, { exact: true }).waitFor(SLOW);
  await shot(page, 'test-mode-order');
  await context.close();

  // Production has no demo admin: the operator creates one with identity's command.
  await promisify(execFile)(process.execPath, [fileURLToPath(new URL('../../services/identity/dist/main.js', import.meta.url)), 'create-admin', '--username', 'operator', '--email', 'operator@example.com'], {
    env: { PATH: process.env.PATH, ENV_FILE: '', DATABASE_URL: ctx.shop.databaseUrl, DB_SCHEMA: 'identity', ADMIN_PASSWORD: 'operator-password-1234', LOG_LEVEL: 'warn' },
  });
  await open(WIDTHS[0]);
  await page.goto(`${ctx.shop.url}/about`);
  const signedIn = await page.evaluate(
    async () =>
      (await fetch('/api/auth/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: 'operator', password: 'operator-password-1234' }) })).status,
  );
  expect(signedIn).toBe(200);
  await page.goto(`${ctx.shop.url}/admin/orders`);
  const row = page.locator('main tr').filter({ has: page.getByRole('link', { name: number }) });
  await row.getByText(TEST_ORDER_LABEL, { exact: true }).waitFor(SLOW);
  await row.getByRole('link', { name: number }).click();
  await page.getByRole('heading', { name: `Order ${number}` }).waitFor(SLOW);
  await page.locator('main').getByText(TEST_ORDER_LABEL, { exact: true }).waitFor(SLOW);
  expect(blocking(await axeViolations(page))).toEqual([]);
  await shot(page, 'test-mode-order-desk');
});
