// Composition root. runService (service-kit) migrates the schema (outbox first), connects NATS,
// starts the outbox relay and pos-sync's workers (order.placed write-back consumer, event and
// write-back retry passes, scheduled incremental sync), serves createApp and shuts down gracefully
// on SIGTERM. Routes and workers share one context, so a webhook's kick reaches the one applier.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createLogger, databaseGauge, loadEnvFile, runService, type ServiceDeps } from '@pl/service-kit';
import { createApp, posSyncContext } from './app.js';
import { loadPosSyncConfig } from './config.js';
import { posAddressPolicy } from './connector/pos-address-policy.js';
import type { PosSyncContext } from './domain/pos-sync-context.js';
import { startPosSyncWorkers } from './workers/pos-sync-workers.js';

loadEnvFile();

const config = loadPosSyncConfig();

let settingsKey = config.POS_SETTINGS_KEY;
if (!settingsKey) {
  settingsKey = randomBytes(32);
  createLogger({ name: 'pos-sync', level: config.LOG_LEVEL }).warn(
    'POS_SETTINGS_KEY is unset: using a random key for this process, so saved POS keys will not survive a restart (set POS_SETTINGS_KEY to 64 hex characters)',
  );
}

let ctx: PosSyncContext | undefined;
const context = (deps: Pick<ServiceDeps, 'pool' | 'logger'>) =>
  (ctx ??= posSyncContext(deps, {
    catalogUrl: config.CATALOG_URL,
    internalApiToken: config.INTERNAL_API_TOKEN,
    settingsKey,
    webhookUrl: config.POS_WEBHOOK_URL,
    addresses: posAddressPolicy({ allowPrivate: config.POS_ALLOW_PRIVATE_ADDRESSES }),
    webhookToleranceS: config.POS_WEBHOOK_TOLERANCE_S,
    triggerWaitMs: config.SYNC_TRIGGER_WAIT_MS,
    pos: { timeoutMs: config.POS_REQUEST_TIMEOUT_MS },
  }));

await runService({
  name: 'pos-sync',
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  domainMetrics: (pool) => {
    databaseGauge({ name: 'pos_sync_running', help: 'POS syncs running now (0 or 1)', db: pool, sql: "SELECT count(*)::int AS value FROM sync_runs WHERE status = 'running'" });
    databaseGauge({ name: 'pos_sync_runs', help: 'POS syncs recorded, of every outcome', db: pool, sql: 'SELECT count(*)::int AS value FROM sync_runs' });
    databaseGauge({
      name: 'pos_sync_last_run_duration_seconds',
      help: 'How long the last finished POS sync took',
      db: pool,
      sql: 'SELECT coalesce(extract(epoch FROM finished_at - started_at), 0)::float8 AS value FROM sync_runs WHERE finished_at IS NOT NULL ORDER BY started_at DESC LIMIT 1',
    });
  },
  workers: [(deps) => startPosSyncWorkers(context(deps), deps.nats, { syncIntervalS: config.POS_SYNC_INTERVAL_S })],
  createApp: (deps) => createApp(deps, context(deps)),
});
