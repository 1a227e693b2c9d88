import path from 'node:path';
import { createTokenVerifier, runMigrations } from '@pl/service-kit';
import { createTestSchemaPool, listen, testCallers, testKeyPair, testLogger } from '@pl/service-kit/testing';
import { createApp } from '../src/app.js';
import { insertLocationsIfNone } from '../src/db/locations.repo.js';
import { STORE_LOCATIONS } from '../src/db/store-locations.seed.js';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

/** The real catalog app on port 0 over a fresh schema, migrated and seeded the way main.ts does it. */
export async function startCatalog() {
  const db = createTestSchemaPool('catalog');
  await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR });
  await insertLocationsIfNone(db.pool, STORE_LOCATIONS);
  const keys = await testKeyPair();
  const server = await listen(createApp({ pool: db.pool, logger: testLogger('catalog'), verifier: createTokenVerifier({ keySet: keys.keySet }) }));
  const callers = await testCallers(keys);
  return {
    db,
    pool: db.pool,
    callers,
    get: (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers }),
    async stop() {
      await server.close();
      await db.cleanup();
    },
  };
}
export type CatalogTestApp = Awaited<ReturnType<typeof startCatalog>>;
