// The owner's reports on stock (decision 053) against real PostgreSQL: sell-through by grade and by
// age band, inventory value by age band at cost and retail, markdown savings from the price history
// the markdown runs write, and the inventory export streamed as spreadsheet-safe CSV.
import { parse } from 'csv-parse/sync';
import { InventoryValueReport, MarkdownSavingsReport, SellThroughReport } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { startCatalog, type CatalogTestApp } from './catalog-test-app';
import { insertProduct } from './factories';

let catalog: CatalogTestApp;
beforeAll(async () => {
  catalog = await startCatalog();
}, 30_000);
afterAll(() => catalog?.stop());

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const lastWeek = `from=${day(-6)}&to=${day(0)}`;
const get = (path: string, who: keyof CatalogTestApp['callers'] = 'admin') => catalog.get(path, catalog.callers[who]);
const report = async <T>(schema: { parse(v: unknown): T }, path: string) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return schema.parse(await res.json());
};

/** A listing on sale since `daysAgo` (null: a draft), with one variant, its stock at Dublin and its unit cost. */
async function listing(pool: Pool, input: { grade: string; daysAgo: number | null; priceCents: number; compareAtCents?: number; costCents?: number; onHand: number; title?: string }) {
  const { id, variants } = await insertProduct(pool, {
    title: input.title ?? `${input.grade} listing`,
    conditionGrade: input.grade,
    variants: [{ priceCents: input.priceCents, compareAtCents: input.compareAtCents ?? null, levels: [{ locationId: 'dublin', onHand: input.onHand }] }],
  });
  await pool.query(`UPDATE products SET published_at = CASE WHEN $2::int IS NULL THEN NULL ELSE now() - make_interval(days => $2::int) END WHERE id = $1`, [id, input.daysAgo]);
  await pool.query(`UPDATE variants SET unit_cost_cents = $2 WHERE id = $1`, [variants[0]!.id, input.costCents ?? null]);
  return variants[0]!.id;
}

