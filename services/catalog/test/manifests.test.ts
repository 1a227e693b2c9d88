// Manifest intake against real PostgreSQL and a real storage folder: every bad file refused whole
// with nothing kept, the dry run changing nothing, the import writing draft listings and stock a
// batch per transaction, and nothing written twice: not for the same file uploaded again, not for an
// import cancelled and resumed, stopped midway by a restart, or run by two instances at once.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { DraftIntakeStarted, ManifestDetail, ManifestDryRun, ManifestReceivedItems, ManifestRows, ManifestUploaded, WaitingDrafts, type ManifestReceivedBatch, type ManifestSettings, type UpsertProductRequest } from '@pl/contracts';
import { testLogger } from '@pl/service-kit/testing';
import { claimImport, findManifest, waitingRowSql } from '../src/db/manifests.repo';
import { lockSkus } from '../src/db/product-write.repo';
import { IMPORT_BATCH_ROWS, runImports, startImport, writeImportBatch, writeImportLanes } from '../src/manifests/manifest-import';
import { stagedTable } from '../src/manifests/manifest-stage';
import { startCatalog } from './catalog-test-app';
import { insertProduct, uniqueSku } from './factories';

let catalog: Awaited<ReturnType<typeof startCatalog>>;
beforeAll(async () => {
  catalog = await startCatalog();
}, 30_000);
afterAll(() => catalog?.stop());

const manifests = '/api/admin/manifests';
const HEADER = 'Item #,Description,Brand,Dept,Qty,MSRP,Unit Cost,Condition,Notes';
const LOCATION = 'columbus-warehouse';
const settingsFor = (detail: ManifestDetail, more: Partial<ManifestSettings> = {}): ManifestSettings => ({ mapping: detail.mapping, locationId: LOCATION, pricePct: 60, lotCost: null, ...more });

function upload(body: Buffer | string, name = 'lot.csv', who: keyof typeof catalog.callers = 'admin') {
  return fetch(`${catalog.url}${manifests}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', ...catalog.callers[who] },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}
const post = (pathname: string, body?: unknown) => catalog.request('POST', pathname, body ?? {}, catalog.callers.admin);
async function uploaded(body: Buffer | string, name?: string) {
  const res = await upload(body, name);
  expect([200, 201]).toContain(res.status);
  return ManifestUploaded.parse(await res.json());
}
const detailOf = async (id: string) => ManifestDetail.parse(await (await catalog.get(`${manifests}/${id}`, catalog.callers.admin)).json());

async function importedBy(id: string, timeoutMs = 60_000): Promise<ManifestDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const detail = await detailOf(id);
    if (detail.status !== 'importing') return detail;
    if (Date.now() > until) throw new Error(`still importing: ${JSON.stringify(detail)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A manifest of `n` good rows with fresh skus (a unique run tag keeps files of separate tests apart). */
function goodRows(n: number, tag = uniqueSku()) {
  const lines = [HEADER];
  for (let i = 1; i <= n; i++) lines.push(`${tag}-${i},Cordless Drill ${i},DeWalt,Home & Garden,${(i % 3) + 1},$${100 + (i % 50)}.00,${20 + (i % 7)}.50,Open Box,`);
  return { text: lines.join('\r\n') + '\r\n', skus: Array.from({ length: n }, (_, i) => `${tag}-${i + 1}`) };
}

const count = async (sql: string, params: unknown[] = []) => Number((await catalog.pool.query<{ n: string }>(sql, params)).rows[0]!.n);
const manifestCount = () => count('SELECT count(*) AS n FROM manifests');

describe('uploading', () => {
  it('reads the file once, keeps it, detects the columns, and the same file again is the same manifest', async () => {
    const { text } = goodRows(3);
    const first = await upload(text, 'B-Stock lot 4411.csv');
    expect(first.status).toBe(201);
    const { manifest, duplicate } = ManifestUploaded.parse(await first.json());
    expect(duplicate).toBe(false);
    expect(manifest).toMatchObject({ fileName: 'B-Stock lot 4411.csv', encoding: 'utf-8', status: 'uploaded', totalRows: 3, rowsDone: 0 });
    expect(manifest.headers).toEqual(HEADER.split(','));
    expect(manifest.mapping).toEqual({ sku: 0, title: 1, brand: 2, category: 3, quantity: 4, retail: 5, unitCost: 6, condition: 7, notes: 8 });
    expect(manifest.sample[0]).toEqual(text.split('\r\n')[1]!.split(','));

    const again = await upload(text, 'renamed.csv');
    expect(again.status).toBe(200);
    expect(ManifestUploaded.parse(await again.json())).toMatchObject({ duplicate: true, manifest: { id: manifest.id, fileName: 'B-Stock lot 4411.csv' } });
  });

  it('says which encoding it read: UTF-8 with a BOM, and Windows-1252 from a spreadsheet on Windows', async () => {
    const bom = await uploaded(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(goodRows(1).text)]));
    expect(bom.manifest.encoding).toBe('utf-8 with BOM');
    expect(bom.manifest.headers[0]).toBe('Item #');
    const sku = uniqueSku();
    const cp1252 = await uploaded(iconv.encode(`${HEADER}\r\n${sku},“Café” Espresso Machine – 15 bar,,,1,$89.99,,,\r\n`, 'win1252'));
    expect(cp1252.manifest.encoding).toBe('windows-1252');
    expect(cp1252.manifest.sample[0]![1]).toBe('“Café” Espresso Machine – 15 bar');
  });

  it('refuses a bad file whole, saying why, and keeps nothing', async () => {
    const before = await manifestCount();
    const storedManifests = () => (existsSync(path.join(catalog.storageDir, 'manifests')) ? readdirSync(path.join(catalog.storageDir, 'manifests')).length : 0);
    const files = storedManifests();
    const cases: Array<[Buffer | string, number, RegExp]> = [
      ['', 400, /empty/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), 415, /not a CSV/],
      [`${HEADER}\n${uniqueSku()},"Drill,DeWalt,Home,1,10,5,New,\n`, 400, /quote is opened and never closed/],
      [`${HEADER}\n${uniqueSku()},Drill,DeWalt\n`, 400, /another number of cells than the header \(line 2\)/],
      [`${HEADER}\n`, 400, /no rows/],
    ];
    for (const [body, status, message] of cases) {
      const res = await upload(body);
      const answer = (await res.json()) as { message: string };
      expect([res.status, answer.message]).toEqual([status, expect.stringMatching(message)]);
    }
    const tooLarge = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 'a'));
    expect(tooLarge.status).toBe(413);
    expect(await manifestCount()).toBe(before);
    expect(storedManifests()).toBe(files);
  });

  it('is for admins only', async () => {
    const { text } = goodRows(1);
    expect((await upload(text, 'x.csv', 'anonymous')).status).toBe(401);
    expect((await upload(text, 'x.csv', 'customer')).status).toBe(403);
    expect((await catalog.get(manifests, catalog.callers.customer)).status).toBe(403);
  });
});

