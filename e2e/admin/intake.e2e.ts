// Issue 29 end to end, in real Chromium against the whole shop and the reference POS: an admin on a
// phone (375 px) finds a one-of-a-kind item by its scanned sku, inspects and grades it, uploads
// three photos (one a JPEG with the GPS position in its EXIF, made here), reorders them and sets
// the cover. A shopper's open product page shows the gallery without a reload; the files served
// carry no EXIF; the card, the cart, the order page and the confirmation e-mail show the cover; a
// POS change and a full sync afterwards leave photos, grade and notes in place (decision 048).
// axe finds nothing serious on the desk, the listing and the gallery, and focus never drops to body.
import pg from 'pg';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ApiPaths, DevMailbox, IntakeDetail, Product, ProductList, SyncStatus } from '@pl/contracts';
import { axeViolations, blocking } from '../support/axe.js';
import { apiFrom, orderFlows, shot, waitUntil } from '../support/orders.js';
import { fillCard, SLOW } from '../support/shopper.js';
import { useShopInBrowser } from '../support/suite.js';

const ctx = useShopInBrowser({ referencePos: true, env: { SYNC_TRIGGER_WAIT_MS: '1000' } });
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

// Pages with axe, closed after each test, and the demo admin's: the order tests' own (support/orders.ts).
const { newPage, adminPage } = orderFlows(ctx);

