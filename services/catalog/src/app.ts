import type { Express } from 'express';
import { INTAKE_STALE_DAYS_DEFAULT } from '@pl/contracts';
import { createServiceApp, type KickablePass, type ServiceDeps } from '@pl/service-kit';
import { createDocumentCache } from './domain/document-cache.js';
import { createReadCache, type ReadCache } from './domain/read-cache.js';
import { SITEMAP_URLS_PER_FILE } from './domain/sitemaps.js';
import { adminInventoryRoutes } from './routes/admin-inventory.routes.js';
import { categoriesRoutes } from './routes/categories.routes.js';
import { crawlerDocumentsRoutes } from './routes/crawler-documents.routes.js';
import { holdsRoutes } from './routes/holds.routes.js';
import { locationsRoutes } from './routes/locations.routes.js';
import { markdownsRoutes } from './routes/markdowns.routes.js';
import { intakeRoutes } from './routes/intake.routes.js';
import { createManifestImporter } from './manifests/manifest-import.js';
import { createMarkdownRunner, MARKDOWN_RUN_INTERVAL_HOURS_DEFAULT } from './domain/markdowns.js';
import { manifestRoutes } from './routes/manifests.routes.js';
import { mediaRoutes, photoRoutes } from './routes/media.routes.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { posWritesRoutes } from './routes/pos-writes.routes.js';
import { productsRoutes } from './routes/products.routes.js';
import { reportsRoutes } from './routes/reports.routes.js';
import { variantsRoutes } from './routes/variants.routes.js';
import { pageHeadsRoutes } from './routes/page-heads.routes.js';

export interface CatalogAppOptions {
  /** The services' shared secret guarding `/internal/*` (holds for the cart, stock and products for pos-sync). */
  internalApiToken: string;
  /** Folder of the product images served at /api/media. */
  mediaDir: string;
  /** Where photos (and their private originals) are kept. */
  storage: ObjectStorage;
  /** An inspection older than this many days puts its listing in the intake desk's 'stale' queue. */
  intakeStaleDays?: number;
  /** Hours between scheduled markdown runs (MARKDOWN_RUN_INTERVAL_HOURS): the runs list tells admins. */
  markdownRunIntervalHours?: number;
  /** The public reads' cache (main.ts starts its LISTEN); unset, one that keeps nothing. */
  readCache?: ReadCache;
  /** Writes manifest imports in the background (main.ts also kicks it on a timer); unset, one of the app's own. */
  importer?: KickablePass;
  /** Does markdown runs in the background (main.ts also kicks it on a timer); unset, one of the app's own. */
  markdownRunner?: KickablePass;
  /**
   * The sitemaps and the merchant feed (decision 070): how long one is served before it is built
   * again, the clock that says so, and the listings per sitemap file. Tests lower them.
   */
  crawlerDocuments?: { ttlMs?: number; now?: () => number; sitemapUrlsPerFile?: number };
}

export function createApp({ pool, logger, verifier }: ServiceDeps, options: CatalogAppOptions): Express {
  const cache = options.readCache ?? createReadCache();
  const importer = options.importer ?? createManifestImporter(pool, options.storage, logger);
  const markdownRunner = options.markdownRunner ?? createMarkdownRunner(pool, logger);
  const { sitemapUrlsPerFile = SITEMAP_URLS_PER_FILE, ...documentTiming } = options.crawlerDocuments ?? {};
  return createServiceApp({
    pool,
    logger,
    verifier,
    // A batch of products from the POS can be a few hundred kB.
    internal: { token: options.internalApiToken, bodyLimit: '5mb', routes: [cache.dropOnWrite, holdsRoutes(pool), posWritesRoutes(pool), variantsRoutes(pool), pageHeadsRoutes(pool)] },
    routes: [cache.dropOnWrite, productsRoutes(pool, cache), categoriesRoutes(pool, cache), locationsRoutes(pool), adminInventoryRoutes(pool),
      intakeRoutes(pool, { storage: options.storage, staleDays: options.intakeStaleDays ?? INTAKE_STALE_DAYS_DEFAULT }),
      manifestRoutes(pool, { storage: options.storage, kickImports: () => void importer.kick() }),
      reportsRoutes(pool),
      markdownsRoutes(pool, { runIntervalHours: options.markdownRunIntervalHours ?? MARKDOWN_RUN_INTERVAL_HOURS_DEFAULT, kickRuns: () => void markdownRunner.kick() }),
      photoRoutes(options.storage),
      mediaRoutes(options.mediaDir),
      crawlerDocumentsRoutes(pool, { cache: createDocumentCache(documentTiming), sitemapUrlsPerFile }),
    ],
  });
}
