// Issue 30's audit log end to end, in real Chromium against the whole shop and the reference POS:
// the demo admin (Ada Admin) saves the POS settings and inspects a listing; each change goes from
// the service's own trail through its outbox and NATS to pos-sync's merged log, and the admin finds
// both at /admin/audit (reached from the dashboard) under their name, filters by who and what, and
// loads an older page. axe finds nothing serious at 375 and 1280 px; focus never drops to body.
import type { Page } from 'playwright-core';
import { ApiPaths, AUDIT_PAGE_SIZE, AuditPage, ProductList } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { apiFrom, orderFlows, shot, waitUntil } from '../support/orders.js';
import { SLOW } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser({ referencePos: true });
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const ADMIN_NAME = 'Ada Admin';

const { adminPage } = orderFlows(ctx);

const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

async function expectNoBlockingAxe(page: Page, what: string): Promise<void> {
  const found = blocking(await axeViolations(page));
  expect([what, found]).toEqual([what, []]);
}

const auditLog = async (page: Page, query = '') => AuditPage.parse((await apiFrom(page, 'GET', `${ApiPaths.pos.audit}?limit=200${query}`)).body);

it("an admin's inspection and POS settings appear in the audit log with the admin's name, filtered and paged", async () => {
  const admin = await adminPage(DESKTOP);
  expect((await apiFrom(admin, 'POST', ApiPaths.pos.config, { posUrl: ctx.shop.pos!.url, apiKey: ctx.shop.pos!.apiKey })).status).toBe(200);
  const product = ProductList.parse(await (await fetch(`${ctx.shop.url}/api/products?limit=1`)).json()).data[0]!;
  // More inspections than a page holds, so the log has an older page to load; the last one is the one to find.
  const inspections = AUDIT_PAGE_SIZE + 1;
  for (let i = 1; i <= inspections; i++) {
    const res = await apiFrom(admin, 'POST', ApiPaths.catalog.inspections(product.id), { answers: {}, grade: 'USED', notes: `Round ${i}` });
    expect(res.status).toBe(201);
  }
  // The merged log is fed by events: wait for every entry to arrive before opening the page.
  await waitUntil(async () => (await auditLog(admin, '&action=inspection.')).entries.length >= inspections, 'the inspections to reach the audit log', 60_000);
  await waitUntil(async () => (await auditLog(admin, '&action=pos-settings.')).entries.length >= 1, 'the POS settings to reach the audit log');

  // From the dashboard to the log.
  await admin.goto(`${ctx.shop.url}/admin`);
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await admin.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor(SLOW);
  const table = admin.getByRole('group', { name: 'Audit log table' });
  await table.waitFor(SLOW);
  const newest = table.locator('tbody tr').first();
  await expect(newest.innerText()).resolves.toMatch(new RegExp(`${ADMIN_NAME}[\\s\\S]*Inspection saved[\\s\\S]*${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*notes: Round ${inspections - 1} → Round ${inspections}`));
  await expectNoBlockingAxe(admin, 'audit log at 1280');
  await shot(admin, 'audit-log');

  // What: the POS settings, saved by Ada, with the URL and never the key.
  await admin.getByLabel('What').selectOption({ label: 'POS settings' });
  await waitUntil(async () => (await table.locator('tbody tr').count()) === 1 && (await table.locator('tbody tr').first().innerText()).includes('POS settings saved'), 'the log to show the POS settings only');
  const settingsRow = await table.locator('tbody tr').first().innerText();
  expect(settingsRow).toContain(ADMIN_NAME);
  expect(settingsRow).toContain(ctx.shop.pos!.url);
  expect(settingsRow).not.toContain(ctx.shop.pos!.apiKey);
  expect(await focusIsOnBody(admin)).toBe(false);

  // Who: nobody of that name did anything; then Ada did everything shown.
  const who = admin.getByRole('search', { name: 'Audit log' }).getByLabel('Who');
  await who.fill('Nobody by that name');
  await who.press('Enter');
  await admin.getByText('No admin actions match these filters.').waitFor(SLOW);
  await who.fill('ada');
  await who.press('Enter');
  await admin.getByRole('button', { name: 'Clear filters' }).waitFor(SLOW);
  await waitUntil(async () => (await table.locator('tbody tr').count()) === 1, 'the POS settings to be listed again for Ada');
  await admin.getByRole('button', { name: 'Clear filters' }).click();
  expect(await focusIsOnBody(admin)).toBe(false);

  // Every action, a page at a time: Load more brings the older ones, focus on the first of them.
  await waitUntil(async () => (await table.locator('tbody tr').count()) === AUDIT_PAGE_SIZE, 'the first page');
  await admin.getByRole('button', { name: 'Load more' }).click();
  await waitUntil(async () => (await table.locator('tbody tr').count()) > AUDIT_PAGE_SIZE, 'the next page');
  expect(await focusIsOnBody(admin)).toBe(false);
  expect(await admin.evaluate(() => document.activeElement?.closest('tr')?.hasAttribute('data-audit-row') ?? false)).toBe(true);

  // On a phone: the same log, nothing wider than the screen but the table's own scroller.
  await admin.setViewportSize(PHONE);
  await admin.reload();
  await admin.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor(SLOW);
  await table.waitFor(SLOW);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoBlockingAxe(admin, 'audit log at 375');
  await shot(admin, 'audit-log');
  await admin.getByLabel('What').focus();
  await admin.keyboard.press('Tab');
  expect(await focusIsOnBody(admin)).toBe(false);

  // The log is read-only: there is no route to change or remove an entry.
  const entry = (await auditLog(admin)).entries[0]!;
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    expect((await apiFrom(admin, method, `${ApiPaths.pos.audit}/${entry.id}`)).status).toBe(404);
  }
});