describe('reading rows (in SQL, over the rows COPY staged)', () => {
  const header = 'SKU,Title,Qty,MSRP,Unit Cost,Condition,Category,Notes,Location';
  const dryRunOf = async (lines: string[]) => {
    const { manifest } = await uploaded([header, ...lines].join('\n'));
    const res = await post(`${manifests}/${manifest.id}/dry-run`, settingsFor(manifest));
    expect(res.status).toBe(200);
    return ManifestDryRun.parse(await res.json());
  };

  it('reads each row through the mapping: trimmed, grades and categories in the shop’s words, money in cents', async () => {
    const tag = uniqueSku();
    const dry = await dryRunOf([` ${tag}-TV ,"  Smart TV, 55""  ",2,"$1,299.99",310.5,Customer Return,Electronics,Box dented,`, `${tag}-BK,Bike,,450,,for parts,sports outdoors,,Columbus Warehouse`]);
    expect(dry).toMatchObject({ rows: 2, toCreate: 2, refused: 0, units: 3, problems: [] });
    expect(dry.preview).toEqual([
      { row: 2, sku: `${tag}-TV`, title: 'Smart TV, 55"', brand: null, category: 'electronics', quantity: 2, retail: '1299.99', unitCost: '310.50', price: '779.99', condition: 'OPEN_BOX', notes: 'Box dented', action: 'create' },
      { row: 3, sku: `${tag}-BK`, title: 'Bike', brand: null, category: 'sports-outdoors', quantity: 1, retail: '450.00', unitCost: null, price: '270.00', condition: 'FOR_PARTS', notes: null, action: 'create' },
    ]);
  });

  it('names every problem by row and column, and reads on', async () => {
    const tag = uniqueSku();
    const dry = await dryRunOf([`${tag}-A,Lamp,two,12,,new,,,`, `,Chair,1,abc,,mint,,,`, `${tag}-B,,0,,,,,,`, `${tag}-C,Desk,1,40,,,,,Mars Base`, `${tag}-D,Shelf,1,20,,,,,`]);
    expect(dry).toMatchObject({ rows: 5, toCreate: 1, refused: 4 });
    expect(dry.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [2, 'Qty', 'row 2: Qty "two" is not a number'],
      [3, 'SKU', 'row 3: SKU is empty'],
      [3, 'MSRP', 'row 3: MSRP "abc" is not an amount'],
      [3, 'Condition', 'row 3: Condition "mint" is not a grade the shop knows'],
      [4, 'Title', 'row 4: Title is empty'],
      [4, 'Qty', 'row 4: Qty must be at least 1'],
      [5, 'Location', `row 5: Location "Mars Base" is not one of the shop's locations`],
    ]);
  });

  it('reads a file COPY is stricter about (blank lines between rows) as csv-parse does', async () => {
    const tag = uniqueSku();
    const { manifest } = await uploaded(`${HEADER}\r\n${tag}-1,Drill,DeWalt,,1,$10.00,,New,\r\n\r\n${tag}-2,Saw,DeWalt,,2,$20.00,,Used,\r\n\r\n`);
    expect(manifest.totalRows).toBe(2);
    const dry = ManifestDryRun.parse(await (await post(`${manifests}/${manifest.id}/dry-run`, settingsFor(manifest))).json());
    expect(dry.preview.map((r) => [r.row, r.sku, r.quantity])).toEqual([
      [2, `${tag}-1`, 1],
      [3, `${tag}-2`, 2],
    ]);
  });

  it('reads the header and first rows of a large file from its start, and refuses a bad row far down it, naming the line', async () => {
    const { text } = goodRows(6_000);
    expect(text.length).toBeGreaterThan(256 * 1024);
    const { manifest } = await uploaded(text);
    expect(manifest).toMatchObject({ totalRows: 6_000, headers: HEADER.split(',') });
    expect(manifest.sample).toEqual(text.split('\r\n').slice(1, 6).map((line) => line.split(',')));

    const ragged = `${goodRows(6_000).text}${uniqueSku()},Drill,DeWalt\r\n`;
    const res = await upload(ragged);
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, 'A row has another number of cells than the header (line 6002).']);
  });

  it('stages the rows again from the stored file when they are not staged (a manifest from before rows were staged)', async () => {
    const { text, skus } = goodRows(3);
    const { manifest } = await uploaded(text);
    await catalog.pool.query(`DROP TABLE ${stagedTable(manifest.id)}`);
    expect((await post(`${manifests}/${manifest.id}/import`, settingsFor(manifest))).status).toBe(202);
    expect(await importedBy(manifest.id)).toMatchObject({ status: 'imported', created: 3 });
    expect(await count(`SELECT count(*) AS n FROM manifest_rows WHERE sku = ANY($1) AND outcome = 'created'`, [skus])).toBe(3);
  });
});

