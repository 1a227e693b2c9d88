// Issue 30's markdown screens end to end, in real Chromium against the whole shop (decision 052):
// the demo admin (Ada Admin) reaches /admin/markdowns from the dashboard, adds a rule with steps in
// its form (a bad step and a taken name refused beside their fields), sees the preview (the listing,
// its price now and after, why), runs it by hand (a 409 while another run holds the lock, then the
// run), and the shopper's open product page shows the new price and 'Price dropped $X on DATE'
// without a reload. The listing's price history at the desk shows the markdown (live, on a phone),
// the audit log shows the rule and the run under Ada's name, and the rule is edited and deleted.
// axe finds nothing serious at 375 and 1280 px; focus never drops to the body. Screenshots under
// VISUAL_SHOTS_DIR.
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { ApiPaths, AuditPage, MarkdownRuleList, Product, type ProductList } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { apiFrom, orderFlows, shot, waitUntil } from '../support/orders.js';
import { SLOW } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser();
const { adminPage, newPage } = orderFlows(ctx);
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const ADMIN_NAME = 'Ada Admin';
const RULE = 'Electronics on sale a while';

const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+\.)/g, ',')}`;
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

async function expectNoBlockingAxe(page: Page, what: string): Promise<void> {
  expect([what, blocking(await axeViolations(page))]).toEqual([what, []]);
}

/** Nothing on the page is wider than the screen but a table's own scroller. */
const fitsTheScreen = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

/** A dialog as a whole (a full-page shot cuts a fixed overlay at the window): the window made tall enough, shot, put back. */
async function dialogShot(page: Page, dialog: Locator, name: string): Promise<void> {
  if (!process.env.VISUAL_SHOTS_DIR) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1600 });
  await dialog.screenshot({ path: `${process.env.VISUAL_SHOTS_DIR}/${name}-${size.width}.png` });
  await page.setViewportSize(size);
}

/** What a step of the rule makes of a listing's price (decision 052): % off, never below 20 % of retail, never up. */
function markedDown(variant: Product['variants'][number], percentOff: number): { newCents: number; floorHit: boolean } {
  const base = cents(variant.price);
  const target = Math.round((base * (100 - percentOff)) / 100);
  const floor = variant.compareAtPrice ? Math.ceil((cents(variant.compareAtPrice) * 20) / 100) : 0;
  return { newCents: Math.max(target, floor), floorHit: floor > target };
}

it('an admin adds a rule with steps, previews it, runs it by hand; the shopper, the price history and the audit log show it', async () => {
  const { data } = (await (await fetch(`${ctx.shop.url}/api/products?limit=100&category=electronics`)).json()) as ProductList;
  const [month, twoMonths, fresh] = data.filter((p) => p.variants.length === 1);
  expect(fresh).toBeDefined();
  // Aged in the database, as time would: 40 days on sale reaches the 30-day step, 70 the 60-day one.
  const db = new pg.Client({ connectionString: ctx.shop.databaseUrl });
  await db.connect();
  try {
    await db.query(`UPDATE catalog.products SET published_at = now() - make_interval(days => $2) WHERE id = $1`, [month!.id, 40]);
    await db.query(`UPDATE catalog.products SET published_at = now() - make_interval(days => $2) WHERE id = $1`, [twoMonths!.id, 70]);

    // The shopper's page is open before anything changes.
    const shopper = await newPage(PHONE);
    await shopper.goto(`${ctx.shop.url}/products/${month!.id}`);
    await shopper.getByRole('heading', { name: month!.title, level: 1 }).waitFor(SLOW);
    expect(await shopper.locator('main .cat-detail__dropped').count()).toBe(0);

    // From the dashboard to the markdowns.
    const admin = await adminPage(DESKTOP);
    await admin.goto(`${ctx.shop.url}/admin`);
    await admin.getByRole('link', { name: 'Markdowns' }).click();
    await admin.getByRole('heading', { name: 'Markdowns', level: 1 }).waitFor(SLOW);
    const rules = admin.getByRole('region', { name: 'Rules' });
    const preview = admin.getByRole('region', { name: 'Next run' });
    await rules.getByText('No rules yet').waitFor(SLOW);
    await preview.getByText('The next run changes no prices.').waitFor(SLOW);
    await admin.getByRole('region', { name: 'Recent runs' }).getByText('The markdowns run on their own every 24 hours (daily)').waitFor(SLOW);
    await expectNoBlockingAxe(admin, 'markdowns at 1280, no rules');

    // A new rule: three steps, the third taking less off than the second, refused beside it.
    await rules.getByRole('button', { name: 'New rule' }).click();
    const form = admin.getByRole('dialog', { name: 'New markdown rule' });
    await form.waitFor(SLOW);
    expect(await focusedId(admin)).toBe('adm-rule-name');
    await form.getByLabel('Name').fill(RULE);
    await form.getByLabel('Category').selectOption({ label: 'Electronics' });
    const step = (n: number) => form.getByRole('group', { name: `Step ${n}` });
    await step(1).getByLabel('Days on sale').fill('30');
    await step(1).getByLabel('Percent off').fill('10');
    await form.getByRole('button', { name: 'Add a step' }).click();
    expect(await focusedId(admin)).toBe('adm-rule-steps-1-days');
    await admin.keyboard.type('60');
    await step(2).getByLabel('Percent off').fill('25');
    await form.getByRole('button', { name: 'Add a step' }).click();
    await step(3).getByLabel('Days on sale').fill('90');
    await step(3).getByLabel('Percent off').fill('20');
    await form.getByLabel('Percent of retail (optional)').fill('20');
    await expectNoBlockingAxe(admin, 'the rule form at 1280');
    await dialogShot(admin, form, 'markdowns-rule-form');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByText('Fix 1 field before saving.').waitFor(SLOW);
    await expect(step(3).locator('.pl-field__error').innerText()).resolves.toBe('Each step must take more off than the one before.');
    expect(await focusedId(admin)).toBe('adm-rule-steps-2-percentOff');
    await expect(step(3).getByLabel('Percent off').getAttribute('aria-invalid')).resolves.toBe('true');
    await dialogShot(admin, form, 'markdowns-rule-form-refused');
    await step(3).getByRole('button', { name: 'Remove step 3' }).click();
    expect(await focusedId(admin)).toBe('adm-rule-steps-1-days');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.waitFor({ state: 'detached', ...SLOW });
    expect(await focusIsOnBody(admin)).toBe(false);
    const row = rules.locator('tbody tr[data-rule]').filter({ hasText: RULE });
    await row.waitFor(SLOW);
    await expect(row.innerText()).resolves.toMatch(/Electronics[\s\S]*30 days on sale: 10% off[\s\S]*60 days on sale: 25% off[\s\S]*Never below 20% of retail[\s\S]*Active/);

    // The service's refusal lands on its field: a second rule of the same name.
    await rules.getByRole('button', { name: 'New rule' }).click();
    const second = admin.getByRole('dialog', { name: 'New markdown rule' });
    await second.getByLabel('Name').fill(RULE);
    await second.getByRole('group', { name: 'Step 1' }).getByLabel('Days on sale').fill('10');
    await second.getByRole('group', { name: 'Step 1' }).getByLabel('Percent off').fill('5');
    await second.getByRole('button', { name: 'Add rule' }).click();
    await second.locator('#adm-rule-name-error').waitFor(SLOW);
    await expect(second.locator('#adm-rule-name-error').innerText()).resolves.toBe('Another rule has this name: choose another.');
    expect(await focusedId(admin)).toBe('adm-rule-name');
    await second.getByRole('button', { name: 'Cancel' }).click();
    await second.waitFor({ state: 'detached', ...SLOW });
    expect(await focusIsOnBody(admin)).toBe(false);
    expect(MarkdownRuleList.parse((await apiFrom(admin, 'GET', ApiPaths.catalog.markdownRules)).body).rules.map((r) => r.name)).toEqual([RULE]);

    // The preview: both aged listings, their prices now and after, and why; the fresh one not at all.
    const first = markedDown(month!.variants[0]!, 10);
    const later = markedDown(twoMonths!.variants[0]!, 25);
    await preview.getByText('The next run changes 2 prices.').waitFor(SLOW);
    const previewRow = (p: Product) => preview.locator(`tbody tr[data-preview-sku="${p.variants[0]!.sku}"]`);
    await expect(previewRow(month!).innerText()).resolves.toMatch(
      new RegExp(`${money(cents(month!.variants[0]!.price)).replace('$', '\\$')}[\\s\\S]*${money(first.newCents).replace('$', '\\$')}[\\s\\S]*${RULE}\\s+30 days on sale: 10% off${first.floorHit ? ', held at the floor' : ''}`),
    );
    await expect(previewRow(twoMonths!).innerText()).resolves.toMatch(new RegExp(`${money(later.newCents).replace('$', '\\$')}[\\s\\S]*${RULE}\\s+60 days on sale: 25% off${later.floorHit ? ', held at the floor' : ''}`));
    expect(await preview.locator(`tbody tr[data-preview-sku="${fresh!.variants[0]!.sku}"]`).count()).toBe(0);
    await expect(previewRow(month!).getByRole('link', { name: month!.title }).getAttribute('href')).resolves.toBe(`/admin/intake/${month!.id}`);
    await expectNoBlockingAxe(admin, 'markdowns at 1280 with a rule and its preview');
    await shot(admin, 'markdowns');
    // The same on a phone: each rule and each change a block of labelled lines.
    await admin.setViewportSize(PHONE);
    await fitsTheScreen(admin);
    await expectNoBlockingAxe(admin, 'markdowns at 375 with a rule and its preview');
    await shot(admin, 'markdowns-preview');
    await admin.setViewportSize(DESKTOP);

    // The listing's page at the desk, open on a phone: its price history so far is the POS's price.
    const desk = await adminPage(PHONE);
    await desk.goto(`${ctx.shop.url}/admin/intake/${month!.id}`);
    const history = desk.getByRole('region', { name: 'Price history' });
    await history.getByText(`First price ${money(cents(month!.variants[0]!.price))}`).waitFor(SLOW);
    expect(await history.locator('[data-price-source="markdown"]').count()).toBe(0);

    // Another instance's runner holds the lock: the run by hand is asked for (decision 060) and
    // waits, and the page says it is running; asked for again meanwhile, it is refused, and says so.
    const run = preview.getByRole('button', { name: 'Run markdowns now' });
    await db.query('BEGIN');
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('pl:catalog-markdown-run', 0))`);
    await run.click();
    const confirm = admin.getByRole('dialog', { name: 'Run the markdowns now?' });
    await confirm.getByText('the preview lists 2 prices to lower').waitFor(SLOW);
    await confirm.getByRole('button', { name: 'Run markdowns' }).click();
    const outcome = preview.locator('[data-run-outcome]');
    await preview.locator('[data-run-outcome="running"]').waitFor(SLOW);
    await expect(outcome.innerText()).resolves.toBe('Running the markdowns: what they change shows here when they are done.');
    await expect(outcome.getAttribute('role')).resolves.toBe('status');
    expect(await admin.evaluate(() => document.activeElement?.hasAttribute('data-run-outcome') ?? false)).toBe(true);
    const latestRun = admin.getByRole('region', { name: 'Recent runs' }).locator('tbody tr').first();
    await waitUntil(async () => /Running/.test(await latestRun.innerText()), 'the recent runs to list the waiting run', 20_000);
    await run.click();
    await confirm.getByRole('button', { name: 'Run markdowns' }).click();
    await preview.locator('[data-run-outcome="refused"]').waitFor(SLOW);
    await expect(outcome.innerText()).resolves.toBe('A markdown run is under way: wait for it to finish.');
    await expect(outcome.getAttribute('role')).resolves.toBe('alert');
    expect(await focusIsOnBody(admin)).toBe(false);
    await shot(admin, 'markdowns-run-waiting');

    // The lock let go: the runner's next pass does the waiting run; the result replaces the refusal.
    await db.query('ROLLBACK');
    await preview.locator('[data-run-outcome="done"]').waitFor({ timeout: 30_000 });
    await expect(outcome.innerText()).resolves.toBe('Run finished: 2 prices changed.');
    await expect(outcome.getAttribute('role')).resolves.toBe('status');
    await preview.getByText('The next run changes no prices.').waitFor(SLOW);
    await expect(latestRun.innerText()).resolves.toMatch(new RegExp(`By ${ADMIN_NAME}[\\s\\S]*2 prices changed`));
    expect(await focusIsOnBody(admin)).toBe(false);
    await shot(admin, 'markdowns-run-done');

    // The shopper's open page: the new price and 'Price dropped', without a reload.
    const dropped = shopper.locator('main .cat-detail__dropped');
    await waitUntil(async () => (await dropped.count()) > 0, "the open page to show 'Price dropped'", 20_000);
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    await expect(dropped.innerText()).resolves.toBe(`Price dropped ${money(cents(month!.variants[0]!.price) - first.newCents)} on ${today}`);
    await expect(shopper.locator('main .cat-detail__price').innerText()).resolves.toBe(money(first.newCents));

    // The desk's open page: the markdown in the price history, live; on a phone, nothing too wide.
    const markdown = history.locator('[data-price-source="markdown"]');
    await markdown.waitFor(SLOW);
    await expect(markdown.innerText()).resolves.toMatch(
      new RegExp(`${money(cents(month!.variants[0]!.price)).replace('$', '\\$')} → ${money(first.newCents).replace('$', '\\$')}[\\s\\S]*Markdown[\\s\\S]*${month!.variants[0]!.sku} · by rule “${RULE}”[\\s\\S]*30 days on sale: 10% off`),
    );
    await fitsTheScreen(desk);
    await expectNoBlockingAxe(desk, 'the listing with its price history at 375');
    await history.scrollIntoViewIfNeeded();
    await shot(desk, 'listing-price-history');

    // The audit log: the rule and the run, under Ada's name.
    const audit = async () => AuditPage.parse((await apiFrom(admin, 'GET', `${ApiPaths.pos.audit}?limit=50&action=markdown`)).body).entries;
    // The merged log is fed by events: both entries are waited for before the page is opened.
    await waitUntil(
      async () => {
        const actions = new Set((await audit()).map((e) => e.action));
        return actions.has('markdown-rule.created') && actions.has('markdown-run.started');
      },
      'the rule and the run to reach the audit log',
      60_000,
    );
    await admin.goto(`${ctx.shop.url}/admin/audit?action=markdown`);
    const log = admin.getByRole('group', { name: 'Audit log table' });
    await log.waitFor(SLOW);
    await expect(log.locator('tbody tr[data-audit-row="markdown-run.started"]').innerText()).resolves.toMatch(new RegExp(`${ADMIN_NAME}[\\s\\S]*Markdown run started[\\s\\S]*Markdown run[\\s\\S]*trigger: manual`));
    await expect(log.locator('tbody tr[data-audit-row="markdown-rule.created"]').innerText()).resolves.toMatch(new RegExp(`${ADMIN_NAME}[\\s\\S]*Markdown rule created[\\s\\S]*${RULE}`));
    await shot(admin, 'audit-markdowns');

    // On a phone: the same page, each table a list of labelled lines; the rule edited and deleted.
    await admin.setViewportSize(PHONE);
    await admin.goto(`${ctx.shop.url}/admin/markdowns`);
    await admin.getByRole('heading', { name: 'Markdowns', level: 1 }).waitFor(SLOW);
    await row.waitFor(SLOW);
    await admin.getByRole('region', { name: 'Recent runs' }).locator('tbody tr').first().waitFor(SLOW);
    await fitsTheScreen(admin);
    await expectNoBlockingAxe(admin, 'markdowns at 375');
    await shot(admin, 'markdowns');

    await row.getByRole('button', { name: `Edit ${RULE}` }).click();
    const edit = admin.getByRole('dialog', { name: `Edit “${RULE}”` });
    await expect(edit.getByRole('group', { name: 'Step 2' }).getByLabel('Percent off').inputValue()).resolves.toBe('25');
    await fitsTheScreen(admin);
    await expectNoBlockingAxe(admin, 'the rule form at 375');
    await dialogShot(admin, edit, 'markdowns-rule-form');
    await edit.getByLabel('Active: the next run applies this rule').uncheck();
    await edit.getByRole('button', { name: 'Save rule' }).click();
    await edit.waitFor({ state: 'detached', ...SLOW });
    await expect(row.getByRole('button', { name: `Edit ${RULE}` }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await row.getByText('Off', { exact: true }).waitFor(SLOW);

    await row.getByRole('button', { name: `Delete ${RULE}` }).click();
    const sure = admin.getByRole('dialog', { name: `Delete the rule “${RULE}”?` });
    await sure.getByRole('button', { name: 'Delete rule' }).click();
    await rules.getByText('No rules yet').waitFor(SLOW);
    expect(await admin.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^No rules yet/);
    expect(MarkdownRuleList.parse((await apiFrom(admin, 'GET', ApiPaths.catalog.markdownRules)).body).rules).toEqual([]);
    // What it lowered stays lowered.
    expect(Product.parse(await (await fetch(`${ctx.shop.url}/api/products/${month!.id}`)).json()).variants[0]!.price).toBe((first.newCents / 100).toFixed(2));
  } finally {
    await db.end();
  }
}, 180_000);
