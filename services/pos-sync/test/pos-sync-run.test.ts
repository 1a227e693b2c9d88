import { SyncStatus, SyncTriggerResult } from '@pl/contracts';
import { connectTestNats, createTestStream, eventually } from '@pl/service-kit/testing';
import { insertProduct } from '../../catalog/test/factories.js';
import { runScheduledSync, runSync } from '../src/domain/run-sync.js';
import { ABANDONED_RUN_ERROR } from '../src/domain/sync-status.js';
import { startPosSyncStack, type PosSyncStack } from './pos-sync-test-app.js';

const SHOP_LOCATIONS = ['columbus-warehouse', 'downtown-columbus', 'dublin', 'westerville'];

describe('sync from the POS', () => {
  let stack: PosSyncStack;
  // More than one page (200) and several catalog batches (100) of products, some with two variants.
  const POS_PRODUCTS = 250;

  beforeAll(async () => {
    stack = await startPosSyncStack({ pos: { seed: { generated: POS_PRODUCTS } } });
  });
  afterAll(() => stack.stop());
  beforeEach(async () => {
    await stack.pool.query('TRUNCATE pos_settings, sync_runs, pos_events, writebacks, price_writebacks, stock_versions');
    await stack.saveSettings();
  });

  const runs = async () =>
    (await stack.pool.query(`SELECT status, kind, error, products_created, products_updated, total_products FROM sync_runs ORDER BY started_at`)).rows;
  const status = async () => SyncStatus.parse((await stack.call('GET', '/api/admin/sync/status')).body);
  const catalogProducts = async () => (await stack.catalog.pool.query('SELECT count(*)::int AS n FROM products')).rows[0].n as number;

  it('catches up when the workers start (scheduled sync on): a run, and the webhook subscription registered again', async () => {
    const nats = await connectTestNats({ name: 'pos-sync-catch-up-test' });
    const stream = await createTestStream(nats, 'pos_catch_up');
    try {
      await stack.startWorkers(nats, stream, { syncIntervalS: 3600 });
      await eventually(async () => expect((await runs()).map((r) => r.status)).toEqual(['succeeded']));
      const { rows } = await stack.pool.query('SELECT webhook_url, webhook_key_sealed FROM pos_settings');
      expect(rows[0]).toEqual({ webhook_url: expect.stringContaining('/api/webhooks/pos'), webhook_key_sealed: expect.stringMatching(/^v1\./) });
    } finally {
      await stream.delete();
      await nats.drain();
    }
  });

  it('leaves the units of sales the POS has not confirmed out of the counts it brings', async () => {
    expect((await stack.sync()).status).toBe(200);
    const sku = stack.pos.products()[0]!.variants[0]!.sku;
    // A paid order of 2 units in Dublin whose write-back the POS has not taken yet.
    // (Not due for a day: a write-back worker another test started must leave it pending.)
    await stack.pool.query(`INSERT INTO writebacks (order_id, lines, next_attempt_at) VALUES ($1, $2::jsonb, now() + interval '1 day')`, [
      `order-${sku}`,
      JSON.stringify([{ sku, locationId: 'dublin', qty: 2 }]),
    ]);
    await stack.pos.setCount(sku, 'dublin', 7);
    // Its webhook applies the count less the 2 sold ...
    await eventually(async () => expect(await stack.onHand(sku, 'dublin')).toBe(5));
    // ... and so does a sync that brings the same count as new (the shop forgot it had applied it).
    await stack.catalog.internal('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand: 99 });
    await stack.pool.query(`DELETE FROM stock_versions WHERE sku = $1 AND location_id = 'dublin'`, [sku]);
    expect((await stack.sync()).status).toBe(200);
    expect(await stack.onHand(sku, 'dublin')).toBe(5);
  });

  it('first creates every POS product, then a sync right after only updates them', async () => {
    const first = await stack.sync();
    expect(first.status).toBe(200);
    const { productsCreated, productsUpdated } = SyncTriggerResult.parse(first.body).stats;
    expect(productsCreated + productsUpdated).toBe(POS_PRODUCTS);

    const second = await stack.sync();

    expect([second.status, second.body]).toEqual([200, { stats: { productsCreated: 0, productsUpdated: POS_PRODUCTS }, runId: expect.any(String) }]);
    expect(await catalogProducts()).toBe(POS_PRODUCTS);
    expect(await status()).toEqual({
      status: 'ready',
      lastSyncAt: expect.any(String),
      totalProducts: POS_PRODUCTS,
      lastError: null,
      writebacks: { pending: 0, failed: 0 },
      manifests: { pending: 0, failed: 0, lastFailure: null },
      prices: { pending: 0, failed: 0, lastFailure: null },
      run: expect.objectContaining({ status: 'succeeded', kind: 'full', processed: POS_PRODUCTS, total: POS_PRODUCTS, productsCreated: 0, productsUpdated: POS_PRODUCTS }),
    });
    expect((await runs()).map((r) => [r.status, r.kind])).toEqual([
      ['succeeded', 'full'],
      ['succeeded', 'full'],
    ]);
  });

  it("leaves the catalog holding the POS's products, prices and counts (below zero as zero)", async () => {
    const [product] = stack.pos.products();
    const sku = product!.variants[0]!.sku;
    await stack.pos.setCount(sku, 'dublin', 7);
    expect((await stack.sync()).status).toBe(200);

    for (const p of stack.pos.products()) {
      for (const v of p.variants) {
        for (const location of SHOP_LOCATIONS) {
          const quantity = v.stock.find((s) => s.location_id === location)?.quantity ?? 0;
          expect([v.sku, location, (await stack.onHand(v.sku, location)) ?? 0]).toEqual([v.sku, location, Math.max(0, quantity)]);
        }
      }
    }
    const { rows } = await stack.catalog.pool.query(
      `SELECT p.title, p.condition_grade, p.one_of_a_kind, p.category_id, v.price_cents, v.compare_at_cents
       FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = $1`,
      [sku],
    );
    expect(rows[0]).toEqual({
      title: product!.name,
      condition_grade: product!.condition.grade,
      one_of_a_kind: product!.unique,
      category_id: product!.category,
      price_cents: product!.variants[0]!.price.amount,
      compare_at_cents: product!.variants[0]!.compare_at_price?.amount ?? null,
    });
  });

  it('lets exactly one of several simultaneous triggers run; the others get 409', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => stack.sync()));

    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ message: 'A sync is already running', code: 'SYNC_RUNNING' });
    }
    expect((await runs()).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('refuses a trigger while another instance is running a sync (fresh heartbeat)', async () => {
    await stack.pool.query(`INSERT INTO sync_runs (status) VALUES ('running')`);
    const res = await stack.sync();
    expect([res.status, res.body]).toEqual([409, { message: 'A sync is already running', code: 'SYNC_RUNNING' }]);
    expect(await status()).toMatchObject({ status: 'syncing' });
  });

  it('takes over from a run whose instance died: that run is marked failed, the new one runs', async () => {
    await stack.pool.query(`INSERT INTO sync_runs (status, started_at, heartbeat_at) VALUES ('running', now() - interval '10 minutes', now() - interval '2 minutes')`);

    const res = await stack.sync();

    expect(res.status).toBe(200);
    expect((await runs()).map((r) => [r.status, r.error])).toEqual([
      ['failed', ABANDONED_RUN_ERROR],
      ['succeeded', null],
    ]);
  });

  it('fails with the reason when the POS is down, shows it in the status, and recovers on the next run', async () => {
    stack.pos.setDown(true);
    let res;
    try {
      res = await stack.sync();
    } finally {
      stack.pos.setDown(false);
    }
    const message = `The POS at ${stack.pos.url} is unavailable right now; try again later`;
    expect([res.status, res.body]).toEqual([502, { message, code: 'POS_SYNC_FAILED' }]);
    expect(await status()).toMatchObject({ status: 'error', lastError: message });

    expect((await stack.sync()).status).toBe(200);
    expect(await status()).toMatchObject({ status: 'ready', lastError: null });
  });

  it('fails with the reason when the POS refuses the key', async () => {
    await stack.saveSettings(stack.pos.url, 'wrong-key');
    const res = await stack.sync();
    expect([res.status, res.body]).toEqual([502, { message: 'The POS refused the API key', code: 'POS_SYNC_FAILED' }]);
    expect((await runs()).map((r) => r.status)).toEqual(['failed']);
  });

  it('refuses to sync before settings are saved, recording no run', async () => {
    await stack.pool.query('TRUNCATE pos_settings');
    const res = await stack.sync();
    expect([res.status, res.body]).toEqual([409, { message: 'POS settings are not saved yet', code: 'POS_NOT_CONFIGURED' }]);
    expect(await runs()).toEqual([]);
  });

  describe('a product the catalog refuses for good', () => {
    /** Makes the catalog hold a two-variant product's SKUs in two different products: it refuses to merge them. */
    const splitInCatalog = async () => {
      const twoVariants = stack.pos.products().find((p) => p.variants.length === 2)!;
      const sku = twoVariants.variants[1]!.sku;
      await stack.catalog.pool.query(`DELETE FROM variants WHERE sku = $1`, [sku]);
      await insertProduct(stack.catalog.pool, { title: 'Someone else', variants: [{ sku }] });
      return { product: twoVariants, sku };
    };
    const warning = (name: string) => `1 of ${POS_PRODUCTS} POS products could not be saved: ${name}: These SKUs belong to different products`;
    // Put the catalog right again for the tests after these.
    afterEach(async () => {
      const { rows } = await stack.catalog.pool.query(`SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id WHERE p.title = 'Someone else'`);
      await stack.catalog.pool.query(`DELETE FROM variants WHERE sku = ANY($1)`, [rows.map((r) => r.sku)]);
      await stack.catalog.pool.query(`DELETE FROM products WHERE title = 'Someone else'`);
      expect((await stack.sync()).status).toBe(200);
    });

    it('is reported by name and reason as a warning of a successful run that saved the rest; the status stays ready', async () => {
      expect((await stack.sync()).status).toBe(200);
      const { product } = await splitInCatalog();

      const res = await stack.sync();

      expect([res.status, res.body]).toEqual([200, { stats: { productsCreated: 0, productsUpdated: POS_PRODUCTS - 1 }, runId: expect.any(String) }]);
      expect((await runs()).at(-1)).toMatchObject({ status: 'succeeded', error: warning(product.name), products_updated: POS_PRODUCTS - 1 });
      expect(await status()).toMatchObject({ status: 'ready', lastError: warning(product.name), totalProducts: POS_PRODUCTS });
    });

    it('does not hold back the incremental cursor: the next scheduled run asks only for what changed since', async () => {
      await splitInCatalog();
      expect((await stack.sync()).status).toBe(200);
      const { rows } = await stack.pool.query(`SELECT updated_through FROM sync_runs WHERE status = 'succeeded' ORDER BY started_at DESC LIMIT 1`);
      const newest = Math.max(...stack.pos.products().map((p) => Date.parse(p.updated_at)));
      expect(rows[0].updated_through?.getTime()).toBe(newest);
      const changed = stack.pos.products()[5]!;
      await stack.pos.updateProduct(changed.id, { name: 'Renamed after the warning' });

      await runScheduledSync(stack.ctx);

      const last = (await runs()).at(-1);
      expect(last).toMatchObject({ status: 'succeeded', kind: 'incremental', error: null, total_products: POS_PRODUCTS });
      // The changed product, and at most the one the previous run saw last (updated_since is inclusive).
      expect(last.products_updated).toBeGreaterThanOrEqual(1);
      expect(last.products_updated).toBeLessThanOrEqual(2);
      expect(await status()).toMatchObject({ status: 'ready', lastError: null });
    });
  });

  describe('scheduled (incremental) sync', () => {
    it('asks the POS only for what changed since the last successful run', async () => {
      expect((await stack.sync()).status).toBe(200);
      const changed = stack.pos.products()[3]!;
      await stack.pos.updateProduct(changed.id, { name: 'Renamed in the POS' });

      const stats = await runSync(stack.ctx, 'incremental');

      expect(stats.productsCreated).toBe(0);
      // The changed product, and at most the one the previous run saw last (updated_since is inclusive).
      expect(stats.productsUpdated).toBeGreaterThanOrEqual(1);
      expect(stats.productsUpdated).toBeLessThanOrEqual(2);
      expect((await runs()).at(-1)).toMatchObject({ status: 'succeeded', kind: 'incremental', total_products: POS_PRODUCTS });
      const { rows } = await stack.catalog.pool.query(`SELECT p.title FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = $1`, [changed.variants[0]!.sku]);
      expect(rows[0].title).toBe('Renamed in the POS');
    });

    it('is a full sync when no run has succeeded yet', async () => {
      await runScheduledSync(stack.ctx);
      expect((await runs()).map((r) => [r.status, r.kind, r.total_products])).toEqual([['succeeded', 'full', POS_PRODUCTS]]);
    });

    it('quietly skips when settings are missing or a sync is running', async () => {
      await stack.pool.query('TRUNCATE pos_settings');
      await expect(runScheduledSync(stack.ctx)).resolves.toBeUndefined();
      await stack.saveSettings();
      await stack.pool.query(`INSERT INTO sync_runs (status) VALUES ('running')`);
      await expect(runScheduledSync(stack.ctx)).resolves.toBeUndefined();
      expect((await runs()).map((r) => r.status)).toEqual(['running']);
    });
  });
});
