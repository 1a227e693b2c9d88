// Checkout with Stripe configured, in real Chromium: the shop's own Content-Security-Policy must let
// Stripe.js, its Payment Element frames and its API in (it blocked all three). This machine has no
// route to Stripe, so the browser's requests to Stripe's origins are answered locally (page.route);
// the CSP is enforced before any request leaves, so what the page may load is exactly what is tested.
// The cart's calls to Stripe's API go to the local stand-in the cart's own tests use.
import type { Product, ProductList } from '@pl/contracts';
import { startFakeStripe, type FakeStripe } from '../../services/cart/test/fake-stripe-server.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startShopAndBrowser, type TestShop } from '../support/shop.js';

let stripe: FakeStripe;
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  stripe = await startFakeStripe();
  [shop, browser] = await startShopAndBrowser({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake_for_the_csp_test',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_for_the_csp_test',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake_for_the_csp_test',
      STRIPE_API_HOST: stripe.api.host,
      STRIPE_API_PORT: String(stripe.api.port),
      STRIPE_API_PROTOCOL: stripe.api.protocol,
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await stripe?.close();
});

let context: BrowserContext;
afterEach(() => context?.close());

const STRIPE_ORIGINS = /^https:\/\/([a-z0-9-]+\.)*(js\.stripe\.com|hooks\.stripe\.com|api\.stripe\.com)/;

/** A page that records every CSP violation and answers Stripe's origins locally. */
async function checkoutPage(): Promise<{ page: Page; violations: Array<{ blockedURI: string; directive: string }>; stripeRequests: string[] }> {
  context = await browser.newContext();
  const violations: Array<{ blockedURI: string; directive: string }> = [];
  const stripeRequests: string[] = [];
  await context.exposeBinding('__cspViolation', (_source, v: { blockedURI: string; directive: string }) => void violations.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: unknown): void }).__cspViolation({ blockedURI: e.blockedURI, directive: e.effectiveDirective });
    });
  });
  await context.route(STRIPE_ORIGINS, (route) => {
    stripeRequests.push(route.request().url());
    const url = route.request().url();
    // Stripe.js itself: a stand-in that only says it ran (no card network here).
    if (/js\.stripe\.com\/v\d|js\.stripe\.com\/[a-z]+\/stripe\.js/.test(url)) return route.fulfill({ contentType: 'text/javascript', body: 'window.__stripeJsRan = true;' });
    return route.fulfill({ contentType: url.includes('api.stripe.com') ? 'application/json' : 'text/html', body: url.includes('api.stripe.com') ? '{}' : '<!doctype html><title>stripe frame</title>' });
  });
  const page = await context.newPage();
  return { page, violations, stripeRequests };
}

async function productInStock(): Promise<Product> {
  const { data } = (await (await fetch(`${shop.url}/api/products?limit=100&inStock=true`)).json()) as ProductList;
  return data.find((p) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0]!.totalAvailable > 2)!;
}

describe('checkout with Stripe configured', () => {
  it("loads Stripe.js on the payment step, and the page may frame Stripe and call its API: no CSP violation for Stripe's origins", async () => {
    const { page, violations, stripeRequests } = await checkoutPage();
    const product = await productInStock();
    await page.goto(`${shop.url}/products/${product.id}`);
    await page.getByRole('heading', { name: product.title }).waitFor({ timeout: 20000 });
    await page.locator('main').getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByText(`${product.title} has been added to your cart`).first().waitFor({ timeout: 10000 });

    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('heading', { name: /Checkout/i }).first().waitFor({ timeout: 20000 });
    const email = page.getByLabel(/e-?mail/i).first();
    // The details form shows once the page knows who is buying (guest or customer): wait for it, then
    // ask whether it wants an e-mail address (a guest's does).
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor({ timeout: 15000 });
    if (await email.isVisible()) await email.fill('stripe.buyer@example.com');
    await page.getByLabel(/pick ?up/i).first().check();
    await page.getByRole('button', { name: /Continue to payment|Continue/i }).first().click();

    // The server chose Stripe (a PaymentIntent on the stand-in), so the page loads Stripe.js.
    await page.waitForFunction(() => (window as unknown as { __stripeJsRan?: boolean }).__stripeJsRan === true, undefined, { timeout: 20000 });
    expect(stripe.calls.some((c) => c.method === 'POST' && c.path === '/v1/payment_intents')).toBe(true);

    // What the Payment Element does next, done by hand: its frames and its API calls.
    await page.evaluate(async () => {
      for (const src of ['https://js.stripe.com/v3/elements-inner-card.html', 'https://hooks.stripe.com/3d_secure_2/hosted']) {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.append(frame);
        await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      }
      await fetch('https://api.stripe.com/v1/payment_intents/pi_x/confirm', { method: 'POST' }).catch(() => undefined);
    });

    expect(stripeRequests.filter((u) => u.includes('api.stripe.com'))).toHaveLength(1);
    expect(stripeRequests.filter((u) => u.includes('hooks.stripe.com'))).toHaveLength(1);
    expect(violations.filter((v) => STRIPE_ORIGINS.test(v.blockedURI))).toEqual([]);
  });

  it('still refuses what Stripe does not need (another origin in a frame)', async () => {
    const { page, violations } = await checkoutPage();
    await page.goto(`${shop.url}/`);
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://evil.example/';
      document.body.append(frame);
    });
    const refused = () => violations.some((v) => v.blockedURI.startsWith('https://evil.example') && v.directive === 'frame-src');
    for (let waited = 0; !refused() && waited < 5000; waited += 100) await page.waitForTimeout(100);
    expect(refused()).toBe(true);
  });
});
