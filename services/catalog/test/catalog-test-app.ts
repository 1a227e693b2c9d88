import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, createTokenVerifier, type Pool, type TokenVerifier } from '@pl/service-kit';
import { listen, startTestService, testCallers, testDatabaseUrl, testLogger, type Listening } from '@pl/service-kit/testing';
import { createApp, type CatalogAppOptions } from '../src/app.js';
import { createReadCache, type ReadCache } from '../src/domain/read-cache.js';
import { seedStoreLocations } from '../src/seeds/store-locations.js';
import { createFilesystemStorage } from '../src/storage/filesystem-storage.js';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');
export const MEDIA_DIR = path.resolve(__dirname, '../media');
export const INTERNAL_TOKEN = 'catalog-test-internal-token-0123456789abcdef';

/**
 * The real catalog app on port 0 over a fresh schema, migrated and seeded the way main.ts does it
 * (demo products aside). `verifier`: whose tokens it trusts (a gateway's, behind a real gateway);
 * `crawlerDocuments`: the sitemaps' and feed's timing and page size (createApp's).
 */
export async function startCatalog({ verifier, crawlerDocuments }: { verifier?: TokenVerifier; crawlerDocuments?: CatalogAppOptions['crawlerDocuments'] } = {}) {
  // Its read cache listens, as main.ts has it: every test reads through it.
  const readCache = createReadCache();
  // Photos go to a folder of the test's own (the S3 adapter has its own test against s3rver).
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-objects-'));
  const storage = createFilesystemStorage(storageDir);
  const options = { internalApiToken: INTERNAL_TOKEN, mediaDir: MEDIA_DIR, storage, crawlerDocuments };
  const service = await startTestService({
    name: 'catalog',
    migrationsDir: MIGRATIONS_DIR,
    afterMigrations: seedStoreLocations,
    createApp: (deps) => createApp({ ...deps, verifier: verifier ?? deps.verifier }, { ...options, readCache }),
  });
  const listening = await readCache.start(service.pool, testLogger('read-cache'));
  // The tests' own writes straight to the tables return once the cache has heard of them, as the
  // service's own writes do (dropOnWrite): a test reads what it just wrote, on any machine's timing.
  const pool = new Proxy(service.pool, {
    get(target, prop) {
      if (prop === 'query') {
        return async (...args: Parameters<Pool['query']>) => {
          const result = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text ?? '';
          if (!/^\s*select\b/i.test(text)) await readCache.caughtUp();
          return result;
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const request = (base: string) => (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${pathname}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const internal = (base: string) => (method: string, pathname: string, body?: unknown) =>
    request(base)(method, pathname, body, { authorization: `Bearer ${INTERNAL_TOKEN}` });

  return {
    ...service,
    pool,
    readCache,
    storage,
    storageDir,
    async stop() {
      await listening.stop();
      await service.stop();
      rmSync(storageDir, { recursive: true, force: true });
    },
    callers: await testCallers(service.keys),
    get: (pathname: string, headers: Record<string, string> = {}) => fetch(`${service.url}${pathname}`, { headers }),
    request: request(service.url),
    /** A call to the internal API with the right token. */
    internal: internal(service.url),
    /**
     * A second instance of the service: its own pool (connections) and server over the same
     * schema, as two processes behind the gateway would be.
     */
    async startSecondInstance(
      instance: { holdNotifications?: boolean } = {},
    ): Promise<Listening & { internal: ReturnType<typeof internal>; readCache: ReadCache; deliverNotifications(): void; stop(): Promise<void> }> {
      const pool = createPool({ connectionString: testDatabaseUrl(), schema: service.db.schema, max: 10 });
      const cache = createReadCache();
      const server = await listen(createApp({ pool, logger: testLogger('catalog-2'), verifier: createTokenVerifier({ keySet: service.keys.keySet }) }, { ...options, readCache: cache }));
      // Held notifications wait here (as if PostgreSQL were slow to deliver them) until deliverNotifications().
      let held: Array<() => void> | undefined = instance.holdNotifications ? [] : undefined;
      const listenPool = Object.assign(Object.create(pool) as Pool, {
        connect: async () => {
          const client = await pool.connect();
          const on = client.on.bind(client);
          client.on = ((event: string, fn: (...a: unknown[]) => void) =>
            on(event as 'notification', event === 'notification' ? (...a: unknown[]) => (held ? held.push(() => fn(...a)) : fn(...a)) : fn)) as typeof client.on;
          return client;
        },
      });
      const cacheListening = await cache.start(listenPool, testLogger('read-cache-2'));
      return {
        ...server,
        internal: internal(server.url),
        readCache: cache,
        deliverNotifications() {
          const queued = held ?? [];
          held = undefined;
          for (const deliver of queued) deliver();
        },
        async stop() {
          await cacheListening.stop();
          await server.close();
          await pool.end();
        },
      };
    },
  };
}
export type CatalogTestApp = Awaited<ReturnType<typeof startCatalog>>;
