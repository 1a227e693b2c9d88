// The cart team's pieces in real Chromium against the whole shop: add to cart from the products
// and detail pages, the header badge, the side panel (lines, 8% tax, 'Free' shipping, countdown,
// remove), a unique item held for one shopper and released for another live, and a full purchase
// with the built-in test card (success and decline) whose confirmation page is linked after paying
// and from order history.
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import type { Product, ProductList } from '@pl/contracts';
import { addFromProductPage, fillCard } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

/** A fresh shopper: own browser context, so own cookies (own guest session and cart). */
async function shopper(): Promise<Page> {
  const context = await ctx.browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function products(query: string): Promise<Product[]> {
  const res = await fetch(`${ctx.shop.url}/api/products?limit=100&${query}`);
  return ((await res.json()) as ProductList).data;
}
const available = (p: Product) =>
  p.variants.reduce((sum, v) => sum + v.inventoryLevels.reduce((s, l) => s + Math.max(0, l.onHand - l.reserved), 0), 0);

const cardOf = (page: Page, title: string) => page.locator('main [data-product-card]').filter({ has: page.locator('[data-product-title]', { hasText: title }) }).first();
const cartButton = (page: Page) => page.locator('header').getByRole('button', { name: /cart/i }).first();
const panel = (page: Page) => page.getByRole('dialog', { name: /cart/i });

const addFromDetail = (page: Page, product: Product) => addFromProductPage(page, ctx.shop.url, product);

describe('adding to the cart', () => {
  it('adds with one request: the answer is the cart the page shows, with no read of the cart after it', async () => {
    const page = await shopper();
    const [first, item] = (await products('inStock=true')).filter((p) => !p.oneOfAKind && available(p) > 5 && p.variants.length === 1).slice(-2);
    // The first add starts the guest session (the websocket then re-identifies and asks for the cart again, on purpose).
    await addFromDetail(page, first!);
    await page.goto(`${ctx.shop.url}/products/${item!.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: item!.title }).waitFor({ timeout: 20000 });
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/cart')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.locator('main').getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByText(`${item!.title} has been added to your cart`).first().waitFor({ timeout: 20000 });
    await cartButton(page).getByText('2').waitFor({ timeout: 10000 });
    await page.waitForTimeout(1500); // a refetch the add set off would have gone by now
    expect(calls).toEqual(['POST /api/cart/lines']);
  });

  it('adds from the products page and the detail page, counts the badge and shows the lines with totals', async () => {
    const page = await shopper();
    const stocked = (await products('inStock=true')).filter((p) => !p.oneOfAKind && available(p) > 5 && p.variants.length === 1);
    const [first, second] = stocked;
    await page.goto(`${ctx.shop.url}/products`);
    const card = cardOf(page, first!.title);
    await card.waitFor({ timeout: 15000 });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to cart').first().waitFor({ timeout: 10000 });
    await page.getByText(`${first!.title} has been added to your cart`).first().waitFor();
    await addFromDetail(page, second!);
    await cartButton(page).getByText('2').waitFor({ timeout: 10000 });

    await cartButton(page).click();
    const p = panel(page);
    await p.waitFor();
    await p.getByText(first!.title).first().waitFor();
    await p.getByText(second!.title).first().waitFor();
    await p.getByText('Free').first().waitFor();
    const cart = await page.evaluate(async () => (await fetch('/api/cart', { credentials: 'include' })).json());
    const cents = (s: string) => Math.round(Number(s) * 100);
    expect(cents(cart.tax)).toBe(Math.round((cents(cart.subtotal) * 8) / 100));
    await p.getByText(`$${cart.total}`).first().waitFor();
    await p.getByText('Items are reserved. Complete checkout within the time limit to secure your purchase.').waitFor();

    for (const title of [first!.title, second!.title]) {
      await p.locator('li').filter({ hasText: title }).getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Item has been removed from your cart').first().waitFor({ timeout: 10000 });
    }
    await p.getByText('Your cart is empty').waitFor({ timeout: 10000 });
  });
});

describe('one-of-a-kind items', () => {
  it("holds the item for 10 minutes with a live countdown ('In your cart' to the holder), shows it reserved by another shopper to the rest, and releases it live", async () => {
    const unique = (await products('inStock=true')).find((p) => p.oneOfAKind && available(p) === 1)!;
    const alice = await shopper();
    const bob = await shopper();
    await bob.goto(`${ctx.shop.url}/products/${unique.id}`);
    await bob.getByRole('heading', { name: unique.title }).waitFor({ timeout: 15000 });
    await bob.locator('main').getByRole('button', { name: 'Add to Cart' }).first().waitFor();

    // The stock update that the add causes reaches the pages over the websocket, racing the add's
    // own answer (and the read of the cart that the cart's own live update sets off). When it won,
    // the holder's page read the item as reserved by another shopper while adding, and the button was
    // built anew, dropping keyboard focus to <body> (a failure seen in CI, now and then). Here the
    // cart's answers are held until the update has arrived, so that order is tested always.
    let reservedShownToHolder = false;
    const cartCalls = (url: URL) => url.pathname.startsWith('/api/cart');
    let stockUpdateArrived: Promise<void> | undefined;
    await alice.route(cartCalls, async (route) => {
      const answer = await route.fetch();
      if (route.request().method() === 'POST') {
        stockUpdateArrived = bob.locator('main').getByRole('button', { name: 'Sold Out' }).first().waitFor({ timeout: 10000 })
          .then(() => alice.waitForTimeout(500))
          .then(async () => {
            reservedShownToHolder = (await alice.getByText('Reserved by another shopper', { exact: false }).count()) > 0;
          });
      }
      if (stockUpdateArrived) await stockUpdateArrived;
      await route.fulfill({ response: answer });
    });
    await addFromDetail(alice, unique);
    // A read of the cart may still be held (the realtime connection's resync asks for it too): it is
    // answered before the route goes. Without waiting, its handler answered a request Playwright had
    // already let through ('Route is already handled!', seen in CI once pages came rendered from the server).
    await alice.unrouteAll({ behavior: 'wait' });
    expect(reservedShownToHolder).toBe(false);
    await alice.getByText('(Reserved for 10 minutes)', { exact: false }).first().waitFor();
    // The holder never reads 'Sold Out' on their own item: the button says it is in their cart, counting down.
    const held = alice.locator('main').getByRole('button', { name: /^In your cart · (09:[0-5][0-9]|10:00) left$/ }).first();
    await held.waitFor({ timeout: 10000 });
    expect(await alice.locator('main').getByRole('button', { name: 'Sold Out' }).count()).toBe(0);
    // Keyboard focus stayed on that button through the add (it is never disabled while adding).
    expect(await alice.evaluate(() => `${document.activeElement?.tagName}.${document.activeElement?.className}`)).toMatch(/cc-add-to-cart/);
    await held.click();
    await panel(alice).getByText(unique.title).first().waitFor({ timeout: 10000 });
    await alice.keyboard.press('Escape');
    await cartButton(alice).click();
    const countdown = panel(alice).getByText(/\b[0-9]{1,2}:[0-5][0-9]\b/).first();
    await countdown.waitFor({ timeout: 10000 });
    const before = await countdown.innerText();
    await alice.waitForTimeout(2100);
    expect(await countdown.innerText()).not.toBe(before);

    // Bob's open page learns about the hold without a reload, and when the item may be back.
    await bob.locator('main').getByRole('button', { name: 'Sold Out' }).first().waitFor({ timeout: 10000 });
    await bob.locator('main').getByText(/^Reserved by another shopper\. It may be back on sale at \d{1,2}:\d{2}/).first().waitFor({ timeout: 10000 });
    await panel(alice).locator('li').filter({ hasText: unique.title }).getByRole('button', { name: 'Remove' }).click();
    await bob.locator('main').getByRole('button', { name: 'Add to Cart' }).first().waitFor({ timeout: 10000 });
  });
});

describe('the cart panel opened before it has arrived', () => {
  // The layout's parts (the cart panel among them) load after the page's first view. A holder who
  // pressed 'In your cart' before the panel's code had arrived lost the press: the panel was not yet
  // listening for the event the button sent.
  it("opens once it arrives when the holder pressed 'In your cart' meanwhile", async () => {
    const unique = (await products('inStock=true')).filter((p) => p.oneOfAKind && available(p) === 1).at(-1)!;
    const alice = await shopper();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await alice.route(/__federation_expose_CartPanel\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await addFromDetail(alice, unique);
    const held = alice.locator('main').getByRole('button', { name: /^In your cart · / }).first();
    await held.click();
    release();
    await panel(alice).getByText(unique.title).first().waitFor({ timeout: 10000 });
    await panel(alice).locator('li').filter({ hasText: unique.title }).getByRole('button', { name: 'Remove' }).click();
  });
});

describe("the cart panel's contents", () => {
  const content = /\/cart-panel-content\.[0-9a-f]+\.js$/;

  it('arrive when the panel first opens, not with the page', async () => {
    const page = await shopper();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (content.test(request.url())) asked.push(request.url());
    });
    await page.goto(`${ctx.shop.url}/`);
    await cartButton(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    await cartButton(page).click();
    await panel(page).getByText('Your cart is empty').waitFor({ timeout: 10000 });
    expect(asked).toHaveLength(1);
  });

  it('that fail to arrive say so, and Try again loads them', async () => {
    const page = await shopper();
    await page.route(content, (route) => route.abort('connectionreset'));
    await page.goto(`${ctx.shop.url}/`);
    await cartButton(page).click();
    await panel(page).getByRole('alert').getByText("We couldn't load your cart.").waitFor({ timeout: 10000 });
    // The panel is still a dialog the keyboard can leave and come back to.
    await expect(panel(page).getByRole('button', { name: 'Close' }).isVisible()).resolves.toBe(true);

    await page.unrouteAll({ behavior: 'wait' });
    await panel(page).getByRole('button', { name: 'Try again' }).click();
    await panel(page).getByText('Your cart is empty').waitFor({ timeout: 10000 });
    await expect(panel(page).getByRole('alert').count()).resolves.toBe(0);
  });
});

describe('checkout with the test card', () => {
  async function checkout(page: Page, cardNumber: string) {
    const product = (await products('inStock=true')).find((p) => !p.oneOfAKind && available(p) > 5 && p.variants.length === 1)!;
    await addFromDetail(page, product);
    await page.goto(`${ctx.shop.url}/checkout`);
    await page.getByRole('heading', { name: /Checkout/i }).first().waitFor({ timeout: 15000 });
    const email = page.getByLabel(/e-?mail/i).first();
    // The details form shows once the page knows who is buying (guest or customer): wait for it, then
    // ask whether it wants an e-mail address (a guest's does).
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor({ timeout: 15000 });
    if (await email.isVisible()) await email.fill('guest.buyer@example.com');
    await page.getByLabel(/pick ?up/i).first().check();
    await page.getByRole('button', { name: /Continue to payment|Continue/i }).first().click();
    await fillCard(page, cardNumber);
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    return product;
  }

  it('declines 4000 0000 0000 0002 with a Payment Failed toast and places no order; an unknown order page says not found', async () => {
    const page = await shopper();
    await checkout(page, '4000 0000 0000 0002');
    await page.getByText('Payment Failed').first().waitFor({ timeout: 15000 });
    const orders = await page.evaluate(async () => (await fetch('/api/orders', { credentials: 'include' })).json());
    expect(orders).toEqual([]);
    await page.goto(`${ctx.shop.url}/orders/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Order not found' }).waitFor({ timeout: 15000 });
  });

  it('pays with 4242 4242 4242 4242, thanks with a toast, links to the order page, and the order is in history', async () => {
    const page = await shopper();
    await page.goto(`${ctx.shop.url}/about`);
    const signedIn = await page.evaluate(async () =>
      (await fetch('/api/auth/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: 'shopper', password: 'shopper12345' }) })).status,
    );
    expect(signedIn).toBe(200);
    const product = await checkout(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/\?payment=success|\/$/, { timeout: 20000 });
    await page.getByText('Payment Successful').first().waitFor({ timeout: 15000 });
    await page.getByText('Thank you for your purchase!').first().waitFor();
    // The notice strips ?payment=success&order=<id> so a reload does not thank twice.
    await page.waitForURL((url) => !url.search.includes('payment') && !url.search.includes('order'), { timeout: 10000 });
    const orders = (await page.evaluate(async () => (await fetch('/api/orders', { credentials: 'include' })).json())) as Array<{ id: string; number: string; total: string; lines: Array<{ title: string }> }>;
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order.lines[0]!.title).toBe(product.title);
    const total = `$${Number(order.total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    // Where the shopper lands: the order's confirmation without a click (number, what happens next,
    // lines, total), holding the focus so a keyboard or screen reader starts there.
    const placed = page.locator(`[data-order-placed="${order.id}"]`);
    await placed.waitFor({ timeout: 15000 });
    expect(await placed.locator('[data-order-number]').innerText()).toBe(order.number);
    await placed.getByText(product.title).waitFor();
    await placed.getByText(/ready for pickup|delivery/).first().waitFor();
    expect(await placed.locator('[data-total]').innerText()).toBe(total);
    await page.waitForFunction(() => document.activeElement?.id === 'acc-placed-title');

    await page.getByRole('link', { name: 'View your order' }).click();
    await page.waitForURL(`${ctx.shop.url}/orders/${order.id}`);
    await page.getByRole('heading', { name: 'Order confirmed' }).waitFor({ timeout: 15000 });
    await page.locator('main').getByText(product.title).first().waitFor();
    expect(await page.locator('main [data-total]').innerText()).toBe(total);
    expect(await page.getByRole('link', { name: 'View your order' }).count()).toBe(0);

    await page.goto(`${ctx.shop.url}/account/orders`);
    await page.getByText(product.title).first().waitFor({ timeout: 15000 });
    await page.locator(`main tr[data-order-id="${order.id}"] a`).click();
    await page.waitForURL(`${ctx.shop.url}/orders/${order.id}`);
    await page.getByRole('heading', { name: 'Order confirmed' }).waitFor({ timeout: 15000 });
    expect(await page.locator('main [data-total]').innerText()).toBe(total);

    // Stripe's redirect names the payment (its payment_intent), not the order: the landing page finds
    // the order that payment made for this shopper and shows the same confirmation.
    const db = new pg.Client({ connectionString: ctx.shop.databaseUrl });
    await db.connect();
    const paymentId = await db
      .query<{ id: string }>('SELECT p.provider_payment_id AS id FROM cart.payments p JOIN cart.orders o ON o.payment_id = p.id WHERE o.id = $1', [order.id])
      .then((r) => r.rows[0]!.id)
      .finally(() => db.end());
    await page.goto(`${ctx.shop.url}/?payment=success&payment_intent=${paymentId}&payment_intent_client_secret=${paymentId}_secret_x&redirect_status=succeeded`);
    await page.locator(`[data-order-placed="${order.id}"] [data-order-number]`).waitFor({ timeout: 15000 });
    await page.waitForURL((url) => url.search === '', { timeout: 10000 });
  });
});