describe('the dry run', () => {
  it('counts what an import would do and names every problem by row and column, changing nothing', async () => {
    const existing = await insertProduct(catalog.pool, { title: 'Shop drill', variants: [{ sku: uniqueSku(), levels: [{ locationId: LOCATION, onHand: 2 }] }] });
    const existingSku = (await catalog.pool.query<{ sku: string }>('SELECT sku FROM variants WHERE product_id = $1', [existing.id])).rows[0]!.sku;
    const tag = uniqueSku();
    const text = [
      HEADER,
      `${tag}-1,Drill,DeWalt,Home & Garden,2,$199.00,40.00,New,`,
      `${existingSku},Drill again,DeWalt,Home & Garden,3,$199.00,40.00,New,`,
      `${tag}-2,Saw,DeWalt,Home & Garden,two,$99.00,,Used,`,
      `${tag}-3,Sander,DeWalt,Home & Garden,1,,,Used,`,
      `${tag}-4,"=HYPERLINK(""http://evil.example"",""Click"")",Acme,General,1,$10.00,,Broken,`,
      `${tag}-1,Drill (second pallet),DeWalt,Home & Garden,1,$199.00,40.00,New,`,
    ].join('\n');
    const { manifest } = await uploaded(text);
    const products = await count('SELECT count(*) AS n FROM products');
    const res = await post(`${manifests}/${manifest.id}/dry-run`, settingsFor(manifest));
    expect(res.status).toBe(200);
    const dry = ManifestDryRun.parse(await res.json());
    expect(dry).toMatchObject({ rows: 6, toCreate: 2, toAdd: 2, refused: 2, units: 7 });
    expect(dry.problems.map((p) => p.message)).toEqual(['row 4: Qty "two" is not a number', 'row 5: MSRP is empty, and a new listing needs a retail price']);
    expect(dry.preview.map((r) => [r.row, r.action, r.price])).toEqual([
      [2, 'create', '119.40'],
      [3, 'add', '119.40'],
      [6, 'create', '6.00'],
      [7, 'add', '119.40'],
    ]);
    // The formula is a title like any other text: kept as written, never run.
    expect(dry.preview[2]!.title).toBe('=HYPERLINK("http://evil.example","Click")');
    expect(await count('SELECT count(*) AS n FROM products')).toBe(products);
    expect((await detailOf(manifest.id)).status).toBe('uploaded');
  });

  it('refuses settings it cannot import with', async () => {
    const { manifest } = await uploaded(goodRows(2).text);
    const cases: Array<[unknown, number, RegExp]> = [
      [{ ...settingsFor(manifest), locationId: 'mars-base' }, 422, /not one of the shop's locations/],
      [{ ...settingsFor(manifest), mapping: { title: 1 } }, 422, /SKU/],
      [{ ...settingsFor(manifest), mapping: { sku: 0, title: 40 } }, 422, /column 41, and the file has 9/],
      [{ ...settingsFor(manifest), mapping: { sku: 0, title: 0 } }, 422, /mapped to two fields/],
      [{ ...settingsFor(manifest), pricePct: 0 }, 400, /pricePct/],
      [{ ...settingsFor(manifest), lotCost: '12' }, 400, /lotCost/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(`${manifests}/${manifest.id}/dry-run`, body);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect((await post(`${manifests}/00000000-0000-4000-8000-000000000000/dry-run`, settingsFor(manifest))).status).toBe(404);
    expect((await post(`${manifests}/not-an-id/dry-run`, settingsFor(manifest))).status).toBe(400);
  });
});

describe('importing', () => {
  it('creates draft listings with their units and costs, adds units to listings the shop has, and keeps every row’s outcome', async () => {
    const existingSku = uniqueSku();
    await insertProduct(catalog.pool, { title: 'Shop drill', variants: [{ sku: existingSku, levels: [{ locationId: LOCATION, onHand: 2 }] }] });
    await catalog.pool.query('UPDATE variants SET unit_cost_cents = 1000 WHERE sku = $1', [existingSku]);
    const tag = uniqueSku();
    const text = [
      HEADER,
      `${tag}-1,Cordless Drill,DeWalt,Home & Garden,1,$199.00,40.00,Customer Return,Box dented`,
      `${existingSku},Shop drill,DeWalt,Home & Garden,2,$199.00,25.00,New,`,
      `${tag}-2,Saw,DeWalt,Home & Garden,two,$99.00,,Used,`,
      `${tag}-3,Mitre Saw,DeWalt,Home & Garden,3,$300.00,,Used,`,
    ].join('\n');
    const { manifest } = await uploaded(text);
    const res = await post(`${manifests}/${manifest.id}/import`, settingsFor(manifest, { pricePct: 50 }));
    expect(res.status).toBe(202);
    const done = await importedBy(manifest.id);
    expect(done).toMatchObject({ status: 'imported', totalRows: 4, rowsDone: 4, created: 2, added: 1, refused: 1, units: 6, secondsLeft: null });

    // The new skus are drafts waiting for their intake: rows, not products yet.
    expect(await count('SELECT count(*) AS n FROM variants WHERE sku LIKE $1', [`${tag}-%`])).toBe(0);
    const waiting = WaitingDrafts.parse(await (await catalog.get(`${manifests}/drafts?q=${tag}`, catalog.callers.admin)).json());
    expect(waiting.drafts.map((d) => [d.sku, d.title, d.units, d.price, d.compareAtPrice, d.conditionGrade, d.fileName])).toEqual([
      [`${tag}-1`, 'Cordless Drill', 1, '99.50', '199.00', 'OPEN_BOX', 'lot.csv'],
      [`${tag}-3`, 'Mitre Saw', 3, '150.00', '300.00', 'USED', 'lot.csv'],
    ]);
    // Starting its intake makes the draft its product: unpublished, with its price, cost and units.
    const started = await post(`${manifests}/drafts/${tag}-1/intake`);
    expect(started.status).toBe(201);
    const { productId } = DraftIntakeStarted.parse(await started.json());
    const startedAgain = await post(`${manifests}/drafts/${tag}-1/intake`);
    expect([startedAgain.status, DraftIntakeStarted.parse(await startedAgain.json()).productId]).toEqual([200, productId]);
    expect((await post(`${manifests}/drafts/NO-SUCH-SKU/intake`)).status).toBe(404);
    const { rows: drafts } = await catalog.pool.query(
      `SELECT p.id, p.title, p.published_at, p.condition_grade, p.condition_notes, p.one_of_a_kind, p.category_id, v.price_cents, v.compare_at_cents, v.unit_cost_cents,
              (SELECT on_hand FROM inventory_levels WHERE variant_id = v.id AND location_id = $2) AS on_hand,
              (SELECT source FROM price_changes WHERE variant_id = v.id ORDER BY id LIMIT 1) AS price_source
         FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = ANY($1) ORDER BY v.sku`,
      [[`${tag}-1`, `${tag}-3`], LOCATION],
    );
    expect(drafts).toEqual([
      { id: productId, title: 'Cordless Drill', published_at: null, condition_grade: 'OPEN_BOX', condition_notes: 'Box dented', one_of_a_kind: true, category_id: 'home-garden', price_cents: 9950, compare_at_cents: 19900, unit_cost_cents: 4000, on_hand: 1, price_source: 'manifest' },
    ]);
    // Two more units at 25.00 beside two at 10.00: the cost becomes their average.
    const { rows: shop } = await catalog.pool.query(
      `SELECT v.unit_cost_cents, l.on_hand FROM variants v JOIN inventory_levels l ON l.variant_id = v.id AND l.location_id = $2 WHERE v.sku = $1`,
      [existingSku, LOCATION],
    );
    expect(shop).toEqual([{ unit_cost_cents: 1750, on_hand: 4 }]);

    const rows = ManifestRows.parse(await (await catalog.get(`${manifests}/${manifest.id}/rows`, catalog.callers.admin)).json());
    expect(rows.rows.map((r) => [r.row, r.outcome, r.quantity, r.productId])).toEqual([
      [2, 'created', 1, productId],
      [3, 'added', 2, expect.any(String)],
      [4, 'refused', null, null],
      [5, 'created', 3, null],
    ]);
    expect(rows.rows.map((r) => [r.row, r.outcome, r.quantity])).toEqual([
      [2, 'created', 1],
      [3, 'added', 2],
      [4, 'refused', null],
      [5, 'created', 3],
    ]);
    const refused = ManifestRows.parse(await (await catalog.get(`${manifests}/${manifest.id}/rows?outcome=refused`, catalog.callers.admin)).json());
    expect(refused.rows[0]!.problems[0]!.message).toBe('row 4: Qty "two" is not a number');

    // The POS hears of the units: the event names the batch's rows, and its items (the new items to
    // create, the units received) are pos-sync's to ask for, behind the internal token.
    const { rows: events } = await catalog.pool.query<{ version: number; payload: ManifestReceivedBatch }>(
      `SELECT version, payload FROM outbox WHERE subject = $1 ORDER BY seq`,
      [`manifest.received.${manifest.id}`],
    );
    expect(events).toEqual([{ version: 2, payload: { manifestId: manifest.id, batch: 0, locationId: LOCATION, rows: { after: 1, upTo: 1 + IMPORT_BATCH_ROWS }, items: 3 } }]);
    const received = `/internal/manifests/${manifest.id}/received?locationId=${LOCATION}&after=1&upTo=${1 + IMPORT_BATCH_ROWS}`;
    const asked = await catalog.internal('GET', received);
    expect(asked.status).toBe(200);
    const page = ManifestReceivedItems.parse(await asked.json());
    expect(page.next).toBeNull();
    expect(page.items).toEqual([
      { sku: `${tag}-1`, action: 'created', title: 'Cordless Drill', brand: 'DeWalt', category: 'home-garden', conditionGrade: 'OPEN_BOX', conditionNotes: 'Box dented', oneOfAKind: true, price: '99.50', compareAtPrice: '199.00', quantity: 1 },
      { sku: existingSku, action: 'added', title: 'Shop drill', brand: 'DeWalt', category: 'home-garden', conditionGrade: 'NEW_IN_BOX', conditionNotes: null, oneOfAKind: false, price: '99.50', compareAtPrice: '199.00', quantity: 2 },
      { sku: `${tag}-3`, action: 'created', title: 'Mitre Saw', brand: 'DeWalt', category: 'home-garden', conditionGrade: 'USED', conditionNotes: null, oneOfAKind: false, price: '150.00', compareAtPrice: '300.00', quantity: 3 },
    ]);
    // A page at a time: the row after which the next page starts.
    const first = ManifestReceivedItems.parse(await (await catalog.internal('GET', `${received}&limit=2`)).json());
    expect([first.items.map((i) => i.sku), first.next]).toEqual([[`${tag}-1`, existingSku], 3]);
    const rest = ManifestReceivedItems.parse(await (await catalog.internal('GET', received.replace('after=1', `after=${first.next}`))).json());
    expect([rest.items.map((i) => i.sku), rest.next]).toEqual([[`${tag}-3`], null]);
    expect((await catalog.get(received, catalog.callers.admin)).status).toBe(401);
    expect((await catalog.internal('GET', received.replace('after=1', 'after=zero'))).status).toBe(400);

    // Each admin step is in the audit trail, in its transaction, with the admin's name.
    const { rows: trail } = await catalog.pool.query<{ action: string; actor_name: string | null; target_id: string }>(
      `SELECT action, actor_name, target_id FROM admin_audit WHERE target_id = ANY($1) ORDER BY occurred_at, action`,
      [[manifest.id, productId]],
    );
    expect(trail.map((t) => [t.action, t.actor_name])).toEqual([
      ['manifest.uploaded', 'Test Admin'],
      ['manifest.import-started', 'Test Admin'],
      ['draft.intake-started', 'Test Admin'],
    ]);

    // Done is done: importing again is refused, and the same file again is this manifest.
    const again = await post(`${manifests}/${manifest.id}/import`, settingsFor(manifest, { pricePct: 50 }));
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([409, expect.stringMatching(/nothing is imported twice/)]);
    expect((await uploaded(text)).duplicate).toBe(true);
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE sku LIKE $1', [`${tag}-%`])).toBe(2);
  });

  it('spreads the lot’s cost over rows without their own by their share of the retail value', async () => {
    const tag = uniqueSku();
    const text = [HEADER, `${tag}-1,TV,LG,Electronics,1,$300.00,,New,`, `${tag}-2,Soundbar,LG,Electronics,2,$100.00,,New,`, `${tag}-3,Cable,LG,Electronics,1,$50.00,7.00,New,`].join('\n');
    const { manifest } = await uploaded(text);
    // Retail of the lot: 300 + 2 × 100 + 50 = 550; 110.00 for the lot is 20 % of retail.
    const dry = ManifestDryRun.parse(await (await post(`${manifests}/${manifest.id}/dry-run`, settingsFor(manifest, { lotCost: '110.00' }))).json());
    expect(dry.preview.map((r) => r.unitCost)).toEqual(['60.00', '20.00', '7.00']);
    await post(`${manifests}/${manifest.id}/import`, settingsFor(manifest, { lotCost: '110.00' }));
    await importedBy(manifest.id);
    const { rows } = await catalog.pool.query(`SELECT sku, unit_cost_cents FROM manifest_rows WHERE sku LIKE $1 ORDER BY sku`, [`${tag}-%`]);
    expect(rows.map((r) => r.unit_cost_cents)).toEqual([6000, 2000, 700]);
  });
});

async function startedImport(text: string) {
  const { manifest } = await uploaded(text);
  // Started without the app's runner: the test decides who writes it.
  await startImport(catalog.pool, catalog.storage, { subject: 'test-admin', name: 'Test Admin' }, manifest.id, settingsFor(manifest));
  return manifest;
}

/** Every row has exactly one outcome, and every sku exactly one draft with its units, once; no product yet. */
async function expectEachRowOnce(manifestId: string, skus: readonly string[], qtyOf: (i: number) => number) {
  expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [manifestId])).toBe(skus.length);
  const { rows } = await catalog.pool.query<{ sku: string; drafts: number; units: number }>(
    `SELECT sku, count(*)::int AS drafts, sum(quantity)::int AS units FROM manifest_rows WHERE sku = ANY($1) AND outcome = 'created' GROUP BY sku`,
    [skus],
  );
  expect(rows).toHaveLength(skus.length);
  const bySku = new Map(rows.map((r) => [r.sku, r]));
  const wrong = skus.flatMap((sku, i) => (bySku.get(sku)?.drafts === 1 && bySku.get(sku)?.units === qtyOf(i + 1) ? [] : [[sku, bySku.get(sku)]]));
  expect(wrong).toEqual([]);
  expect(await count('SELECT count(*) AS n FROM variants WHERE sku = ANY($1)', [skus])).toBe(0);
}

describe('an import stopped midway', () => {
  const rows = IMPORT_BATCH_ROWS * 3 + 17;
  const qtyOf = (i: number) => (i % 3) + 1;

  it('goes on after a restart from the last committed batch, every row written once', async () => {
    const { text, skus } = goodRows(rows);
    const manifest = await startedImport(text);
    // The first instance writes a batch and stops there (its process gone: it never commits or ends anything again).
    const dead = 'instance-that-stops';
    const claimed = (await claimImport(catalog.pool, dead, 60_000))!;
    expect(claimed.id).toBe(manifest.id);
    expect(await writeImportBatch(catalog.pool, manifest.id, dead)).toBe('written');
    expect(await detailOf(manifest.id)).toMatchObject({ status: 'importing', rowsDone: IMPORT_BATCH_ROWS });

    // While its lease holds, no other instance takes the import.
    expect(await runImports(catalog.pool, catalog.storage, testLogger('other'), 'instance-2')).toBe(0);
    // The lease runs out (as it does a minute after a process stops): the next instance goes on.
    await catalog.pool.query(`UPDATE manifests SET lease_until = now() - interval '1 second' WHERE id = $1`, [manifest.id]);
    expect(await runImports(catalog.pool, catalog.storage, testLogger('restarted'), 'instance-2')).toBe(1);
    // The stopped instance coming back to life changes nothing: the import is not its any more.
    expect(await writeImportBatch(catalog.pool, manifest.id, dead)).toBe('lost');
    const done = await detailOf(manifest.id);
    expect(done).toMatchObject({ status: 'imported', rowsDone: rows, created: rows, refused: 0 });
    await expectEachRowOnce(manifest.id, skus, qtyOf);
  }, 60_000);

  it('goes on after a restart between the lanes of a batch: the other lane written, each row and each unit once', async () => {
    // 40 new skus, and a sku the shop lists on two rows (units added to its stock).
    const { skus } = goodRows(40);
    const listed = uniqueSku();
    await insertProduct(catalog.pool, { title: 'Shop drill', variants: [{ sku: listed, levels: [{ locationId: LOCATION, onHand: 2 }] }] });
    const lines = skus.map((sku, i) => `${sku},Cordless Drill ${i + 1},DeWalt,Home & Garden,${qtyOf(i + 1)},$100.00,20.50,Open Box,`);
    lines.splice(10, 0, `${listed},Shop drill,DeWalt,Home & Garden,2,$100.00,,Open Box,`);
    lines.splice(30, 0, `${listed},Shop drill,DeWalt,Home & Garden,3,$100.00,,Open Box,`);
    const manifest = await startedImport([HEADER, ...lines].join('\r\n'));
    const dead = 'instance-that-stops-between-lanes';
    expect((await claimImport(catalog.pool, dead, 60_000))?.id).toBe(manifest.id);
    // It writes the first lane of the batch and stops before the second.
    await writeImportLanes(catalog.pool, manifest.id, dead, [0]);
    const firstLane = await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [manifest.id]);
    expect(firstLane).toBeGreaterThan(0);
    expect(firstLane).toBeLessThan(42);
    expect(await detailOf(manifest.id)).toMatchObject({ status: 'importing', rowsDone: 0 });
    // Written again by the same lane: nothing more.
    await writeImportLanes(catalog.pool, manifest.id, dead, [0]);
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [manifest.id])).toBe(firstLane);

    await catalog.pool.query(`UPDATE manifests SET lease_until = now() - interval '1 second' WHERE id = $1`, [manifest.id]);
    expect(await runImports(catalog.pool, catalog.storage, testLogger('restarted'), 'instance-2')).toBe(1);
    expect(await detailOf(manifest.id)).toMatchObject({ status: 'imported', rowsDone: 42, created: 40, added: 2, refused: 0, units: 85 });
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [manifest.id])).toBe(42);
    const { rows: drafts } = await catalog.pool.query<{ sku: string; units: number }>(
      `SELECT sku, sum(quantity)::int AS units FROM manifest_rows WHERE manifest_id = $1 AND outcome = 'created' GROUP BY sku HAVING count(*) = 1`,
      [manifest.id],
    );
    expect(new Map(drafts.map((d) => [d.sku, d.units]))).toEqual(new Map(skus.map((sku, i) => [sku, qtyOf(i + 1)])));
    const { rows: stock } = await catalog.pool.query<{ on_hand: number }>(
      'SELECT l.on_hand FROM variants v JOIN inventory_levels l ON l.variant_id = v.id AND l.location_id = $2 WHERE v.sku = $1',
      [listed, LOCATION],
    );
    expect(stock).toEqual([{ on_hand: 7 }]);
    expect(await count('SELECT count(*) AS n FROM manifest_lanes_written WHERE manifest_id = $1', [manifest.id])).toBe(0);
  }, 60_000);

  it('runs once when two instances start it at the same moment', async () => {
    const { text, skus } = goodRows(rows);
    const manifest = await startedImport(text);
    const second = await catalog.startSecondInstance();
    try {
      const worked = await Promise.all([
        runImports(catalog.pool, catalog.storage, testLogger('one'), 'instance-1'),
        runImports(catalog.pool, catalog.storage, testLogger('two'), 'instance-2'),
      ]);
      expect(worked.sort()).toEqual([0, 1]);
    } finally {
      await second.stop();
    }
    expect(await detailOf(manifest.id)).toMatchObject({ status: 'imported', rowsDone: rows });
    await expectEachRowOnce(manifest.id, skus, qtyOf);
  }, 60_000);

  it('stops between batches when cancelled, keeps what it wrote, and goes on when imported again', async () => {
    const { text, skus } = goodRows(rows);
    const { manifest } = await uploaded(text);
    await startImport(catalog.pool, catalog.storage, { subject: 'test-admin', name: 'Test Admin' }, manifest.id, settingsFor(manifest));
    await claimImport(catalog.pool, 'instance-1', 60_000);
    expect(await writeImportBatch(catalog.pool, manifest.id, 'instance-1')).toBe('written');
    const cancel = await post(`${manifests}/${manifest.id}/cancel`);
    expect(cancel.status).toBe(200);
    // The writer sees the cancel before its next batch.
    expect(await writeImportBatch(catalog.pool, manifest.id, 'instance-1')).toBe('cancelled');
    const cancelled = await detailOf(manifest.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', rowsDone: IMPORT_BATCH_ROWS });
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [manifest.id])).toBe(IMPORT_BATCH_ROWS);
    expect((await post(`${manifests}/${manifest.id}/cancel`)).status).toBe(409);

    const changed = await post(`${manifests}/${manifest.id}/import`, settingsFor(manifest, { pricePct: 40 }));
    expect(changed.status).toBe(409);
    const resumed = await post(`${manifests}/${manifest.id}/import`, settingsFor(manifest));
    expect(resumed.status).toBe(202);
    expect(await importedBy(manifest.id)).toMatchObject({ status: 'imported', rowsDone: rows, created: rows });
    await expectEachRowOnce(manifest.id, skus, qtyOf);
  }, 60_000);
});

