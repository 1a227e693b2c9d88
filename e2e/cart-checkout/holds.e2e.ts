// A one-of-a-kind item's hold as its holder lives it, with holds made short (15 s) so they run out
// during the test: the cart panel and checkout follow the hold live, an expired line stops counting
// in the totals at once, and 'Hold again' takes the item back while it is still free.
import type { Page } from 'playwright-core';
import type { Product, ProductList } from '@pl/contracts';
import { axeViolations, blocking, withAxe } from '../support/axe.js';
import { addFromProductPage, SLOW } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const HOLD_SECONDS = 15;
const ctx = useShopInBrowser({ env: { UNIQUE_ITEM_HOLD_SECONDS: String(HOLD_SECONDS) } });

let page: Page;
afterEach(() => page?.context().close());

async function uniqueItem(): Promise<Product> {
  const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&inStock=true`)).json()) as ProductList;
  return data.find((p) => p.oneOfAKind && p.variants.length === 1 && p.variants[0]!.totalAvailable === 1)!;
}

const money = (decimal: string) => `$${Number(decimal).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const totalIn = (scope: ReturnType<Page['locator']>) => scope.locator('dd.cc-totals__total').first().innerText();

describe("a one-of-a-kind item's hold", () => {
  it("runs out live in the cart panel and at checkout, leaves the totals, and 'Hold again' takes it back", async () => {
    page = await (await ctx.browser.newContext()).newPage();
    const item = await uniqueItem();
    const price = item.variants[0]!.price;
    const withTax = money((Math.round(Number(price) * 108) / 100).toFixed(2));

    await addFromProductPage(page, ctx.shop.url, item);
    await page.goto(`${ctx.shop.url}/checkout`);
    const summary = page.locator('main .cc-checkout');
    await summary.getByText(/Reserved for you: 00:[01]\d left/).waitFor(SLOW);
    expect(await totalIn(summary)).toBe(withTax);

    // The hold runs out: no reload, no click.
    await summary.getByText(/Reservation expired/).waitFor({ timeout: (HOLD_SECONDS + 10) * 1000 });
    for (let i = 0; i < 50 && (await totalIn(summary)) !== '$0.00'; i++) await page.waitForTimeout(100);
    expect(await totalIn(summary)).toBe('$0.00');

    // Still free: held again, counted again.
    await summary.getByRole('button', { name: 'Hold again' }).click();
    await summary.getByText(/Reserved for you: 00:[01]\d left/).waitFor(SLOW);
    expect(await totalIn(summary)).toBe(withTax);

    // The cart panel shows the same, and follows the next expiry too.
    await page.locator('header [data-cart-count]').first().click();
    const panel = page.getByRole('dialog', { name: /cart/i });
    await panel.getByText(/Reservation expired/).waitFor({ timeout: (HOLD_SECONDS + 10) * 1000 });
    for (let i = 0; i < 50 && (await totalIn(panel)) !== '$0.00'; i++) await page.waitForTimeout(100);
    expect(await totalIn(panel)).toBe('$0.00');
    await panel.getByRole('button', { name: 'Hold again' }).waitFor();
  }, 90_000);

  it.each([
    [1280, 900],
    [375, 812],
  ])('shows a unique item the store sold in person as gone, live: out of the total, checkout blocked until it is removed (%i px)', async (width, height) => {
    const context = await ctx.browser.newContext({ viewport: { width, height } });
    await withAxe(context);
    page = await context.newPage();
    const item = await uniqueItem();
    const variant = item.variants[0]!;

    await addFromProductPage(page, ctx.shop.url, item);
    await page.goto(`${ctx.shop.url}/checkout`);
    const summary = page.locator('main .cc-checkout');
    await summary.getByText(/Reserved for you/).waitFor(SLOW);
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor(SLOW);

    // The store sells it at the counter: its POS counts 0 where the hold was.
    const level = variant.inventoryLevels.find((l) => l.onHand > 0)!;
    const count = await fetch(`${ctx.shop.serviceUrls.CATALOG_URL}/internal/stock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.shop.internalApiToken}` },
      body: JSON.stringify({ sku: variant.sku, locationId: level.locationId, onHand: 0 }),
    });
    expect(count.status).toBe(200);

    // No reload: the line says so, the total drops it, and the form gives way to what to do.
    await summary.getByText('Sold in the store. This item is no longer available and is not counted in your total.').waitFor(SLOW);
    for (let i = 0; i < 50 && (await totalIn(summary)) !== '$0.00'; i++) await page.waitForTimeout(100);
    expect(await totalIn(summary)).toBe('$0.00');
    await page.locator('[data-checkout-blocked]').getByText(`${item.title} was sold in the store.`).waitFor();
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
    expect(await summary.getByText(/Reserved for you/).count()).toBe(0);
    expect(blocking(await axeViolations(page))).toEqual([]);
    if (process.env.VISUAL_SHOTS_DIR) await page.screenshot({ path: `${process.env.VISUAL_SHOTS_DIR}/checkout-sold-in-store-${page.viewportSize()!.width}.png`, fullPage: true });

    await summary.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Cart Empty').waitFor(SLOW);
  }, 60_000);
});
