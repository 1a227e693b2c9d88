import { SyncRun, SyncStatus, SyncTriggerAccepted } from '@pl/contracts';
import { eventually } from '@pl/service-kit/testing';
import { startPosSyncStack, type PosSyncStack } from './pos-sync-test-app.js';

const SHOP_LOCATIONS = new Set(['columbus-warehouse', 'downtown-columbus', 'dublin', 'westerville']);

/**
 * A sync the admin can follow: longer than the trigger waits, it answers 202 and goes on in the
 * background, its progress on the status; an admin may cancel it from the dashboard.
 */
describe('a long sync from the POS', () => {
  let stack: PosSyncStack;
  // Many batches (100 products each), so a cancel lands half-way.
  const POS_PRODUCTS = 3000;

  beforeAll(async () => {
    stack = await startPosSyncStack({ pos: { seed: { generated: POS_PRODUCTS } }, options: { triggerWaitMs: 0 } });
  });
  afterAll(() => stack.stop());
  beforeEach(async () => {
    await stack.pool.query('TRUNCATE pos_settings, sync_runs, pos_events, writebacks, price_writebacks, stock_versions');
    await stack.saveSettings();
  });

  const status = async () => SyncStatus.parse((await stack.call('GET', '/api/admin/sync/status')).body);
  const runOf = async (runId: string): Promise<SyncRun> => {
    const { run } = await status();
    expect(run?.id).toBe(runId);
    return run!;
  };
  const ended = (runId: string) =>
    eventually(
      async () => {
        const run = await runOf(runId);
        expect(run.status).not.toBe('running');
        return run;
      },
      { timeoutMs: 60_000 },
    );
  const trigger = async () => {
    const res = await stack.call('POST', '/api/admin/sync/trigger');
    expect(res.status).toBe(202);
    return SyncTriggerAccepted.parse(res.body).runId;
  };

  it('answers 202 with the run id and shows its progress until it ends with its counts', async () => {
    const runId = await trigger();

    const seen = await eventually(async () => {
      const run = await runOf(runId);
      expect(run).toMatchObject({ status: 'running', total: POS_PRODUCTS, cancelRequested: false });
      expect(run.processed).toBeGreaterThan(0);
      return run;
    });
    expect(seen.processed).toBeLessThanOrEqual(POS_PRODUCTS);
    expect(seen.productsCreated + seen.productsUpdated).toBe(seen.processed);
    expect(Date.parse(seen.estimatedEndAt!)).toBeGreaterThan(Date.parse(seen.startedAt));
    expect((await status()).status).toBe('syncing');

    const run = await ended(runId);
    expect(run).toMatchObject({ status: 'succeeded', processed: POS_PRODUCTS, total: POS_PRODUCTS, error: null, estimatedEndAt: null, finishedAt: expect.any(String) });
    expect(run.productsCreated + run.productsUpdated).toBe(POS_PRODUCTS);
    expect(await status()).toMatchObject({ status: 'ready', totalProducts: POS_PRODUCTS, lastError: null });
  });

  it('refuses a second sync while one runs (409), and a cancel when none runs (409)', async () => {
    const runId = await trigger();
    const second = await stack.call('POST', '/api/admin/sync/trigger');
    expect([second.status, second.body.code]).toEqual([409, 'SYNC_RUNNING']);
    await ended(runId);

    const cancel = await stack.call('POST', '/api/admin/sync/cancel');
    expect([cancel.status, cancel.body]).toEqual([409, { message: 'No sync is running', code: 'SYNC_NOT_RUNNING' }]);
  });

  it('stops a cancelled run half-way with whole products written, and the next sync brings the rest', async () => {
    // The shop starts without the POS's products: each one the run writes is a creation.
    await stack.catalog.pool.query(`DELETE FROM products WHERE id IN (SELECT product_id FROM variants WHERE sku LIKE 'POS-GEN-%')`);
    const runId = await trigger();
    await eventually(async () => expect((await runOf(runId)).processed).toBeGreaterThanOrEqual(300));

    // The catalog's products are locked while the admin cancels, and for longer than the run's
    // progress interval (500 ms, when it also reads the cancel): its batches wait, so it cannot
    // finish first. Run alone, it wrote all 3,000 products before it read the cancel.
    const lock = await stack.catalog.pool.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE products IN EXCLUSIVE MODE');
      const cancel = await stack.call('POST', '/api/admin/sync/cancel');
      expect([cancel.status, cancel.body]).toEqual([202, { runId }]);
      expect((await runOf(runId)).cancelRequested).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 700));
    } finally {
      await lock.query('COMMIT');
      lock.release();
    }

    const run = await ended(runId);
    expect(run).toMatchObject({ status: 'cancelled', error: 'Cancelled by an admin; the products written before stay' });
    expect(run.processed).toBeLessThan(POS_PRODUCTS);
    expect(await status()).toMatchObject({ status: 'ready', lastError: 'Cancelled by an admin; the products written before stay' });

    // Every POS product is in the catalog whole (all its variants, on one product, with the POS's
    // counts) or not at all, and the run counted exactly those it wrote.
    const { rows } = await stack.catalog.pool.query<{ sku: string; product_id: string; location_id: string | null; on_hand: number | null }>(
      `SELECT v.sku, v.product_id, l.location_id, l.on_hand FROM variants v LEFT JOIN inventory_levels l ON l.variant_id = v.id WHERE v.sku LIKE 'POS-GEN-%'`,
    );
    const bySku = new Map<string, { productId: string; levels: Map<string, number> }>();
    for (const r of rows) {
      const entry = bySku.get(r.sku) ?? { productId: r.product_id, levels: new Map() };
      if (r.location_id) entry.levels.set(r.location_id, r.on_hand!);
      bySku.set(r.sku, entry);
    }
    let whole = 0;
    for (const product of stack.pos.products()) {
      const saved = product.variants.map((v) => bySku.get(v.sku));
      if (saved.every((s) => s === undefined)) continue;
      expect(saved.every((s) => s !== undefined && s.productId === saved[0]!.productId)).toBe(true);
      for (const v of product.variants) {
        for (const s of v.stock.filter((s) => SHOP_LOCATIONS.has(s.location_id))) {
          expect([v.sku, s.location_id, bySku.get(v.sku)!.levels.get(s.location_id) ?? 0]).toEqual([v.sku, s.location_id, Math.max(0, s.quantity)]);
        }
      }
      whole++;
    }
    expect(whole).toBe(run.productsCreated);
    expect(run.productsCreated).toBe(run.processed);

    const next = await ended(await trigger());
    expect(next).toMatchObject({ status: 'succeeded', processed: POS_PRODUCTS, productsCreated: POS_PRODUCTS - whole, productsUpdated: whole });
  });
});