describe('a manifest deleted', () => {
  it('takes its rows with it (a statement trigger does what the foreign key did: migration 020), and leaves other manifests’ rows', async () => {
    const imported = async (rows: number) => {
      const manifest = await startedImport(goodRows(rows).text);
      expect((await claimImport(catalog.pool, 'deleting', 60_000))?.id).toBe(manifest.id);
      while ((await writeImportBatch(catalog.pool, manifest.id, 'deleting')) === 'written');
      return manifest;
    };
    const kept = await imported(3);
    const gone = await imported(4);
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [gone.id])).toBe(4);
    await catalog.pool.query('DELETE FROM manifests WHERE id = $1', [gone.id]);
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [gone.id])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [kept.id])).toBe(3);
  });

  it('takes the marks of a batch stopped between its lanes with it', async () => {
    const manifest = await startedImport(goodRows(5).text);
    expect((await claimImport(catalog.pool, 'deleting-midway', 60_000))?.id).toBe(manifest.id);
    await writeImportLanes(catalog.pool, manifest.id, 'deleting-midway', [0]);
    expect(await count('SELECT count(*) AS n FROM manifest_lanes_written WHERE manifest_id = $1', [manifest.id])).toBe(1);
    await catalog.pool.query('DELETE FROM manifests WHERE id = $1', [manifest.id]);
    expect(await count('SELECT count(*) AS n FROM manifest_lanes_written WHERE manifest_id = $1', [manifest.id])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE manifest_id = $1', [manifest.id])).toBe(0);
  });
});

