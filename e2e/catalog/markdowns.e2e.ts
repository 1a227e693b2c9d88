// Issue 30's markdowns (decisions 052 and 057): an admin's rule and a run by hand lower an aging
// listing's price, a shopper's open product page shows the new price and 'Price dropped $X on DATE'
// without a reload, and the store's POS takes the new price too (its back office shows it, and its
// webhook back confirms the markdown in the catalog); a listing the history shows no drop for says nothing.
import pg from 'pg';
import { ApiPaths, Product, SyncStatus, type ProductList } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { apiFrom, orderFlows, shot, waitUntil } from '../support/orders.js';
import { runMarkdownsByHand } from '../support/markdowns.js';
import { SLOW } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser({ referencePos: true });
const { adminPage, newPage } = orderFlows(ctx);

interface PosProduct {
  variants: Array<{ sku: string; price: { amount: number } }>;
}

/** Every product the reference POS holds, through its own API (as the store's back office would see it). */
async function allPosProducts(): Promise<PosProduct[]> {
  const { url, apiKey } = ctx.shop.pos!;
  const all: PosProduct[] = [];
  let cursor: string | null = null;
  do {
    const res = await fetch(`${url}/v1/products?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { authorization: `Bearer ${apiKey}` } });
    if (!res.ok) throw new Error(`POS GET /v1/products: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { products: PosProduct[]; next_cursor: string | null };
    all.push(...page.products);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}
const posPrice = async (sku: string) => (await allPosProducts()).flatMap((p) => p.variants).find((v) => v.sku === sku)?.price.amount;

it("a markdown run by hand reaches a shopper's open page: the new price and 'Price dropped $X on DATE'", async () => {
  // The store's POS, set up and synced by its admin: the sync registers the POS's webhooks to the shop.
  const admin = await adminPage();
  expect((await apiFrom(admin, 'POST', ApiPaths.pos.config, { posUrl: ctx.shop.pos!.url, apiKey: ctx.shop.pos!.apiKey })).status).toBe(200);
  const trigger = await apiFrom(admin, 'POST', ApiPaths.pos.trigger);
  expect([200, 202]).toContain(trigger.status);
  await waitUntil(async () => SyncStatus.parse((await apiFrom(admin, 'GET', ApiPaths.pos.status)).body).run?.status === 'succeeded', 'the first sync to succeed', 120_000);

  const posSkus = new Set((await allPosProducts()).flatMap((p) => p.variants.map((v) => v.sku)));
  const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&category=gaming`)).json()) as ProductList;
  const single = data.filter((p) => p.variants.length === 1);
  // The aging listing is one the till sells too; the fresh one any other.
  const aging = single.find((p) => posSkus.has(p.variants[0]!.sku));
  const fresh = single.find((p) => p.id !== aging?.id);
  const before = aging!.variants[0]!;
  expect(await posPrice(before.sku)).toBe(Math.round(Number(before.price) * 100));
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

  const rule = await apiFrom(admin, 'POST', ApiPaths.catalog.markdownRules, { name: 'Gaming after 30 days', category: 'gaming', steps: [{ days: 30, percentOff: 10 }] });
  expect(rule.status).toBe(201);
  // Asked for by hand (202), done in the background: the runs list tells when it ended.
  expect((await runMarkdownsByHand(admin)).changed).toBe(1);

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

  // The till's price too: pos-sync sent it to the POS, whose back office shows it.
  const cents = Math.round(Number(expected) * 100);
  await waitUntil(async () => (await posPrice(before.sku)) === cents, 'the POS to hold the new price', 30_000).catch(async (err: unknown) => {
    const status = (await apiFrom(admin, 'GET', ApiPaths.pos.status)).body;
    throw new Error(`${String(err)}; POS sync status: ${JSON.stringify(status)}`);
  });
  const pos = ctx.shop.pos!;
  const office = await newPage({ width: 1280, height: 900 });
  await office.goto(pos.url);
  await office.getByLabel('API key').fill(pos.apiKey);
  await office.getByRole('button', { name: 'Open' }).click();
  await office.getByLabel('Filter').fill(before.sku);
  await expect(office.getByLabel(`Price of ${before.sku}`).inputValue()).resolves.toBe(expected);
  await shot(office, 'pos-back-office-markdown');
  // The POS's webhook brought the price back, and the catalog took it as the POS confirming the markdown.
  await waitUntil(
    async () => {
      const check = new pg.Client({ connectionString: ctx.shop.databaseUrl });
      await check.connect();
      try {
        const { rows } = await check.query(`SELECT m.pos_confirmed_at FROM catalog.markdown_marks m JOIN catalog.variants v ON v.id = m.variant_id WHERE v.sku = $1`, [before.sku]);
        return rows[0]?.pos_confirmed_at instanceof Date;
      } finally {
        await check.end();
      }
    },
    'the catalog to note that the POS confirmed the markdown',
    30_000,
  );
  expect(SyncStatus.parse((await apiFrom(admin, 'GET', ApiPaths.pos.status)).body).prices).toEqual({ pending: 0, failed: 0, lastFailure: null });

  // A listing of the same category on sale for days only: no step, no drop, nothing said.
  const other = Product.parse(await (await fetch(`${ctx.shop.url}/api/products/${fresh!.id}`)).json());
  expect([other.variants[0]!.price, other.priceDrop ?? null]).toEqual([fresh!.variants[0]!.price, null]);
}, 240_000);
