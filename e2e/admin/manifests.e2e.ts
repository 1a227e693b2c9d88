// Issue 30 end to end, in real Chromium against the whole shop: an admin receives a lot from its
// supplier's manifest, 200 rows of mixed quality saved by a spreadsheet on Windows. The page says
// which encoding it read, shows the first rows under the columns it matched, checks every row (three
// refused, each named by row and column), imports in the background with its progress, and lists the
// refused rows after. The same file uploaded again is the same manifest: nothing is created twice.
// axe finds nothing serious at 375 and 1280 px, and focus never drops to body.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { ApiPaths, ManifestDetail } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { apiFrom, orderFlows, shot, waitUntil } from '../support/orders.js';
import { SLOW } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser({ referencePos: true });
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const { adminPage, newPage } = orderFlows(ctx);

const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

/** A B-Stock style manifest of 200 rows: 197 good ones, a quantity in words, an empty MSRP, a grade nobody knows. */
function manifestOf200(tag: string): Buffer {
  const lines = ['Item #,Description,Brand,Dept,Qty,MSRP,Unit Cost,Condition,Notes'];
  for (let i = 1; i <= 200; i++) {
    const qty = i === 37 ? 'two' : String((i % 3) + 1);
    const msrp = i === 101 ? '' : `$${(40 + i).toFixed(2)}`;
    const grade = i === 150 ? 'Mint-ish' : i % 2 ? 'Customer Return' : 'New';
    lines.push(`${tag}-${i},"Café Espresso Machine ${i}, 15 bar",Breville,Home & Garden,${qty},${msrp},${(10 + (i % 20)).toFixed(2)},${grade},“Box dented”`);
  }
  return iconv.encode(lines.join('\r\n') + '\r\n', 'win1252');
}

async function axeClean(page: Page, what: string) {
  const found = blocking(await axeViolations(page));
  expect({ what, width: page.viewportSize()!.width, found }).toEqual({ what, width: page.viewportSize()!.width, found: [] });
}