describe('the POS told of a batch', () => {
  it('announces one event per location, in the order of their first rows, numbered on across batches, refused rows left out', async () => {
    const tag = uniqueSku();
    const text = [
      'SKU,Title,Qty,MSRP,Condition,Location',
      `${tag}-1,Kettle,1,$40.00,Open Box,Dublin`,
      `${tag}-2,Toaster,2,$30.00,Used,`,
      `${tag}-3,Blender,two,$60.00,New,Dublin`,
      `${tag}-4,Mixer,3,$90.00,Used,dublin`,
      `${tag}-5,Juicer,1,$70.00,Open Box,Westerville`,
    ].join('\n');
    const manifest = await startedImport(text);
    expect((await claimImport(catalog.pool, 'announcing', 60_000))?.id).toBe(manifest.id);
    while ((await writeImportBatch(catalog.pool, manifest.id, 'announcing')) === 'written');
    expect(await detailOf(manifest.id)).toMatchObject({ status: 'imported', rowsDone: 5, created: 4, refused: 1, units: 7 });
    const { rows: events } = await catalog.pool.query<{ payload: ManifestReceivedBatch }>(`SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq`, [
      `manifest.received.${manifest.id}`,
    ]);
    const rows = { after: 1, upTo: 1 + IMPORT_BATCH_ROWS };
    expect(events.map((e) => e.payload)).toEqual([
      { manifestId: manifest.id, batch: 0, locationId: 'dublin', rows, items: 2 },
      { manifestId: manifest.id, batch: 1, locationId: LOCATION, rows, items: 1 },
      { manifestId: manifest.id, batch: 2, locationId: 'westerville', rows, items: 1 },
    ]);
    expect(await count('SELECT batches AS n FROM manifests WHERE id = $1', [manifest.id])).toBe(3);
  });
});

