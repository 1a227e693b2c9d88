import path from 'node:path';
import { startTestService, testCallers } from '@pl/service-kit/testing';
import { createApp } from '../src/app.js';
import { seedStoreLocations } from '../src/db/store-locations.seed.js';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

/** The real catalog app on port 0 over a fresh schema, migrated and seeded the way main.ts does it. */
export async function startCatalog() {
  const service = await startTestService({ name: 'catalog', migrationsDir: MIGRATIONS_DIR, afterMigrations: seedStoreLocations, createApp });
  return {
    ...service,
    callers: await testCallers(service.keys),
    get: (pathname: string, headers: Record<string, string> = {}) => fetch(`${service.url}${pathname}`, { headers }),
  };
}
export type CatalogTestApp = Awaited<ReturnType<typeof startCatalog>>;
