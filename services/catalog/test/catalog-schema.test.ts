import { KIT_MIGRATIONS, runMigrations } from '@pl/service-kit';
import { createTestSchemaPool } from '@pl/service-kit/testing';
import { insertLocationsIfNone } from '../src/db/locations.repo.js';
import { STORE_LOCATIONS } from '../src/seeds/store-locations.js';
import { MIGRATIONS_DIR } from './catalog-test-app.js';

describe('catalog schema', () => {
  it("migrates a fresh schema once (the kit's outbox first), seeds the locations once, and reruns as a no-op", async () => {
    const db = createTestSchemaPool('catalog_schema');
    try {
      expect(await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR })).toEqual([...KIT_MIGRATIONS.map((m) => m.name), '001-init.sql', '002-holds-and-search.sql', '003-admin-inventory-sku-search.sql', '004-lost-holds.sql', '005-order-restocks.sql', '006-read-cache-notify.sql', '007-category-counts.sql', '008-search-at-scale.sql', '009-pricing-at-insert.sql', '010-photos-and-inspections.sql', '011-drafts-costs-and-price-history.sql', '012-markdowns.sql', '013-manifests.sql', '014-draft-reads.sql', '015-markdown-runs-in-the-background.sql', '016-price-keys-apart.sql', '017-markdown-run-starter-name.sql', '018-variants-room-for-price-changes.sql', '019-history-kept-by-statement-triggers.sql', '020-manifest-rows-without-row-checks.sql', '021-waiting-units-index.sql', '022-manifest-batch-lanes.sql', '023-pricing-refresh-set-based-for-large-changes.sql']);
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
