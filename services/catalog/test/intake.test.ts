// The intake desk against real PostgreSQL and a real object-storage folder: photos in and out
// (every bad upload a clear 4xx that stores nothing), served files without EXIF, inspections with
// their history, the work queue, and the POS leaving the shop's own work alone (decision 048).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import sharp from 'sharp';
import { IntakeCounts, IntakeDetail, IntakeList, MAX_PHOTOS_PER_PRODUCT, PhotoList, Product, type UpsertProductRequest } from '@pl/contracts';
import { startCatalog } from './catalog-test-app';
import { insertProduct, uniqueSku } from './factories';

let catalog: Awaited<ReturnType<typeof startCatalog>>;
beforeAll(async () => {
  catalog = await startCatalog();
}, 30_000);
afterAll(() => catalog?.stop());

const intake = '/api/admin/intake';

/** A photo as a phone takes it: JPEG with the GPS position and camera in its EXIF, turned by its orientation tag. */
async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 7/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '83/1 0/1 0/1' } })
    .toBuffer();
}

const smallPhoto = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#468' } }).png().toBuffer();

function upload(productId: string, body: Buffer | string, type = 'image/jpeg', who: keyof typeof catalog.callers = 'admin', alt?: string) {
  return fetch(`${catalog.url}${intake}/${productId}/photos${alt ? `?alt=${encodeURIComponent(alt)}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': type, ...catalog.callers[who] },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}
const json = (method: string, pathname: string, body?: unknown) => catalog.request(method, pathname, body, catalog.callers.admin);
const detailOf = async (productId: string) => IntakeDetail.parse(await (await catalog.get(`${intake}/${productId}`, catalog.callers.admin)).json());

/** Every file the storage holds (the test's own folder). */
function storedFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [path.relative(catalog.storageDir, file)];
    });
  return walk(catalog.storageDir);
}