/** The reference POS's own API (the store's back office). */
async function pos<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { url, apiKey } = ctx.shop.pos!;
  const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`POS ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs a full sync from the admin's page and waits for it to end well. */
async function fullSync(admin: Page): Promise<void> {
  const before = SyncStatus.parse((await apiFrom(admin, 'GET', ApiPaths.pos.status)).body).run?.id;
  const trigger = await apiFrom<{ runId: string }>(admin, 'POST', ApiPaths.pos.trigger);
  expect([200, 202]).toContain(trigger.status);
  await waitUntil(
    async () => {
      const { run } = SyncStatus.parse((await apiFrom(admin, 'GET', ApiPaths.pos.status)).body);
      return run !== undefined && run.id !== before && run.status === 'succeeded';
    },
    'the full sync to succeed',
    120_000,
  );
}

/** A phone photo: JPEG with the camera and the GPS position in its EXIF, turned by its orientation tag. */
const phonePhoto = () =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 7/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '83/1 0/1 0/1' } })
    .toBuffer();
const plainPhoto = (colour: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .composite([{ input: Buffer.from(`<svg width="1600" height="1200"><rect x="300" y="200" width="1000" height="800" rx="40" fill="#fff" opacity="0.6"/></svg>`) }])
    .png()
    .toBuffer();

const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);
const fileOf = (src: string) => src.split('/').pop()!.replace(/-\d+\.(jpg|webp)$/, '');

/** The gallery's large photo and its thumbnails have been fetched and drawn (a photo, not an empty box). */
async function galleryDrawn(page: Page): Promise<void> {
  await waitUntil(
    () =>
      page.evaluate(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>('main .cat-gallery__zoom img, main .cat-gallery__thumbs img')];
        return images.length > 1 && images.every((img) => img.complete && img.naturalWidth > 0);
      }),
    'the gallery photos to be drawn',
  );
}

async function expectNoBlockingAxe(page: Page, what: string): Promise<void> {
  const found = blocking(await axeViolations(page));
  expect([what, found]).toEqual([what, []]);
}

it('an admin on a phone inspects and photographs a one-of-a-kind item; shoppers see this exact item everywhere, and the POS leaves it alone', async () => {
  const admin = await adminPage(PHONE);
  // The reference POS feeds the shop (as the admin dashboard's settings would).
  expect((await apiFrom(admin, 'POST', ApiPaths.pos.config, { posUrl: ctx.shop.pos!.url, apiKey: ctx.shop.pos!.apiKey })).status).toBe(200);
  await fullSync(admin);

  // A one-of-a-kind item from the POS, in stock.
  const posProducts = (await pos<{ products: Array<{ id: string; unique: boolean; variants: Array<{ sku: string }> }> }>('GET', '/v1/products?limit=200')).products;
  const posSkus = new Map(posProducts.filter((p) => p.unique).map((p) => [p.variants[0]!.sku, p.id]));
  const listed = ProductList.parse(await (await fetch(`${ctx.shop.url}/api/products?limit=100&inStock=true`)).json());
  const item = listed.data.find((p) => p.oneOfAKind && p.variants.length === 1 && posSkus.has(p.variants[0]!.sku) && p.variants[0]!.totalAvailable === 1)!;
  expect(item).toBeDefined();
  const sku = item.variants[0]!.sku;

  // A shopper has the product page open: an illustration, said to be one.
  const shopper = await newPage(DESKTOP);
  await shopper.goto(`${ctx.shop.url}/products/${item.id}`);
  await shopper.getByRole('heading', { name: item.title, level: 1 }).waitFor(SLOW);
  await shopper.getByText('Illustration, not a photo of the item').waitFor(SLOW);

  // The desk: a scanner types the sku and Enter into the focused field; the listing opens.
  await admin.goto(`${ctx.shop.url}/admin/intake`);
  await admin.getByRole('heading', { name: 'Intake desk', level: 1 }).waitFor(SLOW);
  await expectNoBlockingAxe(admin, 'intake desk at 375');
  await shot(admin, 'intake-desk');
  const scan = admin.getByLabel('Scan a barcode, or search by SKU or title');
  await scan.fill(sku);
  await scan.press('Enter');
  await admin.getByRole('heading', { name: item.title, level: 1 }).waitFor(SLOW);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Inspection: every check passed, readings and text where the checklist has them, a grade and notes.
  const detail = IntakeDetail.parse((await apiFrom(admin, 'GET', ApiPaths.catalog.intakeDetail(item.id))).body);
  const form = admin.locator('form').filter({ has: admin.getByRole('button', { name: 'Save inspection' }) });
  for (const check of await form.locator('fieldset[data-check]').all()) await check.locator('[data-choice="pass"] input').check();
  const battery = form.locator('[data-check="battery_health"] input');
  if (await battery.count()) await battery.fill('89');
  const accessories = form.locator('[data-check="accessories"] input');
  if (await accessories.count()) await accessories.fill('charger');
  await form.getByLabel('Lightly Used', { exact: true }).check();
  await form.getByLabel('Condition notes (shoppers read them)').fill('Faint scuff on the lid');
  await form.getByRole('button', { name: 'Save inspection' }).click();
  await waitUntil(async () => IntakeDetail.parse((await apiFrom(admin, 'GET', ApiPaths.catalog.intakeDetail(item.id))).body).inspections.length === detail.inspections.length + 1, 'the inspection to be saved');
  expect(await focusIsOnBody(admin)).toBe(false);

  // Three photos from files (the camera's input takes the same), the first a phone photo with GPS.
  await admin.locator('[data-files-input]').setInputFiles([
    { name: 'lid.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() },
    { name: 'ports.png', mimeType: 'image/png', buffer: await plainPhoto('#2a6f97') },
    { name: 'box.png', mimeType: 'image/png', buffer: await plainPhoto('#9b2226') },
  ]);
  await admin.locator('[data-photo-count="3"]').waitFor(SLOW);
  expect(await focusIsOnBody(admin)).toBe(false);
  const uploaded = IntakeDetail.parse((await apiFrom(admin, 'GET', ApiPaths.catalog.intakeDetail(item.id))).body).product.photos!;
  expect(uploaded.map((p) => p.cover)).toEqual([true, false, false]);

  // Reorder: the first photo one place later; then the last one becomes the cover.
  const tiles = admin.locator('[data-photo-id]');
  await tiles.nth(0).locator('[data-move="later"]').click();
  // The page shows a move at once; what counts is what the shop has saved.
  const savedPhotos = async () => IntakeDetail.parse((await apiFrom(admin, 'GET', ApiPaths.catalog.intakeDetail(item.id))).body).product.photos!;
  await waitUntil(async () => (await tiles.nth(1).getAttribute('data-photo-id')) === uploaded[0]!.id, 'the photo to move later');
  await waitUntil(async () => (await savedPhotos())[1]!.id === uploaded[0]!.id, 'the move to be saved');
  expect(await focusIsOnBody(admin)).toBe(false);
  await tiles.nth(2).locator('[data-set-cover]').click();
  await waitUntil(async () => (await tiles.nth(2).getAttribute('data-cover')) !== null, 'the last photo to be the cover');
  await waitUntil(async () => (await savedPhotos())[2]!.cover, 'the cover to be saved');
  expect(await focusIsOnBody(admin)).toBe(false);
  const arranged = IntakeDetail.parse((await apiFrom(admin, 'GET', ApiPaths.catalog.intakeDetail(item.id))).body).product;
  expect(arranged.photos!.map((p) => [p.id, p.cover])).toEqual([
    [uploaded[1]!.id, false],
    [uploaded[0]!.id, false],
    [uploaded[2]!.id, true],
  ]);
  const cover = arranged.photos![2]!;
  await expectNoBlockingAxe(admin, 'intake listing at 375');
  await shot(admin, 'intake-listing');

  // The shopper's open page shows the gallery, this exact item, and the inspection, without a reload.
  await shopper.getByText('Photos of this exact item').waitFor(SLOW);
  await shopper.getByRole('button', { name: /^Photo 1 of 3/ }).waitFor(SLOW);
  await shopper.getByText(/Tested: /).first().waitFor(SLOW);
  expect(await shopper.getByText('Illustration, not a photo of the item').count()).toBe(0);
  await expectNoBlockingAxe(shopper, 'gallery at 1280');
  // The gallery by keyboard: the large photo opens the zoom, arrows move, Escape comes back.
  await shopper.getByRole('button', { name: /^Photo 2 of 3/ }).focus();
  await shopper.keyboard.press('Enter');
  expect(await focusIsOnBody(shopper)).toBe(false);
  const largePhoto = shopper.locator('main').getByRole('button', { name: /^Enlarge photo/ }).first();
  await largePhoto.focus();
  await shopper.keyboard.press('Enter');
  const zoom = shopper.getByRole('dialog');
  await zoom.waitFor(SLOW);
  await expectNoBlockingAxe(shopper, 'zoom at 1280');
  await shopper.keyboard.press('ArrowRight');
  await shopper.keyboard.press('Escape');
  await zoom.waitFor({ state: 'hidden', ...SLOW });
  expect(await focusIsOnBody(shopper)).toBe(false);
  await galleryDrawn(shopper);
  await shot(shopper, 'product-gallery');

  // Every served file of every photo: no EXIF, no GPS, no camera, upright.
  for (const photo of arranged.photos!) {
    for (const url of [...photo.srcset.split(', '), ...photo.webpSrcset.split(', ')].map((s) => s.split(' ')[0]!)) {
      const res = await fetch(ctx.shop.url + url);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([url, res.status, res.headers.get('cache-control'), meta.exif, meta.orientation]).toEqual([url, 200, 'public, max-age=31536000, immutable', undefined, undefined]);
      // No EXIF block at all (JPEG's APP1 'Exif\0\0', WebP's 'EXIF' chunk), so no GPS in it; nor the camera's name.
      // (Three letters such as 'GPS' turn up by chance in compressed bytes: the test looks for what cannot.)
      expect([url, bytes.includes(Buffer.from('Exif\0\0', 'latin1')), bytes.includes(Buffer.from('EXIF')), bytes.includes(Buffer.from('PhoneCo'))]).toEqual([url, false, false, false]);
    }
  }
  const phone = arranged.photos!.find((p) => p.id === uploaded[0]!.id)!;
  expect(phone.height).toBeGreaterThan(phone.width);

  // The POS renames the item (its webhook), then a full sync runs: photos, grade and notes stay.
  const renamed = `${item.title} (tested)`;
  await pos('PATCH', `/v1/products/${posSkus.get(sku)}`, { name: renamed });
  await waitUntil(async () => Product.parse(await (await fetch(`${ctx.shop.url}/api/products/${item.id}`)).json()).title === renamed, 'the POS rename to arrive', 30_000);
  await fullSync(admin);
  const afterSync = Product.parse(await (await fetch(`${ctx.shop.url}/api/products/${item.id}`)).json());
  expect([afterSync.title, afterSync.conditionGrade, afterSync.conditionNotes, afterSync.photos!.map((p) => p.id), afterSync.images[0]]).toEqual([
    renamed,
    'LIGHTLY_USED',
    'Faint scuff on the lid',
    arranged.photos!.map((p) => p.id),
    cover.src,
  ]);
  expect(afterSync.inspection?.summary).toMatch(/^Tested: /);

  // A guest buys it: the card, the cart, the order page and the confirmation e-mail show the cover.
  const guest = await newPage(PHONE);
  await guest.goto(`${ctx.shop.url}/products?q=${encodeURIComponent(renamed)}`);
  const card = guest.locator('main article, main li').filter({ hasText: renamed }).first();
  await card.waitFor(SLOW);
  expect(await card.locator('img').first().evaluate((img: HTMLImageElement) => img.currentSrc || img.src)).toContain(fileOf(cover.src));
  await guest.goto(`${ctx.shop.url}/products/${item.id}`);
  await guest.getByRole('heading', { name: renamed, level: 1 }).waitFor(SLOW);
  await guest.locator('main').getByRole('button', { name: 'Add to Cart' }).first().click();
  await guest.getByText(`${renamed} has been added to your cart`).first().waitFor(SLOW);
  await guest.goto(`${ctx.shop.url}/checkout`);
  const checkoutLine = guest.locator('main img').filter({ has: guest.locator(`xpath=self::*[contains(@src, "${fileOf(cover.src)}")]`) });
  await checkoutLine.first().waitFor(SLOW);
  const email = `intake-${Date.now()}@example.com`;
  await guest.getByLabel('Email').fill(email);
  await guest.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(guest);
  await guest.getByRole('button', { name: 'Complete Purchase' }).click();
  await guest.getByRole('link', { name: 'View your order' }).click();
  await guest.locator('main [data-order-number]').waitFor(SLOW);
  await guest.locator(`main img[src*="${fileOf(cover.src)}"]`).first().waitFor(SLOW);

  await waitUntil(async () => {
    const { messages } = DevMailbox.parse(await (await fetch(`${ctx.shop.url}${ApiPaths.auth.devMailbox}?format=json`)).json());
    return messages.some((m) => m.to === email && /confirmed/.test(m.subject));
  }, 'the confirmation e-mail');
  // The mailbox page shows the text; the HTML as sent is in identity's table.
  const db = new pg.Client({ connectionString: ctx.shop.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ html_body: string }>(`SELECT html_body FROM identity.dev_mailbox WHERE to_address = $1 AND subject LIKE '%confirmed'`, [email]);
    // At an absolute address under the shop's public origin (a mail client has no page to resolve it against).
    expect(rows[0]!.html_body).toMatch(new RegExp(`src="https?://[^"/]+${cover.src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
  } finally {
    await db.end();
  }
}, 300_000);

