#!/usr/bin/env node
// The intake desk through HTTP only, as the admin's pages call it (issue 29): the demo admin finds a
// listing by its sku (a scanner's code), inspects and grades it, and uploads a photo taken by a phone
// (a JPEG with the camera and GPS in its EXIF, made here); the served files carry no EXIF, the
// listing shows the photo and the report, a file that is not a photo is refused with nothing kept,
// and a shopper's socket hears product.updated; then a lot comes in by its manifest (issue 30). The newcomer check runs it against a fresh
// `npm start` (embedded PostgreSQL, embedded broker, photos in .data/objects).
//
//   node scripts/intake-flow.mjs http://localhost:5000
//
// Prints one line per step with its time; exits non-zero on the first step that fails.
import { createRequire } from 'node:module';
import WebSocket from 'ws';
import { expectStatus, flowSteps, httpClient } from './shopper-flow.mjs';

// sharp is the catalog's: resolved from there, as the service resolves it.
const sharp = createRequire(new URL('../services/catalog/package.json', import.meta.url))('sharp');

export async function runIntakeFlow(origin, { log = () => {}, admin = { usernameOrEmail: 'admin', password: 'admin12345' } } = {}) {
  const step = flowSteps(log);
  const store = httpClient(origin);
  /** The admin's cookies for a request the JSON client cannot make (an image's bytes). */
  let cookie = '';
  await step('the admin signs in to the intake desk', async () => {
    const res = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    if (res.status !== 200) throw new Error(`POST /api/auth/login: ${res.status}`);
    cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expectStatus(await store('POST', '/api/auth/login', admin), 200, 'POST /api/auth/login');
    const counts = expectStatus(await store('GET', '/api/admin/intake/counts'), 200, 'GET /api/admin/intake/counts').json;
    return `${counts.noPhotos} without photos, ${counts.notInspected} not inspected`;
  });
  const product = expectStatus(await store('GET', '/api/products?limit=50&inStock=true'), 200, 'GET /api/products').json.data.find((p) => p.oneOfAKind) ?? null;
  if (!product) throw new Error('no one-of-a-kind listing to photograph');
  const sku = product.variants[0].sku;

  await step('a scanned sku finds its listing; it is inspected and graded', async () => {
    const found = expectStatus(await store('GET', `/api/admin/intake?code=${encodeURIComponent(sku)}`), 200, 'GET /api/admin/intake?code=').json;
    if (found.entries.length !== 1 || found.entries[0].productId !== product.id) throw new Error(`the code ${sku} found ${found.entries.length} listings`);
    const saved = expectStatus(await store('POST', `/api/admin/intake/${product.id}/inspections`, { answers: {}, grade: 'LIGHTLY_USED', notes: 'Checked by the newcomer flow' }), 201, 'POST …/inspections').json;
    return `${sku}: ${saved.product.conditionGrade}, '${saved.inspections[0].summary}'`;
  });

  await step("a phone's photo is stored without its EXIF, and shoppers hear of it", async () => {
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`, { headers: { origin } });
    const heard = new Promise((resolve) => socket.on('message', (m) => JSON.parse(m.toString()).type === 'product.updated' && resolve(true)));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6ea5' } })
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { Make: 'NewcomerPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 7/1 3000/100' } })
      .toBuffer();
    const upload = await fetch(`${origin}/api/admin/intake/${product.id}/photos`, { method: 'POST', headers: { cookie, origin, 'content-type': 'image/jpeg' }, body: photo });
    if (upload.status !== 201) throw new Error(`POST …/photos: ${upload.status} ${await upload.text()}`);
    const { photos } = await upload.json();
    const served = await fetch(origin + photos[0].src);
    const bytes = Buffer.from(await served.arrayBuffer());
    if (served.status !== 200 || (await sharp(bytes).metadata()).exif !== undefined || bytes.includes(Buffer.from('NewcomerPhone'))) throw new Error(`${photos[0].src}: ${served.status}, EXIF kept`);
    const listing = expectStatus(await store('GET', `/api/products/${product.id}`), 200, 'GET /api/products/:id').json;
    if (listing.images[0] !== photos[0].src || !listing.inspection) throw new Error('the listing does not lead with the photo or lacks its report');
    const told = await Promise.race([heard, new Promise((resolve) => setTimeout(() => resolve(false), 5000))]);
    socket.close();
    if (!told) throw new Error('no product.updated reached the socket within 5 s');
    return `${photos[0].srcset.split(', ').length} sizes, ${bytes.length} B served at 640, product.updated heard`;
  });

  await step('a file that is not a photo is refused, and nothing is kept', async () => {
    const res = await fetch(`${origin}/api/admin/intake/${product.id}/photos`, { method: 'POST', headers: { cookie, origin, 'content-type': 'image/jpeg' }, body: 'plain text named a photo' });
    const photos = expectStatus(await store('GET', `/api/admin/intake/${product.id}`), 200, 'GET /api/admin/intake/:id').json.product.photos;
    if (res.status !== 415 || photos.length !== 1) throw new Error(`answered ${res.status}; the listing has ${photos.length} photos`);
    return `415 '${(await res.json()).message}'`;
  });

  // Issue 30: a lot received by its manifest (kept in the same object storage), its drafts hidden from
  // shoppers until one is started and published, and the same file again importing nothing.
  const tag = `NC${Date.now().toString(36).toUpperCase()}`;
  const manifest = ['Item #,Description,Brand,Qty,MSRP,Condition', `${tag}-1,Stand Mixer,KitchenAid,1,$450.00,Open Box`, `${tag}-2,Air Fryer,Ninja,two,$130.00,New`, `${tag}-3,Robot Vacuum,iRobot,2,$300.00,Used`].join('\r\n');
  const uploadManifest = () => fetch(`${origin}/api/admin/manifests?name=newcomer.csv`, { method: 'POST', headers: { cookie, origin, 'content-type': 'text/csv' }, body: manifest });
  let manifestId = '';
  await step('a manifest is read, checked row by row and imported in the background', async () => {
    const res = await uploadManifest();
    if (res.status !== 201) throw new Error(`POST /api/admin/manifests: ${res.status} ${await res.text()}`);
    const uploaded = (await res.json()).manifest;
    manifestId = uploaded.id;
    const settings = { mapping: uploaded.mapping, locationId: 'columbus-warehouse', pricePct: 50, lotCost: null };
    const dry = expectStatus(await store('POST', `/api/admin/manifests/${manifestId}/dry-run`, settings), 200, 'POST …/dry-run').json;
    if (dry.toCreate !== 2 || dry.refused !== 1) throw new Error(`dry run: ${JSON.stringify(dry)}`);
    expectStatus(await store('POST', `/api/admin/manifests/${manifestId}/import`, settings), 202, 'POST …/import');
    for (let i = 0; i < 100; i++) {
      const now = expectStatus(await store('GET', `/api/admin/manifests/${manifestId}`), 200, 'GET /api/admin/manifests/:id').json;
      if (now.status === 'imported') return `${uploaded.encoding}, ${now.created} drafts, ${now.refused} refused: '${dry.problems[0].message}'`;
      if (now.status !== 'importing') throw new Error(`the import ended ${now.status}: ${now.error}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the import did not end within 10 s');
  });

  await step('a draft is started at the desk, hidden from shoppers until published', async () => {
    const started = expectStatus(await store('POST', `/api/admin/manifests/drafts/${tag}-1/intake`), 201, 'POST …/drafts/:sku/intake').json;
    const hidden = await store('GET', `/api/products/${started.productId}`);
    expectStatus(await store('POST', `/api/admin/intake/${started.productId}/publish`), 200, 'POST …/publish');
    const shown = await store('GET', `/api/products/${started.productId}`);
    if (hidden.status !== 404 || shown.status !== 200) throw new Error(`before publishing ${hidden.status}, after ${shown.status}`);
    const again = await uploadManifest();
    const { manifest: same, duplicate } = await again.json();
    if (again.status !== 200 || !duplicate || same.id !== manifestId) throw new Error(`the same file again answered ${again.status}, duplicate ${duplicate}`);
    return `404 before publishing, 200 after; the same file again: the same manifest`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? 'http://localhost:5000';
  runIntakeFlow(origin, { log: (line) => console.log(line) }).then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