/** A price change as a markdown run (or an admin) writes it: the trigger records it under that source. */
async function reprice(pool: Pool, variantId: string, priceCents: number, source: 'markdown' | 'admin') {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('pl.price_source', $1, true), set_config('pl.price_actor', 'test', true)`, [source]);
    await client.query(`UPDATE variants SET price_cents = $2 WHERE id = $1`, [variantId, priceCents]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** Units sold online: a hold committed to an order (now, or `daysAgo`). */
const sold = (pool: Pool, variantId: string, qty: number, daysAgo = 0) =>
  pool.query(
    `INSERT INTO holds (variant_id, qty, holder, status, order_id, expires_at, updated_at)
     VALUES ($1, $2, 'cart-1', 'committed', gen_random_uuid()::text, now(), now() - make_interval(days => $3))`,
    [variantId, qty, daysAgo],
  );

describe('the stock reports', () => {
  beforeAll(async () => {
    const pool = catalog.pool;
    // A: new, on sale 10 days, marked down twice (100 → 80 → 70), 2 sold after the markdowns, 3 left.
    const a = await listing(pool, { grade: 'NEW', daysAgo: 10, priceCents: 10_000, compareAtCents: 15_000, costCents: 4_000, onHand: 3 });
    await reprice(pool, a, 8_000, 'markdown');
    await reprice(pool, a, 7_000, 'markdown');
    await sold(pool, a, 2);
    // B: used, on sale 45 days, cost unknown, an admin's price change (no markdown), 1 sold this week and 1 long ago.
    const b = await listing(pool, { grade: 'USED', daysAgo: 45, priceCents: 5_000, onHand: 4 });
    await reprice(pool, b, 4_500, 'admin');
    await sold(pool, b, 1);
    await sold(pool, b, 1, 20);
    // C: used, on sale 100 days, its last unit sold.
    const c = await listing(pool, { grade: 'USED', daysAgo: 100, priceCents: 2_000, costCents: 500, onHand: 0 });
    await sold(pool, c, 1);
    // D: a draft from a manifest, not on sale yet.
    await listing(pool, { grade: 'NEW', daysAgo: null, priceCents: 3_000, costCents: 1_000, onHand: 5 });
  });

  it('gives sell-through (units sold in the range / units received) by grade and by age band, drafts left out', async () => {
    const r = await report(SellThroughReport, `/api/admin/reports/sell-through?${lastWeek}`);

    expect(r.byGrade).toEqual([
      { key: 'NEW', sold: 2, onHand: 3, received: 5, rate: 0.4 },
      { key: 'USED', sold: 2, onHand: 4, received: 6, rate: 2 / 6 },
    ]);
    expect(r.byAgeBand).toEqual([
      { key: '0-30', sold: 2, onHand: 3, received: 5, rate: 0.4 },
      { key: '31-60', sold: 1, onHand: 4, received: 5, rate: 0.2 },
      { key: '61-90', sold: 0, onHand: 0, received: 0, rate: null },
      { key: '90+', sold: 1, onHand: 0, received: 1, rate: 1 },
    ]);
  });

  it('values what is on hand by age band at cost, retail and price, and says how many units have no known cost', async () => {
    const r = await report(InventoryValueReport, '/api/admin/reports/inventory-value');

    expect(r.bands).toEqual([
      { band: 'draft', units: 5, cost: '50.00', unitsWithoutCost: 0, retail: '150.00', price: '150.00' },
      { band: '0-30', units: 3, cost: '120.00', unitsWithoutCost: 0, retail: '450.00', price: '210.00' },
      { band: '31-60', units: 4, cost: '0.00', unitsWithoutCost: 4, retail: '180.00', price: '180.00' },
      { band: '61-90', units: 0, cost: '0.00', unitsWithoutCost: 0, retail: '0.00', price: '0.00' },
      { band: '90+', units: 0, cost: '0.00', unitsWithoutCost: 0, retail: '0.00', price: '0.00' },
    ]);
    expect(r.totals).toEqual({ units: 12, cost: '170.00', unitsWithoutCost: 4, retail: '780.00', price: '540.00' });
  });

  it('counts what shoppers saved on units sold at a marked-down price, per day, and the markdowns made', async () => {
    const r = await report(MarkdownSavingsReport, `/api/admin/reports/markdown-savings?${lastWeek}`);

    expect(r.days.map((d) => d.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(day));
    expect(r.days.at(-1)).toEqual({ date: day(0), units: 2, saved: '60.00' });
    expect(r.days.slice(0, -1).every((d) => d.units === 0 && d.saved === '0.00')).toBe(true);
    expect(r.totals).toEqual({ units: 2, saved: '60.00', markdowns: 2 });
  });

  it('answers an empty range with zeros, every day present', async () => {
    const range = 'from=2020-02-27&to=2020-03-01';
    const savings = await report(MarkdownSavingsReport, `/api/admin/reports/markdown-savings?${range}`);
    expect(savings.days).toEqual(['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01'].map((date) => ({ date, units: 0, saved: '0.00' })));
    expect(savings.totals).toEqual({ units: 0, saved: '0.00', markdowns: 0 });
    const sellThrough = await report(SellThroughReport, `/api/admin/reports/sell-through?${range}`);
    expect(sellThrough.byAgeBand.map((b) => b.sold)).toEqual([0, 0, 0, 0]);
    expect(sellThrough.byGrade.map((g) => [g.key, g.sold, g.rate])).toEqual([
      ['NEW', 0, 0],
      ['USED', 0, 0],
    ]);
  });

  it('counts a sale on the day the store saw it, in the time zone asked for', async () => {
    const v = await listing(catalog.pool, { grade: 'PARTS', daysAgo: 5, priceCents: 1_000, onHand: 1 });
    await catalog.pool.query(
      `INSERT INTO holds (variant_id, qty, holder, status, order_id, expires_at, updated_at) VALUES ($1, 1, 'cart-2', 'committed', 'order-tz', now(), '2026-03-10T03:00:00Z')`,
      [v],
    );
    const inZone = async (timeZone: string) =>
      (await report(SellThroughReport, `/api/admin/reports/sell-through?from=2026-03-09&to=2026-03-09&timeZone=${encodeURIComponent(timeZone)}`)).byGrade.find((g) => g.key === 'PARTS')?.sold;
    expect(await inZone('America/New_York')).toBe(1);
    expect(await inZone('UTC')).toBe(0);
  });

  it('counts a saving only while a markdown is the price in force: a POS price after it ends the saving', async () => {
    const history = async (variantId: string, changes: Array<[string, 'pos' | 'markdown', number]>, soldAt: string) => {
      for (const [at, source, cents] of changes) {
        await catalog.pool.query(`INSERT INTO price_changes (variant_id, new_cents, source, changed_at) VALUES ($1, $2, $3, $4)`, [variantId, cents, source, at]);
      }
      await catalog.pool.query(
        `INSERT INTO holds (variant_id, qty, holder, status, order_id, expires_at, updated_at) VALUES ($1, 1, 'cart-3', 'committed', gen_random_uuid()::text, now(), $2)`,
        [variantId, soldAt],
      );
    };
    const repriced = await listing(catalog.pool, { grade: 'PARTS', daysAgo: 5, priceCents: 5_500, onHand: 0 });
    await history(repriced, [['2026-04-01T12:00Z', 'pos', 6_000], ['2026-04-02T12:00Z', 'markdown', 5_000], ['2026-04-05T12:00Z', 'pos', 5_500]], '2026-04-10T12:00Z');
    const markedDown = await listing(catalog.pool, { grade: 'PARTS', daysAgo: 5, priceCents: 4_000, onHand: 0 });
    await history(markedDown, [['2026-04-01T12:00Z', 'pos', 6_000], ['2026-04-02T12:00Z', 'markdown', 5_000], ['2026-04-03T12:00Z', 'markdown', 4_000]], '2026-04-10T12:00Z');

    const r = await report(MarkdownSavingsReport, '/api/admin/reports/markdown-savings?from=2026-04-01&to=2026-04-10');

    expect(r.days.filter((d) => d.units > 0)).toEqual([{ date: '2026-04-10', units: 1, saved: '20.00' }]);
    expect(r.totals).toEqual({ units: 1, saved: '20.00', markdowns: 3 });
  });

  it.each([
    ['no range', ''],
    ['a day that is not one', 'from=2026-02-30&to=2026-03-01'],
    ['from after to', 'from=2026-03-02&to=2026-03-01'],
    ['more than a year', 'from=2024-01-01&to=2026-01-01'],
    ['an unknown time zone', 'from=2026-03-01&to=2026-03-02&timeZone=Mars%2FOlympus'],
    ['an unknown parameter', 'from=2026-03-01&to=2026-03-02&limit=5'],
  ])('refuses %s with a 400 naming the problem', async (_case, query) => {
    for (const path of ['sell-through', 'markdown-savings']) {
      const res = await get(`/api/admin/reports/${path}?${query}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
  });

  it.each([
    ['anonymous', 401],
    ['customer', 403],
  ] as const)('refuses a caller who is %s (%i)', async (who, status) => {
    for (const path of [`sell-through?${lastWeek}`, 'inventory-value', `markdown-savings?${lastWeek}`, 'inventory.csv']) {
      expect((await get(`/api/admin/reports/${path}`, who)).status).toBe(status);
    }
  });
});

