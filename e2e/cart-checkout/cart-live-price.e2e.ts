// Issue 30, the cart's side (decision 058): a markdown reaches a shopper's open cart panel and
// checkout without a reload (the lines, the totals and what the payment will charge), and paying
// charges exactly the total shown. A shopper whose page heard nothing of the markdown is refused at
// payment (nothing charged), shown the new total, and pays that. The retail price reads 'Retail'.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { ApiPaths, Order, type Product, type ProductList } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { apiFrom, orderFlows, shot, waitUntil } from '../support/orders.js';
import { runMarkdownsByHand } from '../support/markdowns.js';
import { addFromProductPage, fillCard, SLOW } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
const { adminPage, newPage } = orderFlows(ctx);

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const decimal = (c: number) => (c / 100).toFixed(2);
/** As the shop shows money: `$1,099.00`. */
const money = (c: number) => (c / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
/** What a cart of one unit at `priceCents` costs: the price and 8% tax (spec §9). */
const totalOf = (priceCents: number) => priceCents + Math.round(priceCents * 0.08);

/**
 * A listing of `category` with one variant in stock, not one of a kind, a retail price above its
 * price where there is one, put 40 days on sale (in the database, as time would): the only one of
 * its category a 30-day markdown step lowers.
 */
async function agingListing(category: string): Promise<Product> {
  const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&category=${category}&inStock=true`)).json()) as ProductList;
  const buyable = data.filter((p) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0]!.totalAvailable > 1);
  const product = buyable.find((p) => cents(p.variants[0]!.compareAtPrice ?? '0') > cents(p.variants[0]!.price)) ?? buyable[0]!;
  const db = new pg.Client({ connectionString: ctx.shop.databaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE catalog.products SET published_at = now() - interval '40 days' WHERE id = $1`, [product.id]);
  } finally {
    await db.end();
  }
  return product;
}

/** An admin's rule (10 % off the category after 30 days) and a run by hand, as in markdowns.e2e.ts. */
async function markDown(category: string): Promise<void> {
  const admin = await adminPage();
  const rule = await apiFrom(admin, 'POST', ApiPaths.catalog.markdownRules, { name: `${category} after 30 days`, category, steps: [{ days: 30, percentOff: 10 }] });
  expect(rule.status).toBe(201);
  expect((await runMarkdownsByHand(admin)).changed).toBe(1);
}

/** The checkout's payment step for the guest's cart: details saved, a payment asked for. */
async function toPayment(page: Page): Promise<void> {
  await page.goto(`${ctx.shop.url}/checkout`);
  await page.getByLabel('Email').fill('live-price@example.com');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page);
}

