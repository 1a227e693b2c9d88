// Issue 30, a draft is not shown to shoppers until published (decision 055), end to end in real
// Chromium against the whole shop. A draft as a manifest import leaves it (a listing with stock whose
// published_at is null, written here straight to the catalog's tables) is in no shopper's list and
// no product page; the admin finds it in the desk's Drafts queue marked as one, publishes it after
// a confirmation, and a shopper's open category page shows it without a reload. At 375 and 1280 px:
// axe finds nothing serious on the queue, the listing and the dialog; focus never drops to body.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { ApiPaths, IntakeDetail } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { orderFlows, shot, waitUntil } from '../support/orders.js';
import { SLOW } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const CATEGORY = 'sports-outdoors';

const { newPage, adminPage } = orderFlows(ctx);

/** A draft listing with two units in Dublin, as a manifest import makes one. */
async function insertDraft(title: string): Promise<{ id: string; sku: string }> {
  const db = new pg.Client({ connectionString: ctx.shop.databaseUrl });
  await db.connect();
  try {
    const sku = `PL-DRAFT-${randomUUID().slice(0, 8).toUpperCase()}`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO catalog.products (title, brand, description, condition_grade, category_id, published_at)
       VALUES ($1, 'Wrenfield', 'From a returns pallet, awaiting inspection.', 'OPEN_BOX', $2, NULL) RETURNING id`,
      [title, CATEGORY],
    );
    const id = rows[0]!.id;
    const variant = await db.query<{ id: string }>(`INSERT INTO catalog.variants (product_id, sku, price_cents) VALUES ($1, $2, 8999) RETURNING id`, [id, sku]);
    await db.query(`INSERT INTO catalog.inventory_levels (variant_id, location_id, on_hand) VALUES ($1, 'dublin', 2)`, [variant.rows[0]!.id]);
    return { id, sku };
  } finally {
    await db.end();
  }
}

const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

async function expectNoBlockingAxe(page: Page, what: string): Promise<void> {
  const found = blocking(await axeViolations(page));
  expect([what, found]).toEqual([what, []]);
}

it.each([
  ['375', PHONE],
  ['1280', DESKTOP],
])('at %s px an admin publishes a draft, and a shopper’s open category page shows it without a reload', async (width, viewport) => {
  const title = `Wrenfield Trail Camera ${width}`;
  const draft = await insertDraft(title);

  // To shoppers the draft does not exist: not on its category's page, not by its id, not by search.
  const shopper = await newPage(DESKTOP);
  await shopper.goto(`${ctx.shop.url}/products?category=${CATEGORY}`);
  await shopper.locator('main [data-product-card]').first().waitFor(SLOW);
  expect(await shopper.locator(`main [data-product-id="${draft.id}"]`).count()).toBe(0);
  expect((await fetch(`${ctx.shop.url}/api/products/${draft.id}`)).status).toBe(404);
  const searched = (await (await fetch(`${ctx.shop.url}/api/products?q=${encodeURIComponent(title)}`)).json()) as { data: Array<{ id: string }> };
  expect(searched.data.map((p) => p.id)).not.toContain(draft.id);
  const navigations: string[] = [];
  shopper.on('framenavigated', (f) => f === shopper.mainFrame() && navigations.push(f.url()));

  // The admin: the desk's Drafts queue holds it, marked as not shown to shoppers.
  const admin = await adminPage(viewport);
  await admin.goto(`${ctx.shop.url}/admin/intake?queue=drafts`);
  await admin.getByRole('heading', { name: 'Drafts', level: 2 }).waitFor(SLOW);
  const entry = admin.locator(`[data-product-id="${draft.id}"]`);
  await entry.locator('[data-draft]').getByText('Draft — not shown to shoppers').waitFor(SLOW);
  expect(await admin.getByRole('link', { name: /^Drafts \(\d+\)$/ }).getAttribute('aria-current')).toBe('page');
  await expectNoBlockingAxe(admin, `drafts queue at ${width}`);
  await shot(admin, 'intake-drafts');

  // Its listing says so, and publishing is confirmed first (Not yet changes nothing).
  await entry.getByRole('link', { name: title }).click();
  await admin.getByRole('heading', { name: title, level: 1 }).waitFor(SLOW);
  await admin.getByRole('heading', { name: 'Draft — not shown to shoppers', level: 2 }).waitFor(SLOW);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await expectNoBlockingAxe(admin, `draft listing at ${width}`);
  await shot(admin, 'intake-draft-listing');
  await admin.getByRole('button', { name: 'Publish…' }).click();
  const dialog = admin.getByRole('dialog', { name: `Publish ${title}?` });
  await dialog.waitFor(SLOW);
  await expectNoBlockingAxe(admin, `publish dialog at ${width}`);
  await shot(admin, 'intake-publish-dialog');
  await dialog.getByRole('button', { name: 'Not yet' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('Publish…');
  const detail = await admin.evaluate(async (path) => (await fetch(path, { credentials: 'include' })).json(), ApiPaths.catalog.intakeDetail(draft.id));
  expect(IntakeDetail.parse(detail).publishedAt).toBeNull();

  await admin.getByRole('button', { name: 'Publish…' }).click();
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await admin.getByRole('heading', { name: 'Draft — not shown to shoppers' }).waitFor({ state: 'detached', ...SLOW });
  await waitUntil(async () => !(await focusIsOnBody(admin)), 'focus to land on the listing');
  expect(await admin.evaluate(() => document.activeElement?.getAttribute('data-grade'))).toBe('OPEN_BOX');
  await expectNoBlockingAxe(admin, `published listing at ${width}`);

  // The shopper's open page shows it, without a reload; its own page and the cart take it now.
  await shopper.locator(`main [data-product-id="${draft.id}"]`).getByText(title).waitFor(SLOW);
  expect(navigations).toEqual([]);
  expect((await fetch(`${ctx.shop.url}/api/products/${draft.id}`)).status).toBe(200);
}, 180_000);
