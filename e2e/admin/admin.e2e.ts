// The admin team's dashboard in real Chromium against the whole shop and the reference POS it
// starts: the demo admin saves the POS settings, tests them and syncs; a stock count changed in
// the POS reaches the admin's inventory list and a shopper's open products page without a reload
// (POS webhook → pos-sync → catalog → NATS → gateway websocket); a paid order is written back to the
// POS once (order.placed → pos-sync → POS adjustment). Customers and guests are refused.
import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { freePort, startReferencePosProcess } from '../../scripts/local-stack.mjs';
import { axeViolations, blocking, withAxe } from '../support/axe.js';
import { waitUntil } from '../support/orders.js';
import { useShopInBrowser } from '../support/suite.js';
import { TEST_CARD } from '../support/shopper.js';

// The sync trigger answers 202 after a second, so a long sync is followed on the status (decision 029).
const ctx = useShopInBrowser({ referencePos: true, env: { SYNC_TRIGGER_WAIT_MS: '1000' } });
const SLOW = { timeout: 20000 };
/** The demo admin identity seeds outside production (services/identity demo accounts). */
const DEMO_ADMIN = { username: 'admin', password: 'admin12345' };

const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function newPage(browser: Browser = ctx.browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

const toastWith = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).locator('li').filter({ hasText: text });

