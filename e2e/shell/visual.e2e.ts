// Layout defects a person sees, checked in real Chromium at 1280×900 and 375×812: the footer has
// its padding, checkout puts the summary beside the form on wide screens, no card keeps an empty band
// under its button, the admin inventory and the header navigation fit the screen, the 404 page
// leads back into the shop, an admin's account says so, and a corrected e-mail loses its error.
// Screenshots of every page go to VISUAL_SHOTS_DIR when it is set (for a person to look at).
import type { BrowserContext, Page } from 'playwright-core';
import type { Product, ProductList } from '@pl/contracts';
import { addFromProductPage, SLOW, WIDTHS } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();

let context: BrowserContext;
let page: Page;
afterEach(() => context?.close());

async function open(viewport: { width: number; height: number }) {
  context = await ctx.browser.newContext({ viewport });
  page = await context.newPage();
}
const main = () => page.locator('main');
async function shot(name: string) {
  const dir = process.env.VISUAL_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}
/** Whether the page scrolls sideways (something is wider than the screen). */
const overflowsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const signIn = (usernameOrEmail: string, password: string) =>
  page.evaluate(
    async (body) => (await fetch('/api/auth/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    { usernameOrEmail, password },
  );

describe.each(WIDTHS)('at $name width', (w) => {
  it('gives the footer its vertical padding and keeps the header navigation whole', async () => {
    await open(w);
    await page.goto(ctx.shop.url + '/');
    await main().locator('[data-product-card]').first().waitFor(SLOW);
    // The app has taken over the server's first screen (decision 076): the elements measured are its own.
    await page.getByRole('button', { name: 'Sign In' }).waitFor(SLOW);
    const padding = await page.locator('.shell-footer__grid').evaluate((el) => parseFloat(getComputedStyle(el).paddingTop) + parseFloat(getComputedStyle(el).paddingBottom));
    expect(padding).toBeGreaterThanOrEqual(32);
    // Every navigation link is inside the screen, none cut off.
    const links = await page.locator('header nav a').evaluateAll((as) => as.map((a) => a.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
    expect(links).toHaveLength(4);
    for (const r of links) expect(r.right).toBeLessThanOrEqual(w.width);
    expect(await overflowsSideways()).toBe(false);
    await shot('home');
  });

  it('leaves no empty band under the button of a card without a hint', async () => {
    await open(w);
    await page.goto(ctx.shop.url + '/products');
    const card = main().locator('[data-product-card]').filter({ hasNot: page.locator('.cat-card__hint') }).first();
    await card.waitFor(SLOW);
    const gap = await card.evaluate((el) => el.getBoundingClientRect().bottom - el.querySelector('.cc-add-to-cart, .cat-card__action')!.getBoundingClientRect().bottom);
    expect(gap).toBeLessThanOrEqual(20);
    await shot('products');
  });

  it('keeps the header whole when the cart and account remotes are down: a small Retry each, named after the part', async () => {
    await open(w);
    const dead = new Set([ctx.shop.ports['mf-cart-checkout'], ctx.shop.ports['mf-account']].map(String));
    await page.route((url) => dead.has(url.port), (route) => route.abort());
    await page.goto(ctx.shop.url + '/about');
    const header = page.locator('header');
    await header.getByRole('button', { name: 'Retry loading the cart' }).waitFor(SLOW);
    await header.getByRole('button', { name: 'Retry loading sign-in' }).waitFor(SLOW);
    // Nothing in the header overlaps anything else, and nothing leaves the screen.
    const boxes = await page.locator('header nav a, header .shell-search, header [data-remote-unavailable] button, .shell-logo').evaluateAll((els) =>
      els.filter((el) => el.getClientRects().length > 0).map((el) => {
        const r = el.getBoundingClientRect();
        return { what: el.textContent?.trim() || el.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
    for (const a of boxes) {
      expect(a.right).toBeLessThanOrEqual(w.width);
      for (const b of boxes) {
        if (a === b) continue;
        const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        expect({ a: a.what, b: b.what, overlap }).toEqual({ a: a.what, b: b.what, overlap: false });
      }
    }
    expect(await overflowsSideways()).toBe(false);
    await shot('header-remotes-down');
  });

  it('says how many products match when more are there than one page', async () => {
    await open(w);
    const { total } = (await (await fetch(`${ctx.shop.url}/api/products`)).json()) as ProductList;
    await page.goto(ctx.shop.url + '/products');
    await main().locator('[data-product-card]').first().waitFor(SLOW);
    await main().getByText(`Showing 24 of ${total} products`).waitFor(SLOW);
    expect(total).toBeGreaterThan(24);
  });

  it('leads back into the shop from the 404 page', async () => {
    await open(w);
    await page.goto(ctx.shop.url + '/no-such-page');
    await main().getByRole('heading', { name: '404 Page Not Found' }).waitFor(SLOW);
    await main().getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(ctx.shop.url + '/');
  });

  it("shows an admin's account type, and fits the admin inventory on the screen", async () => {
    await open(w);
    await page.goto(ctx.shop.url + '/about');
    expect(await signIn('admin', 'admin12345')).toBe(200);
    await page.goto(ctx.shop.url + '/account');
    await main().getByText('Administrator', { exact: true }).waitFor(SLOW);
    await page.goto(ctx.shop.url + '/admin');
    const table = main().locator('.adm-table').first();
    await table.waitFor(SLOW);
    if (w.width >= 1280) {
      const wrap = await main().locator('.adm-table-wrap').first().evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(wrap.scroll).toBeLessThanOrEqual(wrap.client);
    }
    expect(await overflowsSideways()).toBe(false);
    await shot('admin');
  });

  it('puts the checkout summary beside the form on a wide screen, and clears a corrected e-mail error', async () => {
    await open(w);
    const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&inStock=true`)).json()) as ProductList;
    const product = data.find((p: Product) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0]!.totalAvailable > 5)!;
    await addFromProductPage(page, ctx.shop.url, product);
    await page.goto(`${ctx.shop.url}/checkout`);
    const email = main().getByLabel(/e-?mail/i).first();
    await email.waitFor(SLOW);
    const [summary, step] = await Promise.all([main().locator('.cc-checkout__summary').boundingBox(), main().locator('.cc-checkout__step').boundingBox()]);
    if (w.width >= 1280) expect(summary!.x).toBeGreaterThan(step!.x + step!.width - 1);
    else expect(summary!.y + summary!.height).toBeLessThanOrEqual(step!.y + 1);

    await email.fill('not-an-address');
    await main().getByLabel(/pick ?up/i).first().check();
    await main().getByRole('button', { name: /Continue to payment/i }).click();
    const error = main().locator('#cc-email-error, .pl-field__error').first();
    await error.waitFor();
    await email.fill('buyer@example.com');
    await error.waitFor({ state: 'detached' });
    expect(await overflowsSideways()).toBe(false);
    await shot('checkout');
  });
});