describe('GET /api/admin/reports/inventory.csv', () => {
  it('is an attachment, one row per variant, a formula made inert', async () => {
    await listing(catalog.pool, { grade: 'USED', daysAgo: 3, priceCents: 1_234, costCents: 99, onHand: 2, title: '=HYPERLINK("http://x","y")' });

    const res = await get('/api/admin/reports/inventory.csv');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(await res.text(), { bom: true, columns: true }) as Array<Record<string, string>>;
    const row = rows.find((r) => r.Title!.includes('HYPERLINK'))!;
    expect(row).toMatchObject({ Title: `'=HYPERLINK("http://x","y")`, Grade: 'USED', 'Age band': '0-30', Price: '12.34', 'Unit cost': '0.99', 'On hand': '2', 'On hand by location': 'dublin:2' });
    expect(rows.filter((r) => r['Age band'] === 'draft')).toHaveLength(1);
  });

  it('streams a large inventory page by page: every row, sent in chunks', async () => {
    const { id } = await insertProduct(catalog.pool, { title: 'Bulk lot', variants: [] });
    await catalog.pool.query(
      `INSERT INTO variants (product_id, sku, price_cents) SELECT $1, 'BULK-' || lpad(i::text, 6, '0'), 100 + i FROM generate_series(1, 25000) i`,
      [id],
    );
    const before = (await catalog.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM variants')).rows[0]!.n;

    const res = await get('/api/admin/reports/inventory.csv');
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }

    const rows = parse(text, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(before);
    expect(new Set(rows.map((r) => r.SKU)).size).toBe(before);
    expect(rows.find((r) => r.SKU === 'BULK-025000')).toMatchObject({ Price: '251.00', 'On hand': '0' });
    expect(chunks).toBeGreaterThan(1);
  }, 60_000);
});
