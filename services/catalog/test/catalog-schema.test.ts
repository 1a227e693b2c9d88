import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OUTBOX_SQL, runMigrations } from '@pl/service-kit';
import { createTestSchemaPool } from '@pl/service-kit/testing';
import { insertLocationsIfNone } from '../src/db/locations.repo.js';
import { STORE_LOCATIONS } from '../src/db/store-locations.seed.js';
import { MIGRATIONS_DIR } from './catalog-test-app.js';

describe('catalog schema', () => {
  it('creates the kit outbox verbatim in its first migration', () => {
    expect(readFileSync(path.join(MIGRATIONS_DIR, '001-init.sql'), 'utf8')).toContain(OUTBOX_SQL);
  });

  it('migrates a fresh schema once, seeds the locations once, and reruns as a no-op', async () => {
    const db = createTestSchemaPool('catalog_schema');
    try {
      expect(await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR })).toEqual(['001-init.sql']);
      expect(await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR })).toEqual([]);

      const [first, second] = await Promise.all([insertLocationsIfNone(db.pool, STORE_LOCATIONS), insertLocationsIfNone(db.pool, STORE_LOCATIONS)]);
      expect(first + second).toBe(4);
      expect(await insertLocationsIfNone(db.pool, STORE_LOCATIONS)).toBe(0);
      expect((await db.pool.query('SELECT count(*)::int AS n FROM locations')).rows[0].n).toBe(4);
    } finally {
      await db.cleanup();
    }
  });
});
