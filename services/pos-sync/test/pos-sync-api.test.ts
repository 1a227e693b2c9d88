import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { IngestedEvent, SyncStatus } from '@pl/contracts';
import { KIT_MIGRATIONS } from '@pl/service-kit';
import { startTestService, testCallers, type TestService } from '@pl/service-kit/testing';
import { createApp, posSyncContext } from '../src/app.js';
import { posAddressPolicy } from '../src/connector/pos-address-policy.js';
import { pruneAppliedEvents, pruneDonePrices } from '../src/domain/prune-events.js';

/** The reads need neither a catalog nor a POS: nothing listens at these addresses. */
const OFFLINE = {
  catalogUrl: 'http://127.0.0.1:9',
  internalApiToken: 'x'.repeat(32),
  settingsKey: randomBytes(32),
  webhookUrl: 'http://127.0.0.1:9/hooks',
  addresses: posAddressPolicy({ allowPrivate: true }),
};

describe('pos-sync service', () => {
  let posSync: TestService;
  let callers: Awaited<ReturnType<typeof testCallers>>;
  const get = (pathname: string, headers: Record<string, string> = callers.admin) => fetch(`${posSync.url}${pathname}`, { headers });

  beforeAll(async () => {
    posSync = await startTestService({
      name: 'pos_sync',
      migrationsDir: path.resolve(__dirname, '../migrations'),
      createApp: (deps) => createApp(deps, posSyncContext(deps, OFFLINE)),
    });
    callers = await testCallers(posSync.keys);
  });
  afterAll(() => posSync.stop());
  beforeEach(() => posSync.pool.query('TRUNCATE sync_runs, pos_events, pos_settings, writebacks, price_writebacks'));

  it("gets the outbox from the kit's migration, applied before its own", () => {
    expect(posSync.migrations).toEqual([
      ...KIT_MIGRATIONS.map((m) => m.name),
      '001-init.sql',
      '002-secrets-sync-runs-events-writebacks.sql',
      '003-writeback-skipped-and-first-attempt.sql',
      '004-writeback-lines.sql',
      '005-return-writebacks.sql',
      '006-sync-progress.sql',
      '007-event-inbox.sql',
      '008-manifest-writebacks.sql',
      '009-audit-log.sql',
      '010-price-writebacks.sql',
    ]);
  });

  it('is live and ready with its database', async () => {
    expect((await fetch(`${posSync.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${posSync.url}/readyz`)).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  describe.each(['/api/admin/sync/status', '/api/admin/events', '/api/admin/pos-config', '/api/admin/not-a-route'])('%s', (pathname) => {
    it.each([
      ['anonymous', 401],
      ['guest', 401],
      ['customer', 403],
    ] as const)('refuses %s with %i JSON', async (who, status) => {
      const res = await get(pathname, callers[who]);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message: expect.any(String), code: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
    });
  });

  describe('GET /api/admin/sync/status', () => {
    it('is ready with nothing synced before the first run', async () => {
      const res = await get('/api/admin/sync/status');
      expect([res.status, await res.json()]).toEqual([200, { status: 'ready', lastSyncAt: null, totalProducts: 0, lastError: null, writebacks: { pending: 0, failed: 0 }, manifests: { pending: 0, failed: 0, lastFailure: null }, prices: { pending: 0, failed: 0, lastFailure: null } }]);
    });

    it('counts the sales waiting for the POS and the sales it refused (not those sent or without POS items)', async () => {
      await posSync.pool.query(
        `INSERT INTO writebacks (order_id, status, sent_at, last_error) VALUES
           ('o-1', 'pending', NULL, NULL), ('o-2', 'pending', NULL, 'The POS is unavailable'),
           ('o-3', 'failed', NULL, 'Unknown sku X'), ('o-4', 'sent', now(), NULL),
           ('o-5', 'skipped', NULL, 'The order has no POS items; nothing was sent to the POS')`,
      );
      const status = SyncStatus.parse(await (await get('/api/admin/sync/status')).json());
      expect(status.writebacks).toEqual({ pending: 2, failed: 1 });
    });

    it('counts the prices waiting for the POS and those it refused, per price, apart from the sales', async () => {
      await posSync.pool.query(
        `INSERT INTO writebacks (order_id, kind, status, sent_at, last_error) VALUES
           ('prices-a', 'price', 'pending', NULL, 'The POS is unavailable'), ('prices-b', 'price', 'failed', NULL, 'Not confirmed'),
           ('prices-c', 'price', 'sent', now(), NULL)`,
      );
      await posSync.pool.query(
        `INSERT INTO price_writebacks (change_id, sku, price_cents, source, changed_at, status, writeback, note) VALUES
           ('r1:v1', 'A', 100, 'markdown', now(), 'pending', NULL, NULL), ('r1:v2', 'B', 100, 'markdown', now(), 'pending', 'prices-a', NULL),
           ('r1:v3', 'C', 100, 'markdown', now(), 'pending', 'prices-a', NULL), ('r0:v4', 'D', 100, 'markdown', now() - interval '1 day', 'superseded', NULL, 'newer'),
           ('r1:v5', 'E', 100, 'markdown', now(), 'failed', 'prices-b', 'Not confirmed'), ('r1:v6', 'F', 100, 'markdown', now(), 'sent', 'prices-c', NULL),
           ('r1:v7', 'G', 100, 'markdown', now(), 'skipped', 'prices-c', 'The POS has no item with this sku')`,
      );
      const status = SyncStatus.parse(await (await get('/api/admin/sync/status')).json());
      expect([status.writebacks, status.prices]).toEqual([
        { pending: 0, failed: 0 },
        { pending: 3, failed: 1, lastFailure: 'Not confirmed' },
      ]);
    });

    it('reports a failed latest run with its error and the last success', async () => {
      await posSync.pool.query(
        `INSERT INTO sync_runs (status, started_at, finished_at, total_products, error) VALUES
           ('succeeded', '2025-05-01T09:00:00Z', '2025-05-01T09:02:00Z', 42, NULL),
           ('failed', '2025-05-02T09:00:00Z', '2025-05-02T09:00:05Z', 0, 'POS answered 401 Unauthorized')`,
      );
      const status = SyncStatus.parse(await (await get('/api/admin/sync/status')).json());
      expect(status).toEqual({
        status: 'error',
        lastSyncAt: '2025-05-01T09:02:00.000Z',
        totalProducts: 42,
        lastError: 'POS answered 401 Unauthorized',
        writebacks: { pending: 0, failed: 0 },
        manifests: { pending: 0, failed: 0, lastFailure: null },
        prices: { pending: 0, failed: 0, lastFailure: null },
        run: {
          id: expect.any(String),
          kind: 'full',
          status: 'failed',
          startedAt: '2025-05-02T09:00:00.000Z',
          finishedAt: '2025-05-02T09:00:05.000Z',
          processed: 0,
          total: null,
          productsCreated: 0,
          productsUpdated: 0,
          estimatedEndAt: null,
          cancelRequested: false,
          error: 'POS answered 401 Unauthorized',
        },
      });
    });

    it('reports a run in progress as syncing', async () => {
      await posSync.pool.query(`INSERT INTO sync_runs (status) VALUES ('running')`);
      expect((await (await get('/api/admin/sync/status')).json()).status).toBe('syncing');
    });
  });

  describe('pruning of webhook events', () => {
    it('deletes applied and skipped events ingested more than 30 days ago and keeps newer, unapplied or failed ones', async () => {
      await posSync.pool.query(
        `INSERT INTO pos_events (id, type, payload, ingested_at, status, applied_at, last_error) VALUES
           ('evt-old', 't', '{}', now() - interval '31 days', 'applied', now() - interval '31 days', NULL),
           ('evt-old-skipped', 't', '{}', now() - interval '31 days', 'skipped', now() - interval '31 days', 'Ignored: the shop does not use t events'),
           ('evt-old-failed', 't', '{}', now() - interval '31 days', 'failed', now() - interval '31 days', 'Not applied: Unknown location lakeside'),
           ('evt-old-unapplied', 't', '{}', now() - interval '31 days', 'pending', NULL, NULL),
           ('evt-recent', 't', '{}', now() - interval '29 days', 'applied', now() - interval '29 days', NULL)`,
      );
      expect(await pruneAppliedEvents(posSync.pool)).toBe(2);
      const { rows } = await posSync.pool.query('SELECT id FROM pos_events ORDER BY id');
      expect(rows.map((r) => r.id)).toEqual(['evt-old-failed', 'evt-old-unapplied', 'evt-recent']);
    });
  });

  describe('pruning of prices sent to the POS', () => {
    it('deletes prices done with more than 30 days ago and then their emptied batches, and keeps refused, pending and newer ones', async () => {
      await posSync.pool.query(
        `INSERT INTO writebacks (order_id, kind, status, sent_at, last_error, created_at) VALUES
           ('prices-old', 'price', 'sent', now(), NULL, now() - interval '31 days'),
           ('prices-old-mixed', 'price', 'sent', now(), NULL, now() - interval '31 days'),
           ('prices-old-failed', 'price', 'failed', NULL, 'Not confirmed', now() - interval '31 days'),
           ('prices-recent', 'price', 'sent', now(), NULL, now() - interval '29 days')`,
      );
      await posSync.pool.query(
        `INSERT INTO price_writebacks (change_id, sku, price_cents, source, changed_at, status, writeback, note, created_at) VALUES
           ('old-sent', 'A', 1, 'markdown', now(), 'sent', 'prices-old', NULL, now() - interval '31 days'),
           ('old-skipped', 'B', 1, 'markdown', now(), 'skipped', 'prices-old-mixed', 'none', now() - interval '31 days'),
           ('old-sent-too', 'C', 1, 'markdown', now(), 'sent', 'prices-old-mixed', NULL, now() - interval '29 days'),
           ('old-pending', 'G', 1, 'markdown', now(), 'pending', NULL, NULL, now() - interval '31 days'),
           ('old-superseded', 'D', 1, 'markdown', now(), 'superseded', NULL, 'newer', now() - interval '31 days'),
           ('old-failed', 'E', 1, 'markdown', now(), 'failed', 'prices-old-failed', 'Not confirmed', now() - interval '31 days'),
           ('recent-sent', 'F', 1, 'markdown', now(), 'sent', 'prices-recent', NULL, now() - interval '29 days')`,
      );
      expect(await pruneDonePrices(posSync.pool)).toBe(3);
      const prices = await posSync.pool.query('SELECT change_id FROM price_writebacks ORDER BY change_id');
      expect(prices.rows.map((r) => r.change_id)).toEqual(['old-failed', 'old-pending', 'old-sent-too', 'recent-sent']);
      // A batch goes once none of its prices is left.
      const batches = await posSync.pool.query(`SELECT order_id FROM writebacks WHERE kind = 'price' ORDER BY order_id`);
      expect(batches.rows.map((r) => r.order_id)).toEqual(['prices-old-failed', 'prices-old-mixed', 'prices-recent']);
    });
  });

  describe('GET /api/admin/events', () => {
    it('answers ingested events newest first, each payload being what the event says (its data)', async () => {
      await posSync.pool.query(
        `INSERT INTO pos_events (id, type, payload, ingested_at) VALUES
           ('evt-1', 'inventory.adjusted', '{"id":"evt-1","type":"inventory.adjusted","data":{"sku":"A","delta":-1}}', '2025-05-01T10:00:00Z'),
           ('evt-2', 'product.updated', '{"sku":"B"}', '2025-05-01T11:00:00Z')`,
      );
      const events = ((await (await get('/api/admin/events')).json()) as unknown[]).map((e) => IngestedEvent.parse(e));
      expect(events).toEqual([
        { id: 'evt-2', type: 'product.updated', payload: { sku: 'B' }, ingestedAt: '2025-05-01T11:00:00.000Z' },
        { id: 'evt-1', type: 'inventory.adjusted', payload: { sku: 'A', delta: -1 }, ingestedAt: '2025-05-01T10:00:00.000Z' },
      ]);
      expect(await (await get('/api/admin/events?limit=1')).json()).toHaveLength(1);
    });

    it.each(['0', '101', 'ten'])('rejects limit=%s with 400 JSON', async (limit) => {
      const res = await get(`/api/admin/events?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: expect.stringContaining('limit'), code: 'VALIDATION_FAILED' });
    });
  });
});