describe('sku locks', () => {
  it('holds a batch of 5,000 skus with at most 1,024 locks (a lock per sku overflows the lock table)', async () => {
    const client = await catalog.pool.connect();
    try {
      await client.query('BEGIN');
      await lockSkus(client, Array.from({ length: 5_000 }, (_, i) => `LOCK-${i}`));
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`);
      expect(rows[0]!.n).toBeGreaterThan(900);
      expect(rows[0]!.n).toBeLessThanOrEqual(1_024);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('the manifest list', () => {
  it('lists manifests newest first with their progress', async () => {
    const { manifest } = await uploaded(goodRows(1).text, 'newest.csv');
    const res = await catalog.get(manifests, catalog.callers.admin);
    const { manifests: list } = (await res.json()) as { manifests: Array<{ id: string; fileName: string }> };
    expect(list[0]).toMatchObject({ id: manifest.id, fileName: 'newest.csv' });
    expect((await findManifest(catalog.pool, manifest.id))?.status).toBe('uploaded');
  });
});

describe('a draft waiting for its intake', () => {
  async function importedDraft(lines: string[]) {
    const { manifest } = await uploaded([HEADER, ...lines].join('\n'));
    await post(`${manifests}/${manifest.id}/import`, settingsFor(manifest));
    return importedBy(manifest.id);
  }

  it('gathers the units of every manifest that brings its sku, and becomes one product with all of them', async () => {
    const sku = uniqueSku();
    await importedDraft([`${sku},Robot Vacuum,iRobot,Home & Garden,2,$300.00,50.00,Open Box,`]);
    const second = await importedDraft([`${sku},Robot Vacuum (pallet 2),iRobot,Home & Garden,3,$300.00,80.00,Open Box,`]);
    expect(second).toMatchObject({ created: 0, added: 1 });
    const { drafts } = WaitingDrafts.parse(await (await catalog.get(`${manifests}/drafts?q=${sku}`, catalog.callers.admin)).json());
    expect(drafts.map((d) => [d.title, d.units])).toEqual([['Robot Vacuum', 5]]);
    const { productId } = DraftIntakeStarted.parse(await (await post(`${manifests}/drafts/${sku}/intake`)).json());
    const { rows } = await catalog.pool.query(
      `SELECT v.unit_cost_cents, (SELECT sum(on_hand)::int FROM inventory_levels WHERE variant_id = v.id) AS on_hand FROM variants v WHERE v.product_id = $1`,
      [productId],
    );
    // (2 × 50 + 3 × 80) / 5 = 68.00
    expect(rows).toEqual([{ unit_cost_cents: 6800, on_hand: 5 }]);
    expect(await count(`SELECT count(*) AS n FROM manifest_rows WHERE sku = $1 AND product_id = $2`, [sku, productId])).toBe(2);
  });

  it('stays a row when the POS only echoes it (the item created from the manifest), answered with the id its product will have', async () => {
    const sku = uniqueSku();
    await importedDraft([`${sku},Espresso Machine,Breville,Home & Garden,2,$500.00,,Open Box,Box dented`]);
    const echo: UpsertProductRequest = {
      title: 'Espresso Machine',
      brand: 'Breville',
      description: null,
      conditionGrade: 'OPEN_BOX',
      conditionNotes: 'Box dented',
      oneOfAKind: false,
      category: 'home-garden',
      images: [],
      variants: [{ sku, priceCents: 30000, compareAtCents: 50000, stock: [{ locationId: LOCATION, onHand: 2 }] }],
    };
    const res = await catalog.internal('PUT', '/internal/products', echo);
    expect(res.status).toBe(200);
    const { productId } = (await res.json()) as { productId: string; created: boolean };
    const counted = await catalog.internal('PUT', '/internal/stock', { sku, locationId: LOCATION, onHand: 2 });
    expect(await counted.json()).toMatchObject({ changed: false, totalOnHand: 2, totalAvailable: 2 });
    expect(await count('SELECT count(*) AS n FROM variants WHERE sku = $1', [sku])).toBe(0);
    // Its intake makes the product the POS was told of: an id named by its manifest row (nothing stored at import).
    expect(productId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await count('SELECT count(*) AS n FROM manifest_rows WHERE sku = $1 AND draft_product_id IS NULL', [sku])).toBe(1);
    expect(DraftIntakeStarted.parse(await (await post(`${manifests}/drafts/${sku}/intake`)).json()).productId).toBe(productId);
  });

  it('keeps the product id an import before migration 021 stored for its draft', async () => {
    const sku = uniqueSku();
    await importedDraft([`${sku},Stand Fan,Lasko,Home & Garden,1,$60.00,,Open Box,`]);
    const stored = '3f1c2b4e-9d7a-4c11-8e2f-5a6b7c8d9e0f';
    await catalog.pool.query('UPDATE manifest_rows SET draft_product_id = $2 WHERE sku = $1', [sku, stored]);
    expect(DraftIntakeStarted.parse(await (await post(`${manifests}/drafts/${sku}/intake`)).json()).productId).toBe(stored);
  });

  it('becomes its product, still a draft, when the POS names it or counts it: never a second listing', async () => {
    const named = uniqueSku();
    const counted = uniqueSku();
    await importedDraft([`${named},Stand Mixer,KitchenAid,Home & Garden,1,$450.00,,Open Box,`, `${counted},Air Fryer,Ninja,Home & Garden,4,$130.00,,New,`]);
    // The POS created the item from the manifest and sends it back renamed (pos-sync's upsert).
    const upsert: UpsertProductRequest = {
      title: 'KitchenAid Stand Mixer 5 qt',
      brand: 'KitchenAid',
      description: null,
      conditionGrade: 'OPEN_BOX',
      conditionNotes: null,
      oneOfAKind: true,
      category: 'home-garden',
      images: [],
      variants: [{ sku: named, priceCents: 27000, compareAtCents: 45000, stock: [{ locationId: LOCATION, onHand: 1 }] }],
    };
    const res = await catalog.internal('PUT', '/internal/products', upsert);
    expect(res.status).toBe(200);
    // A count from the till: 3 of the 4 air fryers are there.
    const stock = await catalog.internal('PUT', '/internal/stock', { sku: counted, locationId: LOCATION, onHand: 3 });
    expect(stock.status).toBe(200);
    const { rows } = await catalog.pool.query(
      `SELECT v.sku, p.title, p.published_at, (SELECT sum(on_hand)::int FROM inventory_levels WHERE variant_id = v.id) AS on_hand,
              (SELECT count(*)::int FROM products q JOIN variants w ON w.product_id = q.id WHERE w.sku = v.sku) AS listings
         FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = ANY($1) ORDER BY p.title`,
      [[named, counted]],
    );
    expect(rows).toEqual([
      { sku: counted, title: 'Air Fryer', published_at: null, on_hand: 3, listings: 1 },
      { sku: named, title: 'KitchenAid Stand Mixer 5 qt', published_at: null, on_hand: 1, listings: 1 },
    ]);
    expect(await count(`SELECT count(*) AS n FROM manifest_rows WHERE sku = ANY($1) AND product_id IS NULL`, [[named, counted]])).toBe(0);
  });
});

describe('waiting rows', () => {
  it('are found by sku through the two partial indexes, not by reading every manifest row', async () => {
    // 30,000 rows of one manifest: drafts, units added to them, refused rows and rows already listed.
    const manifestId = '00000000-0000-4000-8000-0000000000aa';
    const tag = uniqueSku();
    await catalog.pool.query(
      `INSERT INTO manifest_rows (manifest_id, row, sku, outcome, product_id, quantity)
       SELECT $1, g, $2 || '-' || (g / 2), CASE g % 3 WHEN 0 THEN 'added' WHEN 1 THEN 'created' ELSE 'refused' END,
              CASE WHEN g % 7 = 0 THEN gen_random_uuid() END, 1
         FROM generate_series(2, 30001) g`,
      [manifestId, tag],
    );
    try {
      await catalog.pool.query('ANALYZE manifest_rows');
      const skus = [`${tag}-10`, `${tag}-11`, `${tag}-12`];
      const plan = async (sql: string) => JSON.stringify((await catalog.pool.query(`EXPLAIN (FORMAT JSON) ${sql}`, [skus])).rows[0]['QUERY PLAN']);
      for (const sql of [
        `SELECT * FROM manifest_rows r WHERE r.sku = ANY($1::text[]) AND ${waitingRowSql('r')}`,
        `SELECT (SELECT sum(w.quantity) FROM manifest_rows w WHERE w.sku = s AND ${waitingRowSql('w')}) FROM unnest($1::text[]) AS s`,
      ]) {
        const read = await plan(sql);
        expect(read).not.toContain('Seq Scan');
        expect(read).toContain('manifest_rows_one_draft_idx');
        expect(read).toContain('manifest_rows_waiting_units_idx');
      }
      // The drafts made products: their waiting rows linked (manifest-drafts.ts), by the same indexes.
      const linking = JSON.stringify(
        (await catalog.pool.query(
          `EXPLAIN (FORMAT JSON) UPDATE manifest_rows r SET product_id = gen_random_uuid()
             FROM jsonb_to_recordset($1::jsonb) AS d(sku text) WHERE r.sku = ANY($2::text[]) AND r.sku = d.sku AND ${waitingRowSql('r')}`,
          [JSON.stringify(skus.map((sku) => ({ sku }))), skus],
        )).rows[0]['QUERY PLAN'],
      );
      expect(linking).not.toContain('Seq Scan');
      // Rows 20-25 hold skus 10-12: the drafts and added units among them, none refused or listed.
      const { rows } = await catalog.pool.query<{ row: number }>(`SELECT row FROM manifest_rows r WHERE r.sku = ANY($1::text[]) AND ${waitingRowSql('r')} ORDER BY row`, [skus]);
      expect(rows.map((r) => r.row)).toEqual([22, 24, 25]);
    } finally {
      await catalog.pool.query('DELETE FROM manifest_rows WHERE manifest_id = $1', [manifestId]);
    }
  });
});
