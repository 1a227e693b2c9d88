// What the order browser tests share: pages with axe, screenshots, a guest buying through the real
// checkout, the demo admin, the order desk's search and the dev mailbox.
import type { BrowserContext, Page } from 'playwright-core';
import { ApiPaths, DevMailbox, type Product, type ProductList } from '@pl/contracts';
import { withAxe } from './axe.js';
import { addFromProductPage, fillCard, SLOW, WIDTHS } from './shopper.js';
import type { ShopInBrowser } from './suite.js';

export function orderFlows(ctx: ShopInBrowser) {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  async function newPage(viewport: { width: number; height: number } = WIDTHS[0]): Promise<Page> {
    const context = await ctx.browser.newContext({ viewport });
    await withAxe(context);
    contexts.push(context);
    return context.newPage();
  }

  /** A product in stock with one variant and more than five units (not one of a kind), optionally of a grade. */
  async function stockedProduct(grade?: string): Promise<Product> {
    const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&inStock=true${grade ? `&condition=${grade}` : ''}`)).json()) as ProductList;
    return data.find((p) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0]!.totalAvailable > 5)!;
  }

  /** A guest buys these products (one each) through the checkout page and lands on the order's page; answers its number. */
  async function guestBuys(page: Page, email: string, fulfilment: 'pickup' | 'shipping', products?: Product[]): Promise<string> {
    for (const product of products ?? [await stockedProduct()]) await addFromProductPage(page, ctx.shop.url, product);
    await page.goto(`${ctx.shop.url}/checkout`);
    await page.getByLabel('Email').fill(email);
    if (fulfilment === 'shipping') {
      await page.getByLabel(/Ship to an address/).check();
      await page.getByLabel('Full name').fill('Sam Shipper');
      await page.getByLabel('Address', { exact: true }).fill('12 Elm Street');
      await page.getByLabel('City').fill('Columbus');
      await page.getByLabel('State').fill('OH');
      await page.getByLabel('ZIP code').fill('43215');
    }
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(page);
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    await page.getByRole('link', { name: 'View your order' }).click();
    await page.locator('main [data-order-number]').waitFor(SLOW);
    return (await page.locator('main [data-order-number]').innerText()).trim();
  }

  /** A page signed in as the demo admin. */
  async function adminPage(viewport?: { width: number; height: number }): Promise<Page> {
    const page = await newPage(viewport);
    await page.goto(`${ctx.shop.url}/about`);
    const status = await page.evaluate(
      async () => (await fetch('/api/auth/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: 'admin', password: 'admin12345' }) })).status,
    );
    expect(status).toBe(200);
    return page;
  }

  /** Opens the order from the desk's search, as the store would. */
  async function openAtDesk(admin: Page, number: string): Promise<void> {
    await admin.goto(`${ctx.shop.url}/admin/orders`);
    await admin.getByRole('heading', { name: 'Orders', level: 1 }).waitFor(SLOW);
    const search = admin.getByRole('search', { name: 'Orders' }).getByLabel('Search');
    await search.fill(number);
    await search.press('Enter');
    await admin.getByRole('link', { name: number }).click();
    await admin.getByRole('heading', { name: `Order ${number}` }).waitFor(SLOW);
  }

  async function mailsTo(address: string) {
    for (let i = 0; i < 50; i++) {
      const { messages } = DevMailbox.parse(await (await fetch(`${ctx.shop.url}${ApiPaths.auth.devMailbox}?format=json`)).json());
      const mine = messages.filter((m) => m.to === address);
      if (mine.length > 0) return mine;
      await new Promise((r) => setTimeout(r, 200));
    }
    return [];
  }

  async function waitForMail(address: string, subject: RegExp) {
    for (let i = 0; i < 50; i++) {
      const found = (await mailsTo(address)).find((m) => subject.test(m.subject));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${address} matching ${subject}`);
  }

  return { newPage, stockedProduct, guestBuys, adminPage, openAtDesk, mailsTo, waitForMail };
}

/** A call to the shop's API from the page, with its cookies (as the admin's own pages make it). */
export async function apiFrom<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, { method, credentials: 'include', headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json().catch(() => null)) as T };
    },
    { method, path, body },
  );
}

export const shot = async (page: Page, name: string) => {
  if (process.env.VISUAL_SHOTS_DIR) await page.screenshot({ path: `${process.env.VISUAL_SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
};

export const currentStep = (page: Page) => page.locator('main [aria-current="step"]').getAttribute('data-step');

/** Polls `check` until it holds (the bus and the workers are asynchronous); fails naming `what`. */
export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
