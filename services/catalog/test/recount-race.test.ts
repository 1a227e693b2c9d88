import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

/**
 * ARCHITECTURE.md §5 under the POS's counts: shoppers hold and buy units while the POS recounts the
 * shelf (it sold some in person), through two instances on one schema. Whatever the interleaving,
 * the shelf never goes below zero, active holds never exceed it, and every sale answered as made
 * is a committed hold.
 */
describe('POS recounts racing holds and sales, two instances', () => {
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

  const ROUNDS = 5;
  const SHOPPERS = 30;
  const COUNTS = [15, 12, 18, 9, 14, 6, 11];

  it(`keeps the stock invariant through ${COUNTS.length} recounts among ${SHOPPERS} shoppers holding and buying, ${ROUNDS} times over`, async () => {
    const seen = { sales: 0, holdsRefused: 0, salesRefused: 0, lost: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { variants } = await insertProduct(catalog.pool, { variants: [{ levels: [{ locationId: 'dublin', onHand: 20 }] }] });
      const [{ sku, id: variantId }] = variants as [{ sku: string; id: string }];
      const via = (i: number) => (i % 2 === 0 ? catalog.internal : second.internal);

      const shoppers = Array.from({ length: SHOPPERS }, async (_, i) => {
        const held = await via(i)('POST', '/internal/holds', { sku, qty: 1, holder: `cart-${round}-${i}`, ttlSeconds: 600 });
        if (held.status !== 201) return { held: held.status, body: await held.json() };
        const { id } = (await held.json()) as { id: string };
        const sold = await via(i + 1)('POST', `/internal/holds/${id}/commit`, { orderId: `order-${round}-${i}` });
        return { held: 201, sold: sold.status, body: await sold.json() };
      });
      const recounts = (async () => {
        const answers: number[] = [];
        for (const [i, onHand] of COUNTS.entries()) {
          answers.push((await via(i)('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand })).status);
          await new Promise((resolve) => setImmediate(resolve));
        }
        return answers;
      })();
      const [outcomes, recountStatuses] = await Promise.all([Promise.all(shoppers), recounts]);

      expect(recountStatuses.every((s) => s === 200)).toBe(true);
      // Refused, never failed: a hold when the rest is held or gone, a sale when a recount took its unit.
      for (const o of outcomes) {
        const refused = o.held !== 201 ? { status: o.held, codes: ['INSUFFICIENT_STOCK', 'HELD_BY_ANOTHER'] } : o.sold !== 200 ? { status: o.sold, codes: ['INSUFFICIENT_STOCK', 'HOLD_NOT_ACTIVE'] } : undefined;
        if (refused) expect([refused.status, refused.codes.includes(o.body.code)]).toEqual([409, true]);
      }
      const sales = outcomes.filter((o) => o.sold === 200).length;
      const { rows } = await catalog.pool.query<{ on_hand: number; active: number; committed: number }>(
        `SELECT l.on_hand,
                (SELECT coalesce(sum(a.qty), 0)::int FROM holds h JOIN hold_allocations a ON a.hold_id = h.id
                  WHERE h.variant_id = l.variant_id AND h.status = 'active' AND a.location_id = l.location_id) AS active,
                (SELECT count(*)::int FROM holds h WHERE h.variant_id = l.variant_id AND h.status = 'committed') AS committed
           FROM inventory_levels l WHERE l.variant_id = $1 AND l.location_id = 'dublin'`,
        [variantId],
      );
      const [level] = rows as [{ on_hand: number; active: number; committed: number }];
      seen.sales += sales;
      seen.holdsRefused += outcomes.filter((o) => o.held !== 201).length;
      seen.salesRefused += outcomes.filter((o) => o.held === 201 && o.sold !== 200).length;
      seen.lost += (await catalog.pool.query(`SELECT 1 FROM holds WHERE variant_id = $1 AND status = 'lost'`, [variantId])).rowCount ?? 0;
      expect(level.on_hand).toBeGreaterThanOrEqual(0);
      expect(level.active).toBeLessThanOrEqual(level.on_hand);
      expect(level.committed).toBe(sales);
      // The last count was taken after every sale it could see: the shelf is at most what it said.
      expect(level.on_hand).toBeLessThanOrEqual(COUNTS.at(-1)!);
    }
    console.log(`recounts racing holds and sales, ${ROUNDS} rounds: ${seen.sales} sales, ${seen.holdsRefused} holds refused, ${seen.salesRefused} sales refused, ${seen.lost} holds lost to a recount`);
  }, 120_000);
});