const payTotal = (page: Page) => page.locator('main [data-pay-total]').getAttribute('data-pay-total');
const summaryTotal = (page: Page) => page.locator('main .cc-checkout__summary [data-total]').innerText();
const ordersOf = async (page: Page) => ((await apiFrom<unknown[]>(page, 'GET', ApiPaths.cart.orders)).body ?? []).map((o) => Order.parse(o));
/** Set before the change: still there after it, so the page was not reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);

it('a markdown reaches the open cart panel and checkout without a reload, and paying charges exactly the new total shown', async () => {
  const product = await agingListing('gaming');
  const before = cents(product.variants[0]!.price);
  const after = Math.round(before * 0.9);
  const retail = product.variants[0]!.compareAtPrice;

  // One shopper, two tabs (one cart): the product page with the cart panel open, and the checkout's payment step.
  const browsing = await newPage({ width: 375, height: 812 });
  await addFromProductPage(browsing, ctx.shop.url, product);
  if (retail && cents(retail) > before) {
    await expect(browsing.locator('main .cat-detail__prices [data-retail-price]').innerText()).resolves.toBe(`Retail ${money(cents(retail))}`);
  }
  const paying = await browsing.context().newPage();
  await toPayment(paying);
  await waitUntil(async () => (await payTotal(paying)) === decimal(totalOf(before)), 'the payment step to show what it charges', 20_000);
  await browsing.bringToFront();
  await browsing.locator('header').getByRole('button', { name: /cart/i }).first().click();
  const panel = browsing.getByRole('dialog', { name: /cart/i });
  await panel.locator('[data-total]').getByText(money(totalOf(before))).waitFor(SLOW);
  await Promise.all([markPage(browsing), markPage(paying)]);

  await markDown('gaming');

  // The panel: the line and the totals at the new price, and why they moved.
  await panel.locator('[data-total]').getByText(money(totalOf(after))).waitFor(SLOW);
  await expect(panel.locator('.cc-line .pl-price').innerText()).resolves.toBe(money(after));
  await panel.locator('[data-prices-changed]').waitFor();
  if (retail && cents(retail) > after) await expect(panel.locator('[data-retail-price]').innerText()).resolves.toBe(`Retail ${money(cents(retail))}`);
  await shot(browsing, 'cart-panel-price-dropped');
  expect(blocking(await axeViolations(browsing))).toEqual([]);

  // The checkout: the summary, and what the payment charges, agree on the new total.
  await paying.bringToFront();
  await waitUntil(async () => (await payTotal(paying)) === decimal(totalOf(after)), 'the payment step to charge the new total', 20_000);
  await expect(summaryTotal(paying)).resolves.toBe(money(totalOf(after)));
  await expect(paying.locator('main .cc-checkout__summary .cc-line .pl-price').innerText()).resolves.toBe(money(after));
  await paying.locator('main [data-prices-changed]').waitFor();
  expect([await notReloaded(browsing), await notReloaded(paying)]).toEqual([true, true]);
  await shot(paying, 'checkout-price-dropped');
  expect(blocking(await axeViolations(paying))).toEqual([]);

  await paying.getByRole('button', { name: 'Complete Purchase' }).click();
  await paying.getByRole('link', { name: 'View your order' }).waitFor(SLOW);
  const orders = await ordersOf(paying);
  expect(orders.map((o) => [o.total, o.lines[0]!.price])).toEqual([[decimal(totalOf(after)), decimal(after)]]);
}, 180_000);

it("a price the page never heard of is refused at payment, nothing is charged, and the new total shown is what is paid", async () => {
  const product = await agingListing('electronics');
  const before = cents(product.variants[0]!.price);
  const after = Math.round(before * 0.9);

  const shopper = await newPage({ width: 1280, height: 900 });
  // This page hears nothing live (its websocket goes nowhere): only the payment can find the change.
  await shopper.context().routeWebSocket(/\/ws/, () => {});
  // The cards say the retail price as such too (the same price tag as the product page).
  await shopper.goto(`${ctx.shop.url}/products`);
  await shopper.locator('main [data-product-card] [data-retail-price]').first().waitFor(SLOW);
  // Its text, not innerText: a card is drawn at the next frame after it arrives (content-visibility), and innerText reads '' until then.
  await expect(shopper.locator('main [data-product-card] [data-retail-price]').first().textContent()).resolves.toMatch(/^Retail \$[\d,]+\.\d{2}$/);
  await shot(shopper, 'products-retail');
  expect(blocking(await axeViolations(shopper))).toEqual([]);
  await addFromProductPage(shopper, ctx.shop.url, product);
  // The product page and the panel at this width, the retail price said as such.
  const retail = product.variants[0]!.compareAtPrice;
  await shopper.locator('header').getByRole('button', { name: /cart/i }).first().click();
  const panel = shopper.getByRole('dialog', { name: /cart/i });
  await panel.locator('[data-total]').getByText(money(totalOf(before))).waitFor(SLOW);
  if (retail && cents(retail) > before) {
    await expect(shopper.locator('main .cat-detail__prices [data-retail-price]').innerText()).resolves.toBe(`Retail ${money(cents(retail))}`);
    await expect(panel.locator('[data-retail-price]').innerText()).resolves.toBe(`Retail ${money(cents(retail))}`);
  }
  await shot(shopper, 'cart-panel-retail');
  expect(blocking(await axeViolations(shopper))).toEqual([]);
  await shopper.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  await toPayment(shopper);
  await waitUntil(async () => (await payTotal(shopper)) === decimal(totalOf(before)), 'the payment step to show what it charges', 20_000);

  await markDown('electronics');
  await shopper.waitForTimeout(1500); // what a live page would have heard by now
  await expect(summaryTotal(shopper)).resolves.toBe(money(totalOf(before)));

  await shopper.getByRole('button', { name: 'Complete Purchase' }).click();
  await shopper.getByText('Prices in your cart changed: check the new total before paying.').first().waitFor(SLOW);
  await waitUntil(async () => (await payTotal(shopper)) === decimal(totalOf(after)), 'the payment step to charge the new total', 20_000);
  await expect(summaryTotal(shopper)).resolves.toBe(money(totalOf(after)));
  expect(await ordersOf(shopper)).toEqual([]);
  await shot(shopper, 'checkout-price-refused');
  expect(blocking(await axeViolations(shopper))).toEqual([]);

  await shopper.getByRole('button', { name: 'Complete Purchase' }).click();
  await shopper.getByRole('link', { name: 'View your order' }).waitFor(SLOW);
  expect((await ordersOf(shopper)).map((o) => o.total)).toEqual([decimal(totalOf(after))]);
}, 180_000);