it('an admin uploads a 200-row manifest, checks every row, imports it, and the same file again creates nothing', async () => {
  const tag = `MF${randomUUID().slice(0, 6).toUpperCase()}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-manifest-'));
  const file = path.join(dir, `lot-${tag}.csv`);
  writeFileSync(file, manifestOf200(tag));
  try {
    const admin = await adminPage(PHONE);
    // The store's POS, as its admin set it up: the manifest's items go there too.
    expect((await apiFrom(admin, 'POST', ApiPaths.pos.config, { posUrl: ctx.shop.pos!.url, apiKey: ctx.shop.pos!.apiKey })).status).toBe(200);
    await admin.goto(`${ctx.shop.url}/admin`);
    await admin.getByRole('link', { name: 'Manifests' }).click();
    await admin.getByRole('heading', { name: 'Manifests', level: 1 }).waitFor(SLOW);
    await axeClean(admin, 'manifests');
    await admin.getByLabel(/CSV file/).setInputFiles(file);
    await admin.getByRole('button', { name: 'Upload and read' }).click();

    await admin.getByRole('heading', { name: `lot-${tag}.csv`, level: 1 }).waitFor(SLOW);
    await expect(admin.locator('main .adm-order-facts').innerText()).resolves.toMatch(/200 rows · .* KB · read as Windows-1252/);
    // The columns it matched, under the first rows as the file has them (“…” read as Windows-1252).
    await expect(admin.getByLabel('SKU / UPC / item number (required)').inputValue()).resolves.toBe('0');
    await expect(admin.getByLabel('Retail (MSRP)').inputValue()).resolves.toBe('5');
    await expect(admin.getByRole('group', { name: 'The first rows of the file' }).innerText()).resolves.toContain('“Box dented”');
    await admin.getByLabel('Price, as a percent of retail').fill('50');
    await shot(admin, 'manifest-mapping');
    await axeClean(admin, 'manifest mapping');

    await admin.getByRole('button', { name: 'Check every row' }).click();
    const summary = admin.getByLabel('What the import will do');
    await summary.waitFor(SLOW);
    expect(await focusIsOnBody(admin)).toBe(false);
    await expect(summary.innerText()).resolves.toContain('197 listings to create as drafts, 0 listings to add stock to, 3 rows refused.');
    const problems = await admin.locator('main .adm-manifest-problems li').allInnerTexts();
    expect(problems).toEqual(['row 38: Qty "two" is not a number', 'row 102: MSRP is empty, and a new listing needs a retail price', 'row 151: Condition "Mint-ish" is not a grade the shop knows']);
    await shot(admin, 'manifest-dry-run');
    await axeClean(admin, 'manifest dry run');

    await admin.getByRole('button', { name: 'Import 197 rows' }).click();
    const status = admin.locator('main [data-manifest-status]');
    await waitUntil(async () => (await status.getAttribute('data-manifest-status')) === 'imported', 'the import to end', 60_000);
    await expect(status.innerText()).resolves.toMatch(/Created 197 draft listings, added units to 0 listings, refused 3 rows; 395 units received\./);
    const refused = admin.getByRole('region', { name: 'Rows refused (3)' }).locator('li');
    await refused.nth(2).waitFor(SLOW);
    await expect(refused.allInnerTexts()).resolves.toEqual(problems);
    expect(await focusIsOnBody(admin)).toBe(false);
    await shot(admin, 'manifest-imported');
    await axeClean(admin, 'manifest imported');

    const id = admin.url().split('/').pop()!;
    const detail = ManifestDetail.parse(await admin.evaluate(async (url) => (await fetch(url)).json(), ApiPaths.catalog.manifest(id)));
    expect(detail).toMatchObject({ status: 'imported', created: 197, refused: 3, rowsDone: 200 });

    // The POS has the new items too: its back office lists them (pos-sync created them from the manifest).
    const pos = ctx.shop.pos!;
    const office = await newPage(DESKTOP);
    await office.goto(pos.url);
    await office.getByLabel('API key').fill(pos.apiKey);
    await office.getByRole('button', { name: 'Open' }).click();
    await waitUntil(
      async () => {
        await office.getByRole('button', { name: 'Reload' }).click();
        await office.getByLabel('Filter').fill(`${tag}-2`);
        return (await office.locator('#rows').innerText()).includes(`${tag}-2`);
      },
      'the POS back office to list the manifest’s items',
      60_000,
    ).catch(async (err: unknown) => {
      const status = await admin.evaluate(async (url) => (await fetch(url)).json(), ApiPaths.pos.status);
      throw new Error(`${String(err)}; POS sync status: ${JSON.stringify(status)}`);
    });
    await expect(office.locator('#rows').innerText()).resolves.toContain('Café Espresso Machine 2, 15 bar');
    await shot(office, 'pos-back-office-manifest');

    // The drafts wait at the intake desk; one is started, inspected there, and published.
    await admin.getByRole('link', { name: 'Drafts at the intake desk' }).click();
    const waiting = admin.getByRole('region', { name: /^From manifests, waiting for intake \(\d+\)$/ });
    await waiting.waitFor(SLOW);
    await axeClean(admin, 'intake desk drafts');
    await shot(admin, 'intake-drafts-waiting');
    const title = 'Café Espresso Machine 2, 15 bar';
    // Shoppers see none of the 197 drafts.
    const espressoMachines = async () =>
      (await fetch(`${ctx.shop.url}/api/products?q=${encodeURIComponent('Espresso Machine')}&limit=100`).then((r) => r.json() as Promise<{ data: Array<{ id: string; title: string }> }>)).data.filter((p) =>
        /^Café Espresso Machine \d+, 15 bar$/.test(p.title),
      );
    expect(await espressoMachines()).toEqual([]);
    await waiting.getByRole('button', { name: `Start intake: ${title} (${tag}-2)` }).click();
    await admin.getByRole('heading', { name: title, level: 1 }).waitFor(SLOW);
    await admin.getByRole('heading', { name: 'Draft — not shown to shoppers', level: 2 }).waitFor(SLOW);
    expect(await focusIsOnBody(admin)).toBe(false);
    await admin.getByRole('button', { name: 'Publish…' }).click();
    await admin.getByRole('dialog', { name: `Publish ${title}?` }).getByRole('button', { name: 'Publish now' }).click();
    await admin.getByRole('heading', { name: 'Draft — not shown to shoppers' }).waitFor({ state: 'detached', ...SLOW });
    expect(await focusIsOnBody(admin)).toBe(false);
    const productId = await admin.locator('main [data-product-id]').getAttribute('data-product-id');
    const onSale = await fetch(`${ctx.shop.url}/api/products/${productId}`);
    expect(onSale.status).toBe(200);
    expect((await espressoMachines()).map((p) => p.id)).toEqual([productId]);

    // The audit log shows each step with the admin's name.
    await admin.goto(`${ctx.shop.url}/admin/audit`);
    await waitUntil(
      async () => {
        const text = await admin.locator('main').innerText();
        return ['Manifest uploaded', 'Manifest import started', 'Draft intake started', 'Listing published'].every((a) => text.includes(a)) || (await admin.reload().then(() => false));
      },
      'the audit log to show the manifest’s steps',
      30_000,
    );
    await expect(admin.locator('main').innerText()).resolves.toContain('Ada');
    await shot(admin, 'audit-manifest');
    await axeClean(admin, 'audit log');

    // The same file again: the same manifest, nothing new.
    const desktop = await adminPage(DESKTOP);
    await desktop.goto(`${ctx.shop.url}/admin/manifests`);
    await desktop.getByLabel(/CSV file/).setInputFiles(file);
    await desktop.getByRole('button', { name: 'Upload and read' }).click();
    await desktop.getByText('This file was uploaded before').waitFor(SLOW);
    await desktop.getByRole('heading', { name: `lot-${tag}.csv`, level: 1 }).waitFor(SLOW);
    expect(desktop.url().split('/').pop()).toBe(id);
    await shot(desktop, 'manifest-imported');
    await axeClean(desktop, 'manifest imported');
    await desktop.goto(`${ctx.shop.url}/admin/manifests`);
    await desktop.getByRole('link', { name: `lot-${tag}.csv` }).waitFor(SLOW);
    expect(await desktop.getByRole('link', { name: `lot-${tag}.csv` }).count()).toBe(1);
    await shot(desktop, 'manifests');
    await axeClean(desktop, 'manifests');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
