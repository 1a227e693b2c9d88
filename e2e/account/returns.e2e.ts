// Money and units going back, in real Chromium against the whole shop and the reference POS:
// the store cancels a paid pickup (the card is refunded, the unit is back on sale in the shop and in
// the POS, written back once); a customer returns a Used line, which the store receives back at
// another grade as a listing of its own and refunds, while the For Parts line of the same order
// cannot be returned; a guest finds an order by number and e-mail and opens it from the mailed link.
// Screenshots at both widths under VISUAL_SHOTS_DIR.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { FINAL_SALE_TEXT, ORDER_LOOKUP_MESSAGE, type Product, type ProductList } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { currentStep, orderFlows, waitUntil } from '../support/orders.js';
import { SLOW, WIDTHS } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser({ referencePos: true });
const { newPage, guestBuys, adminPage, openAtDesk, mailsTo, waitForMail } = orderFlows(ctx);

/** Screenshots of the page at both widths, back at the width it had. */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.VISUAL_SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.screenshot({ path: `${dir}/${name}-${w.width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** What has keyboard focus: never <body> after an action that changes the page under it. */
const focused = (page: Page) => page.evaluate(() => (document.activeElement === null || document.activeElement === document.body ? 'BODY' : document.activeElement.tagName));

/** An admin API call from the admin's page (session cookie, same origin). */
const adminCall = (admin: Page, method: string, path: string, body?: unknown) =>
  admin.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, { method, credentials: 'include', headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );

/** The units the reference POS counts of a sku, through its own API (as the store's back office sees it). */
async function posUnits(sku: string): Promise<number> {
  const { url, apiKey } = ctx.shop.pos!;
  let cursor: string | null = null;
  do {
    const res = await fetch(`${url}/v1/products?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const page = (await res.json()) as { products: Array<{ variants: Array<{ sku: string; stock: Array<{ quantity: number }> }> }>; next_cursor: string | null };
    for (const p of page.products) for (const v of p.variants) if (v.sku === sku) return v.stock.reduce((n, s) => n + s.quantity, 0);
    cursor = page.next_cursor;
  } while (cursor);
  throw new Error(`the POS has no ${sku}`);
}

const products = async (query: string) => ((await (await fetch(`${ctx.shop.url}/api/products?limit=100&${query}`)).json()) as ProductList).data;
const available = async (id: string) => ((await (await fetch(`${ctx.shop.url}/api/products/${id}`)).json()) as Product).variants[0]!.totalAvailable;

