// The toaster as spec §2/§9 describes it, driven through the documented contract: a `shop:toast`
// CustomEvent on window, exactly what remotes dispatch.
import type { Page } from 'playwright-core';
import { pausePageClock } from '../support/browser.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
let page: Page;

beforeEach(async () => {
  page = await ctx.browser.newPage();
  await page.clock.install();
  await page.goto(ctx.shop.url + '/about');
  await page.getByRole('heading', { name: /About/ }).first().waitFor();
  await pausePageClock(page);
});
afterEach(async () => {
  await page.close();
});

const raise = (detail: Record<string, unknown>) =>
  page.evaluate((d) => window.dispatchEvent(new CustomEvent('shop:toast', { detail: d })), detail);
const region = () => page.getByRole('region', { name: /Notifications/ });

describe('toaster', () => {
  it('shows one toast at a time: a new one replaces the old', async () => {
    await raise({ title: 'First toast', description: 'one' });
    await page.getByText('First toast').waitFor();
    await raise({ title: 'Second toast', description: 'two' });
    await page.getByText('Second toast').waitFor();
    await page.getByText('First toast').waitFor({ state: 'detached' });
    expect(await region().locator('li').count()).toBe(1);
  });

  it('dismisses itself after 5000 ms by default', async () => {
    await raise({ title: 'Auto toast' });
    await page.getByText('Auto toast').waitFor();
    await page.clock.runFor(4900);
    expect(await page.getByText('Auto toast').isVisible()).toBe(true);
    await page.clock.runFor(1500);
    await page.getByText('Auto toast').waitFor({ state: 'hidden' });
  });

  it('has a destructive variant', async () => {
    await raise({ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' });
    const toast = region().locator('li').filter({ hasText: 'Failed to add item to cart' });
    await toast.waitFor();
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
  });

  it('snaps back under a 50 px swipe and is dismissed by a swipe past 50 px', async () => {
    await raise({ title: 'Swipe me' });
    const toast = region().locator('li').filter({ hasText: 'Swipe me' });
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 20;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 40, y, { steps: 5 });
    await page.mouse.up();
    await page.clock.runFor(500);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 8 });
    await page.mouse.up();
    await page.clock.runFor(1000);
    await page.getByText('Swipe me').waitFor({ state: 'hidden' });
  });

  it('F8 focuses the notifications region', async () => {
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() => {
      const region = document.activeElement?.closest('[aria-label*="Notifications"]') ?? (document.activeElement?.getAttribute('aria-label')?.includes('Notifications') ? document.activeElement : null);
      return Boolean(region);
    });
    expect(focused).toBe(true);
  });
});
