import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PosWebhookPath } from '@pl/contracts';
import type { NatsConn, TokenVerifier } from '@pl/service-kit';
import { connectTestNats, createTestStream, startTestService, testCallers, uniqueSuffix, type TestService, type TestStream } from '@pl/service-kit/testing';
import { INTERNAL_TOKEN, startCatalog } from '../../catalog/test/catalog-test-app.js';
import { startReferencePos, type ReferencePosOptions } from '../../../stand-ins/pos-reference/src/index.js';
import { createApp, posSyncContext, type PosSyncOptions } from '../src/app.js';
import { posAddressPolicy } from '../src/connector/pos-address-policy.js';
import type { PosSyncContext } from '../src/domain/pos-sync-context.js';
import { startPosSyncWorkers } from '../src/workers/pos-sync-workers.js';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export type Caller = 'anonymous' | 'guest' | 'customer' | 'admin';

export interface StackOptions {
  pos?: Partial<ReferencePosOptions>;
  options?: Partial<PosSyncOptions>;
  /** Who signs the callers' tokens (default: the test service's own keys); e.g. a real gateway's. */
  verifier?: TokenVerifier;
}

/**
 * The real pos-sync app over a fresh schema, a real catalog app over its own schema, and the
 * reference POS (the external system, speaking its documented protocol) on free ports. Retries are
 * quick so tests wait for them by polling, never by sleeping. The POS delivers its webhooks to this
 * pos-sync once a sync has registered them.
 */
export async function startPosSyncStack(stack: StackOptions = {}) {
  const catalog = await startCatalog();
  const pos = await startReferencePos({ apiKey: `pos_test_${uniqueSuffix()}${uniqueSuffix()}`, seed: 'demo', rateLimitPerSecond: 0, webhookRetryDelaysMs: [50, 100, 200, 400, 800], ...stack.pos });
  const options: PosSyncOptions = {
    catalogUrl: catalog.url,
    internalApiToken: INTERNAL_TOKEN,
    settingsKey: randomBytes(32),
    webhookUrl: 'http://127.0.0.1:9/not-started-yet',
    // The reference POS listens on 127.0.0.1, as under npm start.
    addresses: posAddressPolicy({ allowPrivate: true }),
    retryBaseMs: 50,
    retryMaxMs: 400,
    pos: { timeoutMs: 5000 },
    ...stack.options,
  };
  let ctx: PosSyncContext | undefined;
  const service: TestService = await startTestService({
    name: 'pos_sync',
    migrationsDir: MIGRATIONS_DIR,
    createApp: (deps) => createApp({ ...deps, verifier: stack.verifier ?? deps.verifier }, (ctx = posSyncContext(deps, options))),
  });
  const context = ctx!;
  context.settings.webhookUrl = `${service.url}${PosWebhookPath}`;
  const callers = await testCallers(service.keys);
  const extra: Array<() => Promise<void>> = [];

  /** A call to pos-sync as the given caller; the body parsed when there is one. */
  const call = async (method: string, pathname: string, body?: unknown, who: Caller = 'admin') => {
    const res = await fetch(`${service.url}${pathname}`, {
      method,
      headers: { ...callers[who], ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: Object.fromEntries(res.headers) as Record<string, string>, body: text ? JSON.parse(text) : undefined, text };
  };

  return {
    catalog,
    pos,
    service,
    pool: service.pool,
    ctx: context,
    callers,
    call,
    saveSettings: (posUrl: string = pos.url, apiKey: string = pos.apiKey) => call('POST', '/api/admin/pos-config', { posUrl, apiKey }),
    sync: () => call('POST', '/api/admin/sync/trigger'),
    /** What the catalog has on hand of a sku at a location (undefined: no such level). */
    async onHand(sku: string, locationId: string): Promise<number | undefined> {
      const { rows } = await catalog.pool.query<{ on_hand: number }>(
        `SELECT l.on_hand FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.sku = $1 AND l.location_id = $2`,
        [sku, locationId],
      );
      return rows[0]?.on_hand;
    },
    /**
     * Starts the workers main.ts starts (retry passes every 50 ms, no scheduled sync unless asked), with the
     * order.placed, order.stock-returned, manifest.received, price.changed and audit.recorded consumers reading `<stream prefix>.…` of a test stream.
     */
    async startWorkers(nats: NatsConn, stream: TestStream, { syncIntervalS = 0 }: { syncIntervalS?: number } = {}) {
      const workers = await startPosSyncWorkers(context, nats, {
        syncIntervalS,
        passIntervalMs: 50,
        orderPlaced: { stream: stream.name, subject: `${stream.subjectPrefix}.order.placed`, durable: `pos-sync-writeback-${uniqueSuffix()}` },
        stockReturned: { stream: stream.name, subject: `${stream.subjectPrefix}.order.stock-returned.>`, durable: `pos-sync-stock-returned-${uniqueSuffix()}` },
        manifestReceived: { stream: stream.name, subject: `${stream.subjectPrefix}.manifest.received.>`, durable: `pos-sync-manifest-received-${uniqueSuffix()}` },
        priceChanged: { stream: stream.name, subject: `${stream.subjectPrefix}.price.changed.>`, durable: `pos-sync-price-changed-${uniqueSuffix()}` },
        auditRecorded: { stream: stream.name, subject: `${stream.subjectPrefix}.audit.recorded.>`, durable: `pos-sync-audit-log-${uniqueSuffix()}` },
      });
      extra.push(() => workers.stop());
      return workers;
    },
    async stop() {
      for (const stop of extra.reverse()) await stop();
      await Promise.all([context.syncs.stop(), context.eventApplier.stop(), context.writebacks.stop()]);
      await service.stop();
      await options.addresses.dispatcher.destroy();
      await pos.stop();
      await catalog.stop();
    },
  };
}
export type PosSyncStack = Awaited<ReturnType<typeof startPosSyncStack>>;

/**
 * The stack with its workers reading a throwaway stream named after `name`, POS settings saved and
 * a first sync made (it tells which skus the POS has and registers its webhooks to this pos-sync).
 * `stack.stop()` also deletes the stream and closes the NATS connection.
 */
export async function startSyncedStackWithWorkers(name: string, options: StackOptions = {}): Promise<{ stack: PosSyncStack; nats: NatsConn; stream: TestStream }> {
  const stack = await startPosSyncStack(options);
  const nats = await connectTestNats({ name: `${name}-test` });
  const stream = await createTestStream(nats, name);
  await stack.startWorkers(nats, stream);
  await stack.saveSettings();
  const synced = await stack.sync();
  if (synced.status !== 200) throw new Error(`the first sync answered ${synced.status}: ${synced.text}`);
  const stopStack = stack.stop;
  stack.stop = async () => {
    await stopStack();
    await stream.delete();
    await nats.drain();
  };
  return { stack, nats, stream };
}
