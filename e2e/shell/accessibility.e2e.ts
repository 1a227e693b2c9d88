// Accessibility of every screen and state a shopper, a customer and an admin reach, in real Chromium
// at desktop (1280×900) and phone (375×812) widths: axe-core finds no critical, serious or moderate violation,
// and keyboard focus never drops to <body> after the actions that change the page under it.
import type { BrowserContext, Page } from 'playwright-core';
import type { Product, ProductList } from '@pl/contracts';
import { axeViolations, blocking, withAxe, type AxeFinding } from '../support/axe.js';
import { addFromProductPage, fillCard, SLOW, WIDTHS } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();

let context: BrowserContext;
let page: Page;
afterEach(() => context?.close());

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  context = await ctx.browser.newContext({ viewport });
  await withAxe(context);
  page = await context.newPage();
  return page;
}

async function stockedProduct(): Promise<Product> {
  const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&inStock=true`)).json()) as ProductList;
  return data.find((p) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0]!.totalAvailable > 5)!;
}

const signIn = (username: string, password: string) =>
  page.evaluate(
    async ({ username, password }) =>
      (await fetch('/api/auth/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: username, password }) })).status,
    { username, password },
  );

/** Opens a route and waits until its main content is there. */
async function visit(path: string, ready: () => Promise<unknown>) {
  await page.goto(ctx.shop.url + path);
  await ready();
}
/** A heading of the page itself (the header and footer have headings too). */
const heading = (name: string | RegExp) => page.locator('main').getByRole('heading', { name }).first().waitFor(SLOW);

type Scene = { name: string; reach: () => Promise<void> };

/** What a guest sees: every public route, the dialogs, filters, the cart panel with a toast, checkout. */
function guestScenes(product: Product): Scene[] {
  return [
    { name: 'home', reach: () => visit('/', () => page.locator('main [data-product-card]').first().waitFor(SLOW)) },
    { name: 'products', reach: () => visit('/products', () => page.locator('main [data-product-card]').first().waitFor(SLOW)) },
    {
      name: 'products, filters open',
      reach: async () => {
        await page.locator('main').getByRole('button', { name: /^Filter/ }).click();
        await page.getByRole('form', { name: 'Product filters' }).waitFor();
      },
    },
    { name: 'product page', reach: () => visit(`/products/${product.id}`, () => heading(product.title)) },
    { name: 'categories', reach: () => visit('/categories', () => page.locator('main [data-category]').first().waitFor(SLOW)) },
    { name: 'locations', reach: () => visit('/locations', () => page.locator('main').getByText(/WAREHOUSE|STORE/).first().waitFor(SLOW)) },
    { name: 'about', reach: () => visit('/about', () => heading(/About/)) },
    { name: 'condition guide', reach: () => visit('/support/condition-guide', () => heading(/Condition Guide/i)) },
    { name: 'returns', reach: () => visit('/support/returns', () => heading(/Returns/i)) },
    { name: 'shipping', reach: () => visit('/support/shipping', () => heading(/Shipping/i)) },
    { name: 'contact', reach: () => visit('/contact', () => heading(/Contact/i)) },
    { name: 'forgot password', reach: () => visit('/forgot-password', () => heading('Forgot Password')) },
    { name: 'reset password, no token', reach: () => visit('/reset-password', () => heading('Invalid Reset Link')) },
    { name: 'reset password', reach: () => visit('/reset-password?token=abc', () => heading('Reset Your Password')) },
    { name: '404', reach: () => visit('/no-such-page', () => heading('404 Page Not Found')) },
    {
      name: 'sign-in dialog',
      reach: async () => {
        await visit('/', () => page.locator('header').getByRole('button', { name: 'Sign In', exact: true }).waitFor(SLOW));
        await page.locator('header').getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
      },
    },
    {
      name: 'create-account dialog',
      reach: async () => {
        await page.keyboard.press('Escape');
        await page.locator('header').getByRole('button', { name: 'Create Account', exact: true }).click();
        await page.getByRole('dialog', { name: 'Create Account' }).waitFor();
      },
    },
    {
      name: 'toast after add to cart',
      reach: async () => {
        await addFromProductPage(page, ctx.shop.url, product);
        await page.waitForTimeout(300); // past the toast's 160 ms fade-in, which axe would measure as low contrast
      },
    },
    {
      name: 'cart panel open',
      reach: async () => {
        await page.locator('header [data-cart-count]').first().click();
        await page.getByRole('dialog', { name: /cart/i }).getByText(product.title).first().waitFor(SLOW);
      },
    },
    {
      name: 'checkout, details',
      reach: () => visit('/checkout', () => page.getByLabel(/pick ?up/i).first().waitFor(SLOW)),
    },
    {
      name: 'checkout, payment',
      reach: async () => {
        const email = page.getByLabel(/e-?mail/i).first();
        // The details form shows once the page knows who is buying (guest or customer): wait for it, then
        // ask whether it wants an e-mail address (a guest's does).
        await page.getByRole('button', { name: 'Continue to Payment' }).waitFor({ timeout: 15000 });
        if (await email.isVisible()) await email.fill('axe.buyer@example.com');
        await page.getByLabel(/pick ?up/i).first().check();
        await page.getByRole('button', { name: /Continue to payment/i }).click();
        await page.getByLabel(/card number/i).waitFor(SLOW);
      },
    },
    {
      name: 'order page after paying',
      reach: async () => {
        await fillCard(page);
        await page.getByRole('button', { name: 'Complete Purchase' }).click();
        await page.getByRole('link', { name: 'View your order' }).click();
        await heading('Order confirmed');
      },
    },
  ];
}

function customerScenes(): Scene[] {
  return [
    {
      name: 'account (customer)',
      reach: async () => {
        await visit('/about', () => heading(/About/));
        expect(await signIn('shopper', 'shopper12345')).toBe(200);
        await visit('/account', () => page.locator('main [data-field="username"]').waitFor(SLOW));
      },
    },
    {
      name: 'account menu open',
      reach: async () => {
        await page.locator('header button[aria-haspopup="menu"]').click();
        await page.getByRole('menu', { name: 'My Account' }).waitFor();
      },
    },
    { name: 'order history', reach: () => visit('/account/orders', () => heading(/Order/i)) },
  ];
}

function adminScenes(): Scene[] {
  return [
    {
      name: 'admin dashboard',
      reach: async () => {
        await visit('/about', () => heading(/About/));
        expect(await signIn('admin', 'admin12345')).toBe(200);
        await visit('/admin', () => page.locator('main table').first().waitFor(SLOW));
      },
    },
    { name: 'account (admin)', reach: () => visit('/account', () => page.locator('main [data-field="username"]').waitFor(SLOW)) },
  ];
}

/** Walks the scenes in order, running axe in each; returns every serious or critical finding by scene. */
async function sweep(scenes: Scene[]): Promise<Record<string, AxeFinding[]>> {
  const found: Record<string, AxeFinding[]> = {};
  for (const scene of scenes) {
    await scene.reach();
    const all = await axeViolations(page);
    const findings = blocking(all);
    if (findings.length > 0) found[scene.name] = findings;
    // For the record: every finding by impact, and which rules.
    console.log(`axe ${page.viewportSize()?.width}px ${scene.name}: ${findings.length} critical/serious/moderate, ${all.length - findings.length} minor [${all.map((f) => `${f.id}:${f.impact}${process.env.AXE_TARGETS ? `@${f.targets.join('|')}` : ''}`).join(' ')}]`);
  }
  return found;
}

describe('axe: no critical, serious or moderate violation', () => {
  for (const w of WIDTHS) {
    it(`on every guest screen and state at ${w.name} width`, async () => {
      await newPage(w);
      const found = await sweep(guestScenes(await stockedProduct()));
      expect(found).toEqual({});
    }, 240_000);

    it(`on the customer's and the admin's screens at ${w.name} width`, async () => {
      await newPage(w);
      const customer = await sweep(customerScenes());
      await context.close();
      await newPage(w);
      const admin = await sweep(adminScenes());
      expect({ ...customer, ...admin }).toEqual({});
    }, 240_000);
  }
});

/** What has keyboard focus: never <body> after an action that changes the page under it. */
const focused = () => page.evaluate(() => {
  const el = document.activeElement;
  return el === null || el === document.body ? 'BODY' : `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}: ${(el.textContent ?? '').trim().slice(0, 40)}`;
});

describe('keyboard focus', () => {
  for (const w of WIDTHS) {
    it(`stays on the page through add to cart, the cart panel, both checkout steps and paying (${w.name})`, async () => {
      await newPage(w);
      const product = await stockedProduct();
      await visit(`/products/${product.id}`, () => heading(product.title));
      const add = page.locator('main').getByRole('button', { name: 'Add to Cart' }).first();
      await add.focus();
      await page.keyboard.press('Enter');
      await page.getByText(`${product.title} has been added to your cart`).first().waitFor(SLOW);
      expect(await focused()).toMatch(/^button: Add to Cart/);

      await page.locator('header [data-cart-count]').first().click();
      const proceed = page.getByRole('dialog', { name: /cart/i }).getByRole('button', { name: 'Proceed to Checkout' });
      await proceed.focus();
      await page.keyboard.press('Enter');
      await page.getByLabel(/pick ?up/i).first().waitFor(SLOW);
      await page.waitForTimeout(100); // the frame after the panel gave focus back to its trigger
      expect(await focused()).toBe('h1: Checkout');

      const email = page.getByLabel(/e-?mail/i).first();
      // The details form shows once the page knows who is buying (guest or customer): wait for it, then
      // ask whether it wants an e-mail address (a guest's does).
      await page.getByRole('button', { name: 'Continue to Payment' }).waitFor({ timeout: 15000 });
      if (await email.isVisible()) await email.fill('focus.buyer@example.com');
      await page.getByLabel(/pick ?up/i).first().check();
      await page.getByRole('button', { name: /Continue to payment/i }).focus();
      await page.keyboard.press('Enter');
      await page.getByLabel(/card number/i).waitFor(SLOW);
      expect(await focused()).toBe('h2: Payment');

      await fillCard(page);
      await page.getByRole('button', { name: 'Complete Purchase' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Payment Successful').first().waitFor(SLOW);
      expect(await focused()).not.toBe('BODY');
    }, 120_000);
  }
});