describe('photos', () => {
  it('stores an upload in every size, served upright without any EXIF, under content-hashed names kept for a year', async () => {
    const { id } = await insertProduct(catalog.pool, { title: 'Dell XPS 13', oneOfAKind: true });
    const res = await upload(id, await phonePhoto());
    expect(res.status).toBe(201);
    const { photos } = PhotoList.parse(await res.json());
    expect(photos).toHaveLength(1);
    const photo = photos[0]!;
    // Orientation 6 (turned 90°): the 1600×1200 upload is served 1200 wide and 1600 high.
    expect([photo.width, photo.height, photo.cover, photo.alt]).toEqual([1200, 1600, true, 'Dell XPS 13, photo 1']);
    expect(photo.srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '640w', '960w', '1200w']);
    expect(photo.src).toMatch(/^\/api\/media\/photos\/[0-9a-f]{24}-640\.jpg$/);
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);

    for (const url of [...photo.srcset.split(', '), ...photo.webpSrcset.split(', ')].map((s) => s.split(' ')[0]!)) {
      const served = await catalog.get(url);
      expect([url, served.status, served.headers.get('cache-control')]).toEqual([url, 200, 'public, max-age=31536000, immutable']);
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([url, meta.exif, meta.icc === undefined || meta.icc.length > 0, meta.orientation]).toEqual([url, undefined, true, undefined]);
      expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    // The original stays private: stored, never served.
    expect(storedFiles().filter((f) => f.startsWith('originals'))).toHaveLength(1);
    expect((await catalog.get(`/api/media/photos/../originals/${photo.id}`)).status).toBe(404);

    const product = Product.parse(await (await catalog.get(`/api/products/${id}`)).json());
    expect(product.photos?.map((p) => p.id)).toEqual([photo.id]);
    expect(product.images).toEqual([photo.src]);
  });

  it.each([
    ['text named as a JPEG', () => Buffer.from('this is not an image at all, just words'), 'image/jpeg', 415],
    ['an SVG sent as a PNG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/png', 415],
    ['a GIF', () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer(), 'image/jpeg', 415],
    ['a PDF as application/pdf', () => Buffer.from('%PDF-1.4 nothing'), 'application/pdf', 415],
    ['a decompression bomb (a 12,000 × 12,000 PNG of a few kB)', () => sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer(), 'image/png', 422],
    ['a truncated JPEG', async () => (await phonePhoto()).subarray(0, 20_000), 'image/jpeg', 422],
    ['an empty body', () => Buffer.alloc(0), 'image/jpeg', 400],
    ['more than 25 MB', () => Buffer.alloc(25 * 1024 * 1024 + 1, 1), 'image/jpeg', 413],
  ])('refuses %s with a clear 4xx and stores nothing', async (_what, make, type, status) => {
    const { id } = await insertProduct(catalog.pool);
    const before = storedFiles();
    const res = await upload(id, await make(), type);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.message).toMatch(/^[A-Z].{10,}/);
    expect(JSON.stringify(body)).not.toMatch(/sharp|vips|stack|at \w+ \(/i);
    expect(storedFiles()).toEqual(before);
    expect((await detailOf(id)).product.photos).toEqual([]);
  });

  it('refuses an upload cut short of its Content-Length and stores nothing', async () => {
    const { id } = await insertProduct(catalog.pool);
    const before = storedFiles();
    const bytes = await phonePhoto();
    const { hostname, port } = new URL(catalog.url);
    const status = await new Promise<number | 'closed'>((resolve) => {
      const req = http.request({ host: hostname, port, method: 'POST', path: `${intake}/${id}/photos`, headers: { ...catalog.callers.admin, 'content-type': 'image/jpeg', 'content-length': bytes.length } });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', () => resolve('closed'));
      req.write(bytes.subarray(0, bytes.length / 2), () => setTimeout(() => req.destroy(), 100));
    });
    expect([400, 'closed']).toContain(status);
    // The server may still be reading when the client gives up: give it a moment to finish refusing.
    await new Promise((r) => setTimeout(r, 300));
    expect(storedFiles()).toEqual(before);
    expect((await detailOf(id)).product.photos).toEqual([]);
  });

  it.each([
    ['anonymous', 401],
    ['guest', 401],
    ['customer', 403],
  ] as const)('refuses an upload by %s (%i) and stores nothing', async (who, status) => {
    const { id } = await insertProduct(catalog.pool);
    const before = storedFiles();
    expect((await upload(id, await smallPhoto(), 'image/png', who)).status).toBe(status);
    expect(storedFiles()).toEqual(before);
  });

  it(`takes at most ${MAX_PHOTOS_PER_PRODUCT} photos, also when they arrive at once, in one consistent order`, async () => {
    const { id } = await insertProduct(catalog.pool);
    const photo = await smallPhoto();
    const answers = await Promise.all(Array.from({ length: MAX_PHOTOS_PER_PRODUCT + 3 }, (_, i) => upload(id, photo, 'image/png', 'admin', `Side ${i + 1}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_PHOTOS_PER_PRODUCT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const { photos } = (await detailOf(id)).product;
    expect(photos).toHaveLength(MAX_PHOTOS_PER_PRODUCT);
    expect(photos!.filter((p) => p.cover)).toHaveLength(1);
    expect(new Set(photos!.map((p) => p.id)).size).toBe(MAX_PHOTOS_PER_PRODUCT);
    // Each refused upload's files went again: 12 photos × (3 sizes × 2 formats + the original).
    expect(storedFiles().filter((f) => photos!.some((p) => f.includes(p.id) || p.srcset.includes(path.basename(f).split('-')[0]!)))).toHaveLength(MAX_PHOTOS_PER_PRODUCT * 5);
    const thirteenth = await upload(id, photo, 'image/png');
    expect(thirteenth.status).toBe(409);
    expect(((await thirteenth.json()) as { message: string }).message).toBe(`A listing has at most ${MAX_PHOTOS_PER_PRODUCT} photos: delete one first.`);
  });

  it('reorders, sets the cover, edits alt text and deletes; the cover leads images', async () => {
    const { id } = await insertProduct(catalog.pool);
    for (let i = 0; i < 3; i++) expect((await upload(id, await smallPhoto(), 'image/png')).status).toBe(201);
    const [a, b, c] = (await detailOf(id)).product.photos!.map((p) => p.id) as [string, string, string];

    const arranged = PhotoList.parse(await (await json('PUT', `${intake}/${id}/photos`, { order: [c, a, b], coverId: b })).json());
    expect(arranged.photos.map((p) => [p.id, p.cover])).toEqual([[c, false], [a, false], [b, true]]);
    const product = Product.parse(await (await catalog.get(`/api/products/${id}`)).json());
    expect(product.images[0]).toBe(arranged.photos[2]!.src);
    const listed = (await (await catalog.get(`/api/products?limit=100`)).json()) as { data: Product[] };
    expect(listed.data.find((p) => p.id === id)?.photos?.map((p) => p.id)).toEqual([b]);

    expect((await json('PUT', `${intake}/${id}/photos`, { order: [a, b] })).status).toBe(409);
    expect((await json('PUT', `${intake}/${id}/photos`, { order: [a, b, b] })).status).toBe(409);

    const described = PhotoList.parse(await (await json('PATCH', `${intake}/${id}/photos/${a}`, { alt: 'The lid, closed' })).json());
    expect(described.photos.find((p) => p.id === a)?.alt).toBe('The lid, closed');
    expect((await json('PATCH', `${intake}/${id}/photos/${a}`, { alt: '' })).status).toBe(400);

    const fileOfB = arranged.photos[2]!.src.split('/').pop()!;
    const left = PhotoList.parse(await (await json('DELETE', `${intake}/${id}/photos/${b}`)).json());
    expect(left.photos.map((p) => [p.id, p.cover])).toEqual([[c, true], [a, false]]);
    expect((await catalog.get(`/api/media/photos/${fileOfB}`)).status).toBe(404);
    expect(storedFiles().some((f) => f.includes(b))).toBe(false);
  });
});

describe('inspections', () => {
  it('records the inspection as the listing grade and report, keeps the history, and checks answers against the checklist', async () => {
    const { id } = await insertProduct(catalog.pool, { categoryId: 'electronics', conditionGrade: 'OPEN_BOX' });
    const first = await json('POST', `${intake}/${id}/inspections`, {
      answers: { powers_on: 'pass', screen: 'pass', wifi: 'pass', ports: 'na', battery_health: 89, accessories: 'charger' },
      grade: 'LIGHTLY_USED',
      notes: 'Faint scuff on the lid',
      inspectorName: 'Maya',
    });
    expect(first.status).toBe(201);
    const second = await json('POST', `${intake}/${id}/inspections`, { answers: { powers_on: 'pass', ports: 'fail' }, grade: 'USED', notes: null });
    const detail = IntakeDetail.parse(await second.json());
    expect(detail.inspections.map((i) => [i.grade, i.inspectedBy, i.summary])).toEqual([
      ['USED', 'our team', 'Tested: powers on; Not working: ports'],
      ['LIGHTLY_USED', 'Maya', 'Tested: powers on, screen, Wi-Fi; battery health 89%; includes charger'],
    ]);
    const product = Product.parse(await (await catalog.get(`/api/products/${id}`)).json());
    expect([product.conditionGrade, product.conditionNotes, product.inspection?.inspectedBy, product.inspection?.summary]).toEqual([
      'USED',
      null,
      'our team',
      'Tested: powers on; Not working: ports',
    ]);

    for (const [answers, message] of [
      [{ tags_attached: 'pass' }, 'answers.tags_attached: not on the electronics checklist'],
      [{ powers_on: 'yes' }, "answers.powers_on: 'pass', 'fail' or 'na'"],
      [{ battery_health: 'good' }, 'answers.battery_health: a whole number from 0 to 100'],
    ] as const) {
      const res = await json('POST', `${intake}/${id}/inspections`, { answers, grade: 'USED' });
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, message]);
    }
    expect((await json('POST', `${intake}/${id}/inspections`, { answers: {}, grade: 'MINT' })).status).toBe(400);
    expect((await detailOf(id)).inspections).toHaveLength(2);
  });
});

describe('the work queue', () => {
  it('lists what needs attention, counts it, and finds a listing by its scanned sku', async () => {
    const sku = uniqueSku();
    const fresh = await insertProduct(catalog.pool, { title: 'Queue Test Blender', variants: [{ sku }] });
    const inspected = await insertProduct(catalog.pool, { title: 'Queue Test Kettle' });
    await json('POST', `${intake}/${inspected.id}/inspections`, { answers: {}, grade: 'USED' });
    await catalog.pool.query(`UPDATE products SET inspected_at = now() - interval '200 days' WHERE id = $1`, [inspected.id]);

    const list = async (query: string) => IntakeList.parse(await (await catalog.get(`${intake}?${query}`, catalog.callers.admin)).json());
    const ids = async (query: string) => (await list(query)).entries.map((e) => e.productId);
    expect(await ids('queue=not_inspected&q=queue test')).toEqual([fresh.id]);
    expect(await ids('queue=no_photos&q=queue test')).toEqual([inspected.id, fresh.id]);
    expect(await ids('queue=stale&q=queue test')).toEqual([inspected.id]);
    expect((await list(`code=${sku}`)).entries.map((e) => [e.productId, e.skus])).toEqual([[fresh.id, [sku]]]);
    expect((await list(`code=${sku.toLowerCase()}`)).total).toBe(0);

    const counts = IntakeCounts.parse(await (await catalog.get(`${intake}/counts`, catalog.callers.admin)).json());
    expect(counts.staleAfterDays).toBe(90);
    expect(counts.stale).toBeGreaterThanOrEqual(1);
    expect(counts.notInspected).toBeGreaterThanOrEqual(1);

    expect((await catalog.get(`${intake}?queue=everything`, catalog.callers.admin)).status).toBe(400);
    expect((await catalog.get(`${intake}`, catalog.callers.customer)).status).toBe(403);
    expect((await catalog.get(`${intake}/not-a-uuid`, catalog.callers.admin)).status).toBe(400);
  });
});

describe('who owns what (decision 048)', () => {
  const posProduct = (sku: string, grade: string, notes: string | null, title = 'Lenovo ThinkPad T14'): UpsertProductRequest => ({
    title,
    conditionGrade: grade,
    conditionNotes: notes,
    oneOfAKind: true,
    category: 'electronics',
    images: [],
    variants: [{ sku, priceCents: 45_000, stock: [{ locationId: 'dublin', onHand: 1 }] }],
  });

  it('a POS update keeps the photos, grade and notes the inspection recorded, offers its own grade, and applies it once accepted', async () => {
    const sku = uniqueSku();
    const created = await catalog.internal('PUT', '/internal/products', posProduct(sku, 'OPEN_BOX', 'Box opened'));
    const { productId } = (await created.json()) as { productId: string };
    expect((await upload(productId, await smallPhoto(), 'image/png')).status).toBe(201);
    await json('POST', `${intake}/${productId}/inspections`, { answers: { powers_on: 'pass' }, grade: 'LIGHTLY_USED', notes: 'Small dent on a corner' });
    // Before anything new comes from the POS, nothing waits for the inspector.
    expect((await detailOf(productId)).posCondition).toBeNull();

    expect((await catalog.internal('PUT', '/internal/products', posProduct(sku, 'USED', 'Returned by a customer', 'Lenovo ThinkPad T14 Gen 2'))).status).toBe(200);
    const after = await detailOf(productId);
    expect([after.product.title, after.product.conditionGrade, after.product.conditionNotes, after.product.photos?.length, after.product.inspection?.summary]).toEqual([
      'Lenovo ThinkPad T14 Gen 2',
      'LIGHTLY_USED',
      'Small dent on a corner',
      1,
      'Tested: powers on',
    ]);
    expect(after.posCondition).toEqual({ grade: 'USED', notes: 'Returned by a customer' });

    const accepted = IntakeDetail.parse(await (await json('POST', `${intake}/${productId}/accept-pos-condition`)).json());
    expect([accepted.product.conditionGrade, accepted.product.conditionNotes, accepted.posCondition]).toEqual(['USED', 'Returned by a customer', null]);
    expect((await json('POST', `${intake}/${productId}/accept-pos-condition`)).status).toBe(409);
  });

  it('a listing never inspected still takes the grade the POS sends', async () => {
    const sku = uniqueSku();
    const { productId } = (await (await catalog.internal('PUT', '/internal/products', posProduct(sku, 'OPEN_BOX', null))).json()) as { productId: string };
    await catalog.internal('PUT', '/internal/products', posProduct(sku, 'USED', 'Scratched'));
    const product = Product.parse(await (await catalog.get(`/api/products/${productId}`)).json());
    expect([product.conditionGrade, product.conditionNotes]).toEqual(['USED', 'Scratched']);
  });
});
