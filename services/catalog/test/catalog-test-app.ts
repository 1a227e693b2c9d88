import path from 'node:path';
import { createPool, createTokenVerifier } from '@pl/service-kit';
import { listen, startTestService, testCallers, testDatabaseUrl, testLogger, type Listening } from '@pl/service-kit/testing';
import { createApp } from '../src/app.js';
import { seedStoreLocations } from '../src/db/store-locations.seed.js';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');
export const MEDIA_DIR = path.resolve(__dirname, '../media');
export const INTERNAL_TOKEN = 'catalog-test-internal-token-0123456789abcdef';

/** The real catalog app on port 0 over a fresh schema, migrated and seeded the way main.ts does it (demo products aside). */
export async function startCatalog() {
  const options = { internalApiToken: INTERNAL_TOKEN, mediaDir: MEDIA_DIR };
  const service = await startTestService({
    name: 'catalog',
    migrationsDir: MIGRATIONS_DIR,
    afterMigrations: seedStoreLocations,
    createApp: (deps) => createApp(deps, options),
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
    callers: await testCallers(service.keys),
    get: (pathname: string, headers: Record<string, string> = {}) => fetch(`${service.url}${pathname}`, { headers }),
    request: request(service.url),
    /** A call to the internal API with the right token. */
    internal: internal(service.url),
    /**
     * A second instance of the service: its own pool (connections) and server over the same
     * schema, as two processes behind the gateway would be.
     */
    async startSecondInstance(): Promise<Listening & { internal: ReturnType<typeof internal>; stop(): Promise<void> }> {
      const pool = createPool({ connectionString: testDatabaseUrl(), schema: service.db.schema, max: 10 });
      const server = await listen(createApp({ pool, logger: testLogger('catalog-2'), verifier: createTokenVerifier({ keySet: service.keys.keySet }) }, options));
      return {
        ...server,
        internal: internal(server.url),
        async stop() {
          await server.close();
          await pool.end();
        },
      };
    },
  };
}
export type CatalogTestApp = Awaited<ReturnType<typeof startCatalog>>;