async function signIn(page: Page, usernameOrEmail: string, password: string): Promise<void> {
  await page.goto(ctx.shop.url + '/');
  await page.locator('header').getByRole('button', { name: 'Sign In', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Sign In' });
  await form.getByLabel('Username or Email', { exact: true }).fill(usernameOrEmail);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await toastWith(page, 'Logged in successfully').waitFor(SLOW);
}

/** What the reference POS holds, through its own API (as the store's back office would see it). */
async function pos<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { url, apiKey } = ctx.shop.pos!;
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POS ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface PosProduct {
  id: string;
  name: string;
  unique: boolean;
  variants: Array<{ sku: string; stock: Array<{ location_id: string; quantity: number }> }>;
}

async function allPosProducts(): Promise<PosProduct[]> {
  const all: PosProduct[] = [];
  let cursor: string | null = null;
  do {
    const page: { products: PosProduct[]; next_cursor: string | null } = await pos('GET', `/v1/products?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...page.products);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

async function fillSettings(page: Page, posUrl: string, apiKey: string): Promise<void> {
  await page.getByLabel('POS URL', { exact: true }).fill(posUrl);
  await page.getByLabel('API Key', { exact: true }).fill(apiKey);
}

const inventoryRow = (page: Page, sku: string): Locator => page.locator(`tr[data-sku="${sku}"]`);

async function syncCounts(page: Page): Promise<{ created: number; updated: number }> {
  const toast = toastWith(page, 'Sync Completed');
  await toast.waitFor({ timeout: 60000 });
  const text = (await toast.textContent()) ?? '';
  const match = /Created (\d+) products, updated (\d+) products/.exec(text);
  if (!match) throw new Error(`unexpected sync toast: ${text}`);
  return { created: Number(match[1]), updated: Number(match[2]) };
}

/** A guest checkout of one unit through the gateway's API, paid with the built-in test card. */
async function buyOne(sku: string): Promise<void> {
  const base = ctx.shop.url;
  // One browser's cookie jar: the first write (the cart line) starts the guest session the rest carry.
  const jar = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { cookie: [...jar.values()].join('; '), origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      jar.set(pair.split('=')[0]!, pair);
    }
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  await call('POST', '/api/cart/lines', { variantId: sku, qty: 1 });
  await call('PUT', '/api/cart/checkout', { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'buyer@example.com' });
  const { clientSecret } = await call('POST', '/api/create-payment-intent');
  const paid = await call('POST', '/api/payments/test-card/confirm', { clientSecret, ...TEST_CARD });
  expect(paid.status).toBe('succeeded');
}

describe('admin dashboard with the reference POS', () => {
  it('saves, tests and syncs; a stock change in the POS then reaches the admin list and an open products page live', async () => {
    const admin = await newPage();
    await signIn(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    await admin.goto(ctx.shop.url + '/admin');
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor(SLOW);

    // Save is disabled until both fields are filled.
    const save = admin.getByRole('button', { name: 'Save', exact: true });
    await fillSettings(admin, ctx.shop.pos!.url, '');
    expect(await save.isDisabled()).toBe(true);

    // A wrong key saves (the key is only checked by Test) and the test says why it fails.
    await fillSettings(admin, ctx.shop.pos!.url, 'not-the-key');
    await save.click();
    await toastWith(admin, 'Settings Saved').waitFor(SLOW);
    await toastWith(admin, 'POS configuration has been updated successfully').waitFor();
    await admin.getByRole('button', { name: 'Test', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'The POS refused the API key' }).first().waitFor(SLOW);

    // The right key: saved, tested, synced.
    await fillSettings(admin, ctx.shop.pos!.url, ctx.shop.pos!.apiKey);
    await save.click();
    await admin.getByRole('button', { name: 'Test', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: /Connected to/ }).first().waitFor(SLOW);

    const posProducts = await allPosProducts();
    await admin.getByRole('button', { name: 'Sync from POS' }).click();
    const first = await syncCounts(admin);
    expect(first.created).toBeGreaterThan(0);
    expect(first.updated).toBeGreaterThan(0); // the POS shares part of the shop's demo catalogue
    expect(first.created + first.updated).toBe(posProducts.length);
    await admin.locator('[data-sync-status="ready"]').waitFor(SLOW);

    // Everything the POS has is now in the admin's list, with the POS's counts. The list shows one
    // page of products, so the admin searches for the sku (the server searches every product).
    const product = posProducts.find((p) => !p.unique && p.variants.length === 1 && p.variants[0]!.sku.startsWith('PL-'))!;
    const { sku } = product.variants[0]!;
    const posTotal = product.variants[0]!.stock.reduce((n, s) => n + Math.max(0, s.quantity), 0);
    await admin.getByLabel('Search inventory', { exact: true }).fill(sku);
    await inventoryRow(admin, sku).locator(`[data-available="${posTotal}"]`).waitFor(SLOW);

    // A shopper has the products page open on that product.
    const shopper = await newPage();
    await shopper.goto(`${ctx.shop.url}/products?q=${encodeURIComponent(product.name)}`);
    const card = shopper.locator(`[data-product-card][data-sku="${sku}"]`);
    await card.locator(`[data-stock-badge][data-available="${posTotal}"]`).waitFor(SLOW);
    const navigations: string[] = [];
    shopper.on('framenavigated', (f) => f === shopper.mainFrame() && navigations.push(f.url()));
    admin.on('framenavigated', (f) => f === admin.mainFrame() && navigations.push(f.url()));

    // The store counts 7 more units in Dublin, by hand, in the POS.
    const dublin = product.variants[0]!.stock.find((s) => s.location_id === 'dublin')?.quantity ?? 0;
    await pos('POST', '/v1/inventory/counts', { sku, location_id: 'dublin', quantity: Math.max(0, dublin) + 7 });

    await inventoryRow(admin, sku).locator(`[data-available="${posTotal + 7}"]`).waitFor(SLOW);
    await card.locator(`[data-stock-badge][data-available="${posTotal + 7}"]`).waitFor(SLOW);
    expect(navigations).toEqual([]);

    // A shopper buys one (test card, pickup in Dublin): the sale is written back to the POS once.
    const posUnits = async () => (await allPosProducts()).find((p) => p.id === product.id)!.variants[0]!.stock.reduce((n, s) => n + s.quantity, 0);
    const before = await posUnits();
    await buyOne(sku);
    await waitUntil(async () => (await posUnits()) === before - 1, 'the sale to reach the POS');
    await inventoryRow(admin, sku).locator(`[data-available="${posTotal + 6}"]`).waitFor(SLOW);
    expect(await posUnits()).toBe(before - 1);

    // The webhook is in the recent events; a second sync right after creates nothing.
    await admin.locator('.adm-events').getByText('inventory.count.updated').first().waitFor(SLOW);
    await toastWith(admin, 'Sync Completed').waitFor({ state: 'detached', timeout: 15000 }); // the first one's 5 s are over
    await admin.getByRole('button', { name: 'Sync from POS' }).click();
    const second = await syncCounts(admin);
    expect(second.created).toBe(0);
  });
});

describe('a sync of a big POS catalogue', () => {
  it('goes on in the background with its progress shown (after a reload too), can be cancelled, and announces its end', async () => {
    // Paced by the POS's own rate limit (1 call a second, 429 + Retry-After beyond: ~200 products a
    // second), so a sync lasts ~15 s whatever the machine: long enough to reload, cancel, check the
    // page with axe and reload again while it runs (at 2 a second, ~7 s, a CI run's second sync
    // ended during that reload, and its end was never announced).
    const PRODUCTS = 3_000;
    const big = await startReferencePosProcess({ port: await freePort(), seed: PRODUCTS, quiet: true, log: () => {}, env: { ...process.env, POS_RATE_LIMIT: '1' } });
    try {
      const context = await ctx.browser.newContext();
      contexts.push(context);
      await withAxe(context);
      const admin = await context.newPage();
      await signIn(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
      await admin.goto(ctx.shop.url + '/admin');
      await fillSettings(admin, big.url, big.apiKey);
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await toastWith(admin, 'Settings Saved').waitFor(SLOW);

      const progressText = admin.locator('#adm-sync-progress-text');
      await admin.getByRole('button', { name: 'Sync from POS' }).click();
      await admin.getByRole('progressbar', { name: 'Progress' }).waitFor(SLOW);
      // Once the POS's first page is in, the bar knows the total.
      await progressText.filter({ hasText: /^[\d,]+ of 3,000 products/ }).waitFor(SLOW);

      // The run is the server's: a reload shows it still going.
      await admin.reload();
      await admin.getByRole('progressbar', { name: 'Progress' }).waitFor(SLOW);
      // From the keyboard: once the run has stopped and Cancel is gone, focus is on the panel, not <body>.
      await admin.getByRole('button', { name: 'Cancel sync' }).focus();
      await admin.keyboard.press('Enter');
      const cancelled = toastWith(admin, 'Sync Cancelled');
      await cancelled.waitFor({ timeout: 60000 });
      const written = Number(/Created (\d+) products/.exec((await cancelled.textContent()) ?? '')?.[1]);
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(PRODUCTS);
      await admin.locator('[data-sync-status="ready"]').waitFor(SLOW);
      expect(await admin.evaluate(() => document.activeElement?.id)).toBe('adm-status-title');

      // Started again and followed across a reload: its end is still announced, with its counts.
      await admin.getByRole('button', { name: 'Sync from POS' }).click();
      await admin.getByRole('progressbar', { name: 'Progress' }).waitFor(SLOW);
      expect(blocking(await axeViolations(admin))).toEqual([]);
      await admin.reload();
      const counts = await syncCounts(admin);
      expect(counts).toEqual({ created: PRODUCTS - written, updated: written });
      expect(await admin.getByRole('progressbar').count()).toBe(0);
    } finally {
      await big.stop();
    }
  });
});

describe('the POS event inbox', () => {
  it('shows an event that failed with why, applies it on Retry once the cause is fixed, and replays from the keyboard', async () => {
    // A count the POS sent for a store the shop did not have yet (as a webhook would have left it).
    const db = new pg.Client({ connectionString: ctx.shop.databaseUrl });
    await db.connect();
    try {
      const sku = 'PL-EL-001';
      const id = `evt_e2e_${Date.now().toString(36)}`;
      const payload = { id, type: 'inventory.count.updated', created_at: new Date().toISOString(), data: { sku, location_id: 'lakeside', quantity: 4, version: Date.now() * 1000, product_id: 'prd_e2e' } };
      await db.query(`INSERT INTO pos_sync.pos_events (id, type, payload, status, applied_at, attempts, last_error) VALUES ($1, $2, $3, 'failed', now(), 1, 'Not applied: Unknown location lakeside')`, [
        id,
        payload.type,
        JSON.stringify(payload),
      ]);

      const admin = await newPage();
      await signIn(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
      await admin.goto(ctx.shop.url + '/admin');
      const inbox = admin.getByRole('region', { name: 'POS Event Inbox' });
      const item = inbox.locator(`[data-inbox-event="${id}"]`);
      await item.getByText('Not applied: Unknown location lakeside').waitFor(SLOW);
      expect(await item.getByText('Failed after 1 attempt').count()).toBe(1);

      // The shop opens that store; the admin retries the event from the keyboard.
      await db.query(`INSERT INTO catalog.locations (id, name, type, address, city, state, zip_code) VALUES ('lakeside', 'Lakeside', 'STORE', '1 Lake Rd', 'Columbus', 'OH', '43215')`);
      await item.getByRole('button', { name: /^Retry / }).focus();
      await admin.keyboard.press('Enter');
      await toastWith(admin, '1 event is being applied again').waitFor(SLOW);
      await item.waitFor({ state: 'detached', timeout: 20000 });
      await inbox.locator('[data-inbox-empty]').waitFor(SLOW);
      const { rows } = await db.query(`SELECT l.on_hand FROM catalog.inventory_levels l JOIN catalog.variants v ON v.id = l.variant_id WHERE v.sku = $1 AND l.location_id = 'lakeside'`, [sku]);
      expect(rows[0]?.on_hand).toBe(4);
      // The Retry button is gone with its event: focus did not drop to <body>.
      expect(await admin.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

      // A replay of the last hour: every event received since is applied again, changing nothing.
      await inbox.getByRole('button', { name: 'Replay', exact: true }).click();
      await toastWith(admin, 'Replay Started').waitFor(SLOW);
      await waitUntil(async () => (await db.query(`SELECT count(*)::int AS n FROM pos_sync.pos_events WHERE status = 'pending'`)).rows[0].n === 0, 'the replay to end');
      const after = await db.query(`SELECT l.on_hand FROM catalog.inventory_levels l JOIN catalog.variants v ON v.id = l.variant_id WHERE v.sku = $1 AND l.location_id = 'lakeside'`, [sku]);
      expect(after.rows[0]?.on_hand).toBe(4);
    } finally {
      await db.end();
    }
  });
});

describe('who may open /admin', () => {
  it('refuses a signed-in customer: access denied, no POS settings, and the API answers 403', async () => {
    const page = await newPage();
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const customer = { username: `cora_${id}`, email: `cora.${id}@example.com`, password: `secret-${id}`, firstName: 'Cora', lastName: 'Shopper', phone: '555-0101' };
    const res = await fetch(`${ctx.shop.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ctx.shop.url },
      body: JSON.stringify(customer),
    });
    expect(res.status).toBe(201);
    await signIn(page, customer.username, customer.password);

    await page.goto(ctx.shop.url + '/admin');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor(SLOW);
    await page.getByText('Your account does not have access to the admin dashboard.').waitFor();
    expect(await page.getByLabel('API Key', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sync from POS' }).count()).toBe(0);

    const statuses = await page.evaluate(async () =>
      Promise.all(['/api/admin/pos-config', '/api/admin/sync/status', '/api/admin/inventory'].map(async (p) => (await fetch(p)).status)),
    );
    expect(statuses).toEqual([403, 403, 403]);
  });

  it('refuses a guest with a sign-in message', async () => {
    const page = await newPage();
    await page.goto(ctx.shop.url + '/admin');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor(SLOW);
    await page.getByText('Please sign in with an administrator account to view the admin dashboard.').waitFor();
    expect(await page.getByRole('button', { name: 'Sync from POS' }).count()).toBe(0);
  });
});
