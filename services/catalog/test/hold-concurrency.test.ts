import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

/**
 * ARCHITECTURE.md §5: with several instances and any concurrency, committed sales plus active
 * holds never exceed what is on hand. Two app instances (own pools, own servers) on one schema.
 */
describe('holds under concurrency, two instances', () => {
  let catalog: CatalogTestApp;
  let second: Awaited<ReturnType<CatalogTestApp['startSecondInstance']>>;
  beforeAll(async () => {
    catalog = await startCatalog();
    second = await catalog.startSecondInstance();
  });
  afterAll(async () => {
    await second.stop();
    await catalog.stop();
  });

  const ROUNDS = 20;
  const REQUESTS = 200;

  it(`grants exactly one of ${REQUESTS} simultaneous holds of a one-unit sku, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { variants } = await insertProduct(catalog.pool, { oneOfAKind: true, variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }] }] });
      const sku = variants[0]!.sku;

      const responses = await Promise.all(
        Array.from({ length: REQUESTS }, (_, i) =>
          (i % 2 === 0 ? catalog.internal : second.internal)('POST', '/internal/holds', { sku, qty: 1, holder: `cart-${i}`, ttlSeconds: 600 }),
        ),
      );
      const bodies = await Promise.all(responses.map((r) => r.json()));

      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(REQUESTS - 1);
      for (const body of bodies.filter((_, i) => statuses[i] === 409)) {
        expect(body).toEqual({ message: 'Sorry, this item is reserved by another shopper', code: 'HELD_BY_ANOTHER' });
      }
      const { rows } = await catalog.pool.query(
        `SELECT l.on_hand, (SELECT coalesce(sum(h.qty), 0)::int FROM holds h WHERE h.variant_id = l.variant_id AND h.status = 'active') AS held
           FROM inventory_levels l WHERE l.variant_id = $1`,
        [variants[0]!.id],
      );
      expect(rows).toEqual([{ on_hand: 1, held: 1 }]);
    }
    // 4,000 requests: a slow two-core machine needs more than the suite's default 30 s (this is not a speed test).
  }, 120_000);

  it('never holds more than is on hand when many shoppers take several units at once', async () => {
    const { variants } = await insertProduct(catalog.pool, {
      variants: [
        {
          levels: [
            { locationId: 'dublin', onHand: 7 },
            { locationId: 'westerville', onHand: 4 },
          ],
        },
      ],
    });
    const sku = variants[0]!.sku;
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? catalog.internal : second.internal)('POST', '/internal/holds', { sku, qty: 1 + (i % 3), holder: `c${i}`, ttlSeconds: 600 })),
    );
    const granted = await Promise.all(responses.filter((r) => r.status === 201).map((r) => r.json()));
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const held = granted.reduce((sum, h) => sum + h.qty, 0);
    expect(held).toBeLessThanOrEqual(11);
    expect(held).toBeGreaterThanOrEqual(9); // every request asked for at most 3: it stops only when fewer than 3 are left
    const { rows } = await catalog.pool.query(
      `SELECT a.location_id, sum(a.qty)::int AS held, min(l.on_hand) AS on_hand
         FROM holds h JOIN hold_allocations a ON a.hold_id = h.id JOIN inventory_levels l ON l.variant_id = h.variant_id AND l.location_id = a.location_id
        WHERE h.variant_id = $1 AND h.status = 'active' GROUP BY a.location_id`,
      [variants[0]!.id],
    );
    for (const r of rows) expect(r.held).toBeLessThanOrEqual(r.on_hand);
  });
});