it('the desk and the gallery at the other width: axe finds nothing serious', async () => {
  const admin = await adminPage(DESKTOP);
  await admin.goto(`${ctx.shop.url}/admin/intake`);
  await admin.getByRole('heading', { name: 'Intake desk', level: 1 }).waitFor(SLOW);
  await expectNoBlockingAxe(admin, 'intake desk at 1280');
  await shot(admin, 'intake-desk');
  const withPhotos = ProductList.parse(await (await fetch(`${ctx.shop.url}/api/products?limit=100`)).json()).data.find((p) => (p.photos?.length ?? 0) > 0)!;
  await admin.goto(`${ctx.shop.url}/admin/intake/${withPhotos.id}`);
  await admin.locator('[data-photo-count="3"]').waitFor(SLOW);
  await expectNoBlockingAxe(admin, 'intake listing at 1280');
  await shot(admin, 'intake-listing');

  const shopper = await newPage(PHONE);
  await shopper.goto(`${ctx.shop.url}/products/${withPhotos.id}`);
  await shopper.getByRole('button', { name: /^Photo 1 of 3/ }).waitFor(SLOW);
  await galleryDrawn(shopper);
  await expectNoBlockingAxe(shopper, 'gallery at 375');
  expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(shopper, 'product-gallery');
});
