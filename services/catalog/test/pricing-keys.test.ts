// A listing's price keys (product_prices: its cheapest variant's price and that variant's discount)
// after one statement changes many variants at once, as a markdown run does: found by one hashed
// pass past 1,000 changed variants (migration 023, decision 075), by a look-up per product below.
// Both must give each product what its variants say.
import { runMigrations } from '@pl/service-kit';
import { createTestSchemaPool } from '@pl/service-kit/testing';
import { MIGRATIONS_DIR } from './catalog-test-app.js';

const db = createTestSchemaPool('catalog_pricing_keys');
beforeAll(async () => {
  await runMigrations(db.pool, { schema: db.schema, dir: MIGRATIONS_DIR });
});
afterAll(() => db.cleanup());

/** Each product's keys as its variants give them now, beside what product_prices holds. */
async function keysAgainstVariants(): Promise<Array<{ kept: unknown; expected: unknown }>> {
  const { rows } = await db.pool.query(
    `SELECT json_build_object('price', pp.min_price_cents, 'discount', pp.discount_pct) AS kept,
            json_build_object('price', best.price_cents, 'discount', coalesce(variant_discount_pct(best.price_cents, best.compare_at_cents), 0)) AS expected
       FROM product_prices pp
       LEFT JOIN LATERAL (SELECT price_cents, compare_at_cents FROM variants v WHERE v.product_id = pp.product_id ORDER BY price_cents, sku LIMIT 1) best ON true`,
  );
  return rows;
}

const mismatches = (rows: Array<{ kept: unknown; expected: unknown }>) => rows.filter((r) => JSON.stringify(r.kept) !== JSON.stringify(r.expected));

describe("the listings' price keys", () => {
  beforeAll(async () => {
    // 700 products of two variants each (1,400 variants), the second one cheaper on odd products.
    await db.pool.query(
      `WITH p AS (
         INSERT INTO products (title, condition_grade, category_id, images, published_at)
         SELECT 'Drill ' || i, 'OPEN_BOX', 'electronics', '{}', now() FROM generate_series(1, 700) i RETURNING id
       ), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM p)
       INSERT INTO variants (product_id, sku, price_cents, compare_at_cents)
       SELECT id, 'PK-' || n || '-' || k, CASE WHEN k = 2 AND n % 2 = 1 THEN 5000 ELSE 8000 END + n::int, 10000 + n::int
         FROM numbered, generate_series(1, 2) k`,
    );
  });

  it('follow a change of every variant at once (1,400: the hashed pass), and leave nested loops as they were', async () => {
    const before = new Map((await db.pool.query('SELECT product_id, min_price_cents FROM product_prices')).rows.map((r) => [r.product_id, r.min_price_cents]));
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      // Every odd product's second variant becomes the dearer one; every even product's first gets 40 % off.
      await client.query(
        `UPDATE variants SET price_cents = CASE WHEN split_part(sku, '-', 3) = '2' AND split_part(sku, '-', 2)::int % 2 = 1 THEN price_cents + 6000
                                                 WHEN split_part(sku, '-', 3) = '1' AND split_part(sku, '-', 2)::int % 2 = 0 THEN (price_cents * 0.6)::int
                                                 ELSE price_cents END`,
      );
      expect((await client.query('SHOW enable_nestloop')).rows[0].enable_nestloop).toBe('on');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const rows = await keysAgainstVariants();
    expect(rows).toHaveLength(700);
    expect(mismatches(rows)).toEqual([]);
    // Every product's cheapest price moved (odd ones to their first variant, even ones 40 % down).
    const after = (await db.pool.query('SELECT product_id, min_price_cents FROM product_prices')).rows;
    expect(after.filter((r) => r.min_price_cents === before.get(r.product_id))).toEqual([]);
  });

  it('follow a change of a few variants (the look-up per product)', async () => {
    await db.pool.query(`UPDATE variants SET price_cents = 100 WHERE sku IN ('PK-1-1', 'PK-2-2', 'PK-3-1')`);
    const rows = await keysAgainstVariants();
    expect(mismatches(rows)).toEqual([]);
    expect(rows.filter((r) => (r.kept as { price: number }).price === 100)).toHaveLength(3);
  });
});
