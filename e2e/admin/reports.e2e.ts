// Issue 30's reports end to end, in real Chromium against the whole shop: an admin opens the reports
// from the dashboard, a guest buys through the real checkout, and the charts and their tables show
// that sale; the orders and inventory CSV files download, the sale in one and the product in the
// other. axe finds nothing serious at 375 and 1280 px, and focus never drops to the body.
// Screenshots under VISUAL_SHOTS_DIR.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { ApiPaths, InventoryValueReport, SalesPerDayReport } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { orderFlows, shot } from '../support/orders.js';
import { SLOW, WIDTHS } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
const { newPage, stockedProduct, guestBuys, adminPage } = orderFlows(ctx);

const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);
const money = (decimal: string) => `$${decimal.replace(/\B(?=(\d{3})+\.)/g, ',')}`;

/** A report as the page asks for it (the page's own range: the last 30 days, in the browser's zone; none for what is on hand now). */
async function reportFrom<T>(page: Page, path: string, schema: { parse(v: unknown): T }, ranged = true): Promise<T> {
  const body = await page.evaluate(async ({ path, ranged }) => {
    if (!ranged) return (await fetch(path, { credentials: 'include' })).json();
    const at = new Date();
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const range = new URLSearchParams({ from: day(new Date(at.getTime() - 29 * 86_400_000)), to: day(at), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    return (await fetch(`${path}?${range}`, { credentials: 'include' })).json();
  }, { path, ranged });
  return schema.parse(body);
}

/** Every chart drawn: a canvas with a size and something painted on it. */
async function chartsDrawn(page: Page, expected: number): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>('main .adm-chart canvas')];
      return (
        canvases.length === expected &&
        canvases.every((c) => {
          if (c.width === 0 || c.height === 0) return false;
          const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
          return false;
        })
      );
    },
    expected,
    SLOW,
  );
}

describe('reports', () => {
  it('shows a purchase in the charts and their tables, and downloads both CSV files', async () => {
    const admin = await adminPage(WIDTHS[0]);
    await admin.goto(`${ctx.shop.url}/admin`);
    await admin.getByRole('link', { name: 'Reports' }).click();
    await admin.getByRole('heading', { name: 'Reports', level: 1 }).waitFor(SLOW);
    const before = await reportFrom(admin, ApiPaths.cart.salesReport, SalesPerDayReport);

    const shopper = await newPage();
    const product = await stockedProduct();
    const number = await guestBuys(shopper, `reports.${Date.now().toString(36)}@example.com`, 'pickup', [product]);

    const after = await reportFrom(admin, ApiPaths.cart.salesReport, SalesPerDayReport);
    expect(after.totals.orders).toBe(before.totals.orders + 1);
    const today = after.days.at(-1)!;
    await admin.getByRole('button', { name: 'Show reports' }).click();
    const sales = admin.getByRole('region', { name: 'Sales per day' });
    await sales.getByText(`${money(after.totals.sales)} from ${after.totals.orders} order`).waitFor(SLOW);
    expect(await focusIsOnBody(admin)).toBe(false);
    await chartsDrawn(admin, 5);
    expect(await sales.getByRole('img').getAttribute('aria-label')).toContain(`Bar chart of sales per day. ${money(after.totals.sales)}`);
    // The figures as a table: today's row has the order just placed.
    await sales.getByText('Figures as a table').click();
    const todayRow = sales.getByRole('row').last();
    expect(await todayRow.getByRole('cell').allInnerTexts()).toEqual([String(today.orders), String(today.units), money(today.sales), String(today.testOrders)]);
    // What is on hand, in the same words as the report.
    const value = await reportFrom(admin, ApiPaths.catalog.inventoryValueReport, InventoryValueReport, false);
    await admin.getByRole('region', { name: 'Inventory value by age' }).getByText(`${value.totals.units} units on hand: ${money(value.totals.cost)} at cost`).waitFor();
    expect(blocking(await axeViolations(admin))).toEqual([]);
    await shot(admin, 'reports');

    const orders = await download(admin, 'Download orders (CSV)');
    expect(orders.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(orders.text.split('\n')[0]).toBe('\ufeffOrder,Placed at,Status,Customer,E-mail,Fulfilment,Pickup location,Ship to,Items,Units,Subtotal,Tax,Shipping,Total,Test order');
    expect(orders.text).toContain(`${number},`);
    const inventory = await download(admin, 'Download inventory (CSV)');
    expect(inventory.name).toMatch(/^inventory-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(inventory.text).toContain(`\n${product.variants[0]!.sku},`);
    expect(await focusIsOnBody(admin)).toBe(false);
  }, 180_000);

  it('reads well on a phone: axe, a range the form refuses, focus kept', async () => {
    const admin = await adminPage(WIDTHS[1]);
    await admin.goto(`${ctx.shop.url}/admin/reports`);
    await admin.getByRole('heading', { name: 'Reports', level: 1 }).waitFor(SLOW);
    await chartsDrawn(admin, 5);
    expect(blocking(await axeViolations(admin))).toEqual([]);
    await shot(admin, 'reports');

    await admin.getByLabel('From', { exact: true }).fill('2026-05-02');
    await admin.getByLabel('To', { exact: true }).fill('2026-05-01');
    await admin.getByRole('button', { name: 'Show reports' }).click();
    await admin.getByText('The first day must not be after the last day.').waitFor();
    expect(await admin.evaluate(() => document.activeElement?.id)).toBe('adm-report-from');
    await admin.getByLabel('From', { exact: true }).fill('2026-04-01');
    await admin.getByRole('button', { name: 'Show reports' }).click();
    await admin.waitForURL(/\/admin\/reports\?from=2026-04-01&to=2026-05-01$/);
    await admin.getByText('How the shop is selling, Apr 1, 2026 to May 1, 2026.').waitFor();
    expect(await focusIsOnBody(admin)).toBe(false);
    expect(blocking(await axeViolations(admin))).toEqual([]);
  }, 120_000);
});

/** Clicks a download link and answers the file's name and text. */
async function download(page: Page, name: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}
