// Composition root. runService (service-kit) migrates the schema (outbox first), seeds the demo
// data into an empty database, connects NATS, starts the outbox relay, the hold-expiry sweeper, the
// pruning of long-ended holds, the markdown schedule, the folding of the category counts' changes, the order.restock
// consumer and the read cache's LISTEN (which tells the gateways when to forget their copies),
// serves createApp and shuts down gracefully on SIGTERM.
import { fileURLToPath } from 'node:url';
import { CatalogSubjects } from '@pl/contracts';
import { databaseGauge, loadEnvFile, runService, startPeriodicWorker, type KickablePass } from '@pl/service-kit';
import { createApp } from './app.js';
import { loadCatalogConfig } from './config.js';
import { compactCategoryCounts } from './db/categories.repo.js';
import { seedDemoCatalog } from './seeds/demo-catalog.js';
import { seedStoreLocations } from './seeds/store-locations.js';
import { startOrderRestockConsumer } from './events/order-restock-consumer.js';
import { createReadCache } from './domain/read-cache.js';
import { createManifestImporter } from './manifests/manifest-import.js';
import { createMarkdownRunner, MARKDOWN_SCHEDULE_CHECK_MS, MARKDOWN_WAITING_CHECK_MS, runScheduledMarkdowns } from './domain/markdowns.js';
import { createObjectStorage, describeObjectStorage } from './storage/storage-from-config.js';
import { expireLapsedHolds, HOLD_PRUNE_INTERVAL_MS, HOLD_SWEEP_INTERVAL_MS, pruneEndedHolds } from './domain/hold-expiry.js';

loadEnvFile();

const config = loadCatalogConfig();
const readCache = createReadCache();
const storage = createObjectStorage(config);
let importer: KickablePass | undefined;
let markdownRunner: KickablePass | undefined;

await runService({
  name: 'catalog',
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  domainMetrics: (pool) =>
    databaseGauge({ name: 'catalog_active_holds', help: 'Units held in carts now (active holds)', db: pool, sql: "SELECT coalesce(sum(qty), 0)::int AS value FROM holds WHERE status = 'active' AND expires_at > now()" }),
  afterMigrations: async (pool, logger) => {
    // Said at start, not a readiness check: listings and stock are served while a bucket is away
    // (their photos fail), and a misnamed bucket or folder shows in the first lines of the log.
    await storage.check().then(
      () => logger.info({ objectStorage: describeObjectStorage(config) }, 'object storage answers'),
      (err: unknown) => logger.error({ objectStorage: describeObjectStorage(config), err }, 'object storage does not answer: photos can be neither saved nor served until it does'),
    );
    await seedStoreLocations(pool, logger);
    if (config.SEED_DEMO_CATALOG) await seedDemoCatalog(pool, logger);
  },
  workers: [
    ({ pool, logger }) =>
      startPeriodicWorker({ name: 'hold-expiry', intervalMs: HOLD_SWEEP_INTERVAL_MS, logger, run: () => expireLapsedHolds(pool) }),
    ({ pool, logger }) =>
      startPeriodicWorker({ name: 'hold-pruning', intervalMs: HOLD_PRUNE_INTERVAL_MS, logger, run: () => pruneEndedHolds(pool) }),
    // The counts' read sums what was appended since the last pass: a few thousand rows at most, even during a POS sync.
    ({ pool, logger }) =>
      startPeriodicWorker({ name: 'category-counts', intervalMs: 10_000, logger, run: () => compactCategoryCounts(pool) }),
    // Every instance looks every few minutes; the first to find no scheduled run within the interval runs one (decision 052).
    ({ pool, logger }) =>
      startPeriodicWorker({
        name: 'markdowns',
        intervalMs: MARKDOWN_SCHEDULE_CHECK_MS,
        logger,
        run: async () => {
          const run = await runScheduledMarkdowns(pool, config.MARKDOWN_RUN_INTERVAL_HOURS * 3_600_000);
          if (run) logger.info({ runId: run.id, changed: run.changed }, 'markdown run done');
        },
      }),
    // Runs asked for by hand: the route kicks the runner; every few seconds a run a restart left is done.
    ({ pool, logger }) => {
      const runner = (markdownRunner = createMarkdownRunner(pool, logger));
      const timer = startPeriodicWorker({ name: 'markdown-runs', intervalMs: MARKDOWN_WAITING_CHECK_MS, logger, run: () => runner.kick() });
      return { stop: async () => Promise.all([timer.stop(), runner.stop()]).then(() => undefined) };
    },
    (deps) => startOrderRestockConsumer(deps),
    // Manifest imports: started by an admin (the route kicks it), and every few seconds any import
    // whose writer stopped (a restart) goes on after its last committed batch.
    ({ pool, logger }) => {
      const runner = (importer = createManifestImporter(pool, storage, logger));
      const timer = startPeriodicWorker({ name: 'manifest-imports', intervalMs: 5_000, logger, run: () => runner.kick() });
      return { stop: async () => Promise.all([timer.stop(), runner.stop()]).then(() => undefined) };
    },
    ({ pool, logger, nats }) =>
      readCache.start(pool, logger, () => {
        try {
          nats.nc.publish(CatalogSubjects.readsChanged);
        } catch {
          // Closed (shutting down): gateways that lose NATS forget their answers by themselves.
        }
      }),
  ],
  createApp: (deps) =>
    createApp(deps, {
      internalApiToken: config.INTERNAL_API_TOKEN,
      mediaDir: fileURLToPath(new URL('../media', import.meta.url)),
      storage,
      intakeStaleDays: config.INTAKE_STALE_DAYS,
      markdownRunIntervalHours: config.MARKDOWN_RUN_INTERVAL_HOURS,
      readCache,
      importer,
      markdownRunner,
    }),
});
