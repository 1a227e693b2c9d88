// Issue 30's markdowns, as far as they are built (decision 052): an admin's rule and a run by hand
// lower an aging listing's price, and a shopper's open product page shows the new price and
// 'Price dropped $X on DATE' without a reload; a listing the history shows no drop for says nothing.
import pg from 'pg';
import { ApiPaths, MarkdownRun, MarkdownRunList, Product, type ProductList } from '@pl/contracts';
import { axeViolations, blocking } from './support/axe.js';
import { apiFrom, orderFlows, shot, waitUntil } from './support/orders.js';
import { SLOW } from './support/shopper.js';
import { useShopInBrowser } from './support/suite.js';

const ctx = useShopInBrowser();
const { adminPage, newPage } = orderFlows(ctx);

it("a markdown run by hand reaches a shopper's open page: the new price and 'Price dropped $X on DATE'", async () => {
  const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&category=gaming`)).json()) as ProductList;
  const [aging, fresh] = data.filter((p) => p.variants.length === 1);
  const before = aging!.variants[0]!;
  // Aged 40 days on sale (in the database, as time would): the rule's 30-day step applies to it alone.
  const db = new pg.Client({ connectionString: ctx.shop.databaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE catalog.products SET published_at = now() - interval '40 days' WHERE id = $1`, [aging!.id]);
  } finally {
    await db.end();
  }

  const shopper = await newPage({ width: 375, height: 812 });
  await shopper.goto(`${ctx.shop.url}/products/${aging!.id}`);
  await shopper.getByRole('heading', { name: aging!.title, level: 1 }).waitFor(SLOW);
  expect(await shopper.locator('main .cat-detail__dropped').count()).toBe(0);

  const admin = await adminPage();
  const rule = await apiFrom(admin, 'POST', ApiPaths.catalog.markdownRules, { name: 'Gaming after 30 days', category: 'gaming', steps: [{ days: 30, percentOff: 10 }] });
  expect(rule.status).toBe(201);
  // Asked for by hand (202), done in the background: the runs list tells when it ended.
  const asked = await apiFrom<unknown>(admin, 'POST', ApiPaths.catalog.markdownRuns);
  expect(asked.status).toBe(202);
  const runId = MarkdownRun.parse(asked.body).id;
  let run: MarkdownRun | undefined;
  await waitUntil(async () => {
    run = MarkdownRunList.parse((await apiFrom<unknown>(admin, 'GET', ApiPaths.catalog.markdownRuns)).body).runs.find((r) => r.id === runId && r.finishedAt !== null);
    return run !== undefined;
  }, 'the markdown run to finish', 20_000);
  expect(run).toMatchObject({ changed: 1, error: null });

  const expected = (Math.round(Number(before.price) * 100 * 0.9) / 100).toFixed(2);
  const dropped = shopper.locator('main .cat-detail__dropped');
  await waitUntil(async () => (await dropped.count()) > 0, "the open page to show 'Price dropped'", 20_000);
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const amount = (Number(before.price) - Number(expected)).toFixed(2);
  await expect(dropped.innerText()).resolves.toBe(`Price dropped $${amount} on ${today}`);
  await expect(shopper.locator('main .cat-detail__price').innerText()).resolves.toBe(`$${expected}`);
  const read = Product.parse(await (await fetch(`${ctx.shop.url}/api/products/${aging!.id}`)).json());
  expect([read.variants[0]!.price, read.priceDrop?.amount]).toEqual([expected, amount]);
  await shot(shopper, 'product-price-dropped');
  expect(blocking(await axeViolations(shopper))).toEqual([]);

  // A listing of the same category on sale for days only: no step, no drop, nothing said.
  const other = Product.parse(await (await fetch(`${ctx.shop.url}/api/products/${fresh!.id}`)).json());
  expect([other.variants[0]!.price, other.priceDrop ?? null]).toEqual([fresh!.variants[0]!.price, null]);
}, 120_000);