describe('cancellations and returns', () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: ctx.shop.databaseUrl });
    await db.connect();
    // The store's POS is set up and synced, as on the admin dashboard.
    const admin = await adminPage();
    expect((await adminCall(admin, 'POST', '/api/admin/pos-config', { posUrl: ctx.shop.pos!.url, apiKey: ctx.shop.pos!.apiKey })).status).toBe(200);
    expect((await adminCall(admin, 'POST', '/api/admin/sync/trigger')).status).toBe(200);
  }, 120_000);
  afterAll(() => db.end());

  it('the store cancels a paid pickup: the customer sees it live and by mail, the card is refunded, the unit is back on sale and in the POS, once', async () => {
    const product = (await products('inStock=true')).find((p) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0]!.sku.startsWith('POS-') && p.variants[0]!.totalAvailable > 2)!;
    const sku = product.variants[0]!.sku;
    const [shopBefore, posBefore] = [await available(product.id), await posUnits(sku)];

    const customer = await newPage();
    const email = `cancel.${Date.now().toString(36)}@example.com`;
    const number = await guestBuys(customer, email, 'pickup', [product]);
    await waitUntil(async () => (await posUnits(sku)) === posBefore - 1, 'the sale to reach the POS');
    expect(await available(product.id)).toBe(shopBefore - 1);

    const admin = await adminPage();
    await openAtDesk(admin, number);
    await admin.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = admin.getByRole('dialog', { name: `Cancel order ${number}?` });
    await dialog.getByText(/will be refunded to the customer's card, and the units go back on sale/).waitFor();
    await dialog.getByLabel('Reason (the customer reads it)').fill('The unit failed our final inspection');
    await shots(admin, 'admin-cancel-dialog');
    expect(blocking(await axeViolations(admin))).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel order and refund' }).click();
    await admin.getByText('Order cancelled and refunded').first().waitFor(SLOW);
    expect(await focused(admin)).not.toBe('BODY');
    await admin.locator('[data-refund="succeeded"]').first().waitFor(SLOW);

    // The customer's open page follows without a reload.
    await customer.locator('main [data-refund="succeeded"]').waitFor(SLOW);
    await customer.locator('[data-order-note]').getByText('Cancelled by the store: The unit failed our final inspection').waitFor();
    expect(await currentStep(customer)).toBe('cancelled');
    expect(blocking(await axeViolations(customer))).toEqual([]);
    await shots(customer, 'order-cancelled');
    const mail = await waitForMail(email, new RegExp(`^Your order ${number} was cancelled$`));
    expect(mail.text).toContain('Reason: The unit failed our final inspection');
    expect(mail.text).toMatch(/We've refunded \$[\d,]+\.\d{2} to your card/);

    // Back on sale in the shop, and in the POS by one 'return' adjustment.
    await waitUntil(async () => (await available(product.id)) === shopBefore, 'the unit to be back on sale');
    await waitUntil(async () => (await posUnits(sku)) === posBefore, 'the unit to be back in the POS');
    const { rows } = await db.query(`SELECT kind, status, attempts FROM pos_sync.writebacks WHERE order_id LIKE $1 ORDER BY kind DESC`, [`${(await orderIdOf(number))}%`]);
    expect(rows).toEqual([
      { kind: 'sale', status: 'sent', attempts: 1 },
      { kind: 'return', status: 'sent', attempts: 1 },
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await posUnits(sku)).toBe(posBefore);
  }, 180_000);

  it('a customer returns a Used line (the For Parts one is final sale); the store receives it back as For Parts at a new price and refunds it', async () => {
    const inStock = await products('inStock=true');
    const used = inStock.find((p) => p.conditionGrade === 'USED' && p.variants.length === 1 && p.variants[0]!.totalAvailable > 1)!;
    const parts = inStock.find((p) => p.conditionGrade === 'FOR_PARTS' && p.variants.length === 1 && p.variants[0]!.totalAvailable > 0)!;
    const customer = await newPage();
    const email = `return.${Date.now().toString(36)}@example.com`;
    const number = await guestBuys(customer, email, 'pickup', [used, parts]);
    const orderId = await orderIdOf(number);
    const admin = await adminPage();
    expect((await adminCall(admin, 'POST', `/api/admin/orders/${orderId}/ready-for-pickup`, {})).status).toBe(200);
    expect((await adminCall(admin, 'POST', `/api/admin/orders/${orderId}/picked-up`, { idChecked: true })).status).toBe(200);
    await customer.locator('main [aria-current="step"][data-step="picked_up"]').waitFor(SLOW);

    // The For Parts line says it is final sale and is not offered; the Used one is.
    const form = customer.locator('[data-return-form]');
    await form.waitFor(SLOW);
    await customer.locator(`[data-order-line="${parts.variants[0]!.sku}"] [data-final-sale]`).getByText(FINAL_SALE_TEXT).waitFor();
    expect(await form.locator('[data-return-line]').count()).toBe(1);
    expect(await form.getByText(parts.title).count()).toBe(0);
    await form.getByLabel(used.title).check();
    await form.getByLabel(`Reason for returning ${used.title}`).selectOption({ label: 'Not as described (condition or contents)' });
    await form.getByLabel('Comment (optional)').fill('Deeper scratches than the photos show');
    await shots(customer, 'order-return-form');
    expect(blocking(await axeViolations(customer))).toEqual([]);
    await form.getByRole('button', { name: 'Request return' }).click();
    await customer.locator(`[data-order-line="${used.variants[0]!.sku}"] [data-line-return-status="requested"]`).waitFor(SLOW);
    expect(await focused(customer)).not.toBe('BODY');
    expect(await currentStep(customer)).toBe('return_requested');
    const requested = await waitForMail(email, new RegExp(`^Return requested for order ${number}$`));
    expect(requested.text).toContain('Refunds are made within 5-7 business days after the return is received.');

    // The store has the unit back: too worn for Used, it goes back on sale as For Parts at $12.50.
    await openAtDesk(admin, number);
    const receive = admin.locator('[data-receive-return]');
    await receive.waitFor(SLOW);
    await receive.getByLabel('Unit 1 condition').selectOption('FOR_PARTS');
    await receive.getByLabel('Unit 1 price ($)').fill('12.50');
    await shots(admin, 'admin-receive-return');
    expect(blocking(await axeViolations(admin))).toEqual([]);
    await receive.getByRole('button', { name: 'Receive return and refund' }).click();
    await admin.getByText('Return received and refunded').first().waitFor(SLOW);
    expect(await focused(admin)).not.toBe('BODY');

    await customer.locator('main [aria-current="step"][data-step="returned"]').waitFor(SLOW);
    await customer.locator(`[data-order-line="${used.variants[0]!.sku}"] [data-line-return-status="received"]`).waitFor();
    await customer.locator('main [data-refund="succeeded"]').waitFor(SLOW);
    await shots(customer, 'order-returned');
    const received = await waitForMail(email, new RegExp(`^We've received your return for order ${number}$`));
    expect(received.text).toContain(`We've received your return of ${used.title} and refunded $`);

    // The regraded unit is a listing of its own, For Parts, $12.50, at the store it came back to.
    await waitUntil(async () => (await products(`q=${encodeURIComponent(used.title)}`)).some((p) => p.conditionGrade === 'FOR_PARTS' && p.variants[0]!.price === '12.50'), 'the regraded listing');
    const listing = (await products(`q=${encodeURIComponent(used.title)}`)).find((p) => p.conditionGrade === 'FOR_PARTS')!;
    expect([listing.oneOfAKind, listing.variants[0]!.totalAvailable]).toEqual([true, 1]);
    // One mail per step, newest first (picked up sends none).
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      `We've received your return for order ${number}`,
      `Return requested for order ${number}`,
      `Your order ${number} is ready for pickup`,
      `Order ${number} confirmed`,
    ]);
  }, 180_000);

  it('a guest finds an order by number and e-mail: the same answer for a wrong e-mail, the link only to the right one', async () => {
    const buyer = await newPage();
    const email = `lookup.${Date.now().toString(36)}@example.com`;
    const number = await guestBuys(buyer, email, 'pickup');

    const lost = await newPage(WIDTHS[1]);
    await lost.goto(`${ctx.shop.url}/orders/lookup`);
    await lost.getByRole('heading', { name: 'Find your order', level: 1 }).waitFor(SLOW);
    await lost.getByLabel('Order number').fill(number);
    await lost.getByLabel('E-mail').fill('not.me@example.com');
    await lost.getByRole('button', { name: 'Find my order' }).click();
    await lost.locator('[data-lookup-message]').getByText(ORDER_LOOKUP_MESSAGE).waitFor(SLOW);
    expect(await focused(lost)).not.toBe('BODY');
    await lost.getByLabel('E-mail').fill(email.toUpperCase());
    await lost.getByRole('button', { name: 'Find my order' }).click();
    await lost.locator('[data-lookup-message]').getByText(ORDER_LOOKUP_MESSAGE).waitFor(SLOW);
    expect(blocking(await axeViolations(lost))).toEqual([]);
    await shots(lost, 'order-lookup');

    const link = await waitForMail(email, new RegExp(`^Your order ${number}$`));
    expect(await mailsTo('not.me@example.com')).toEqual([]);
    await lost.goto(link.links[0]!);
    await lost.locator('main [data-order-number]').waitFor(SLOW);
    expect((await lost.locator('main [data-order-number]').innerText()).trim()).toBe(number);
  }, 120_000);
});

/** The order id of an order number, as the order desk finds it. */
async function orderIdOf(number: string): Promise<string> {
  const admin = await adminPage();
  const { body } = await adminCall(admin, 'GET', `/api/admin/orders?q=${encodeURIComponent(number)}`);
  return (body as { data: Array<{ id: string }> }).data[0]!.id;
}
