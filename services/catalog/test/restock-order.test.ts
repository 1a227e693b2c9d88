import { InventoryUpdatedData, StockReturnedData } from '@pl/contracts';
import { testLogger } from '@pl/service-kit/testing';
import { restockOrder } from '../src/domain/restock-order.js';
import { startCatalog } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

describe('putting an order\'s units back on sale (order.restock)', () => {
  let catalog: Awaited<ReturnType<typeof startCatalog>>;
  beforeAll(async () => {
    catalog = await startCatalog();
  });
  afterAll(() => catalog.stop());

  const logger = testLogger('restock');
  /** An order that took `take` units of a new product with units at two locations; its id and sku. */
  async function soldOrder(take: number, levels = [{ locationId: 'dublin', onHand: 1 }, { locationId: 'columbus-warehouse', onHand: 5 }]) {
    const { variants } = await insertProduct(catalog.pool, { title: 'Robot Vacuum', conditionGrade: 'OPEN_BOX', variants: [{ priceCents: 19900, levels }] });
    const sku = variants[0]!.sku;
    const orderId = `order-${sku}`;
    const hold = await (await catalog.internal('POST', '/internal/holds', { sku, qty: take, holder: `cart-${sku}`, ttlSeconds: 600, preferLocationId: 'dublin' })).json();
    expect((await catalog.internal('POST', `/internal/holds/${hold.id}/commit`, { orderId })).status).toBe(200);
    return { orderId, sku };
  }
  const levels = async (sku: string) =>
    (await catalog.pool.query(`SELECT l.location_id AS "locationId", l.on_hand AS "onHand" FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.sku = $1 ORDER BY 1`, [sku])).rows;
  const outbox = async (subject: string) => (await catalog.pool.query(`SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq`, [subject])).rows.map((r) => r.payload.data ?? r.payload);

  it('puts each unit back where it was taken from, once per action, and tells the POS write-back and the shoppers', async () => {
    const { orderId, sku } = await soldOrder(3);
    expect(await levels(sku)).toEqual([{ locationId: 'columbus-warehouse', onHand: 3 }, { locationId: 'dublin', onHand: 0 }]);
    const before = (await outbox(`inventory.updated.${sku}`)).length;

    expect(await restockOrder(catalog.pool, logger, { orderId, key: 'cancel', reason: 'cancellation', units: [{ sku, qty: 3 }] })).toBe('restocked');
    expect(await restockOrder(catalog.pool, logger, { orderId, key: 'cancel', reason: 'cancellation', units: [{ sku, qty: 3 }] })).toBe('duplicate');

    expect(await levels(sku)).toEqual([{ locationId: 'columbus-warehouse', onHand: 5 }, { locationId: 'dublin', onHand: 1 }]);
    expect((await outbox(`order.stock-returned.${orderId}`)).map((d) => StockReturnedData.parse(d))).toEqual([
      { orderId, key: 'cancel', reason: 'cancellation', lines: [{ sku, locationId: 'columbus-warehouse', qty: 2 }, { sku, locationId: 'dublin', qty: 1 }] },
    ]);
    const updates = (await outbox(`inventory.updated.${sku}`)).map((d) => InventoryUpdatedData.parse(d));
    expect(updates.slice(before)).toEqual([expect.objectContaining({ sku, onHand: 6, available: 6 })]);
  });

  it('lists a unit returned at another grade on its own, at that grade and price, and leaves it out of the POS write-back', async () => {
    const { orderId, sku } = await soldOrder(1);
    await restockOrder(catalog.pool, logger, { orderId, key: 'return-1', reason: 'return', units: [{ sku, qty: 1, grade: 'USED', priceCents: 14900 }] });
    expect(await levels(sku)).toEqual([{ locationId: 'columbus-warehouse', onHand: 5 }, { locationId: 'dublin', onHand: 0 }]);
    const listed = (
      await catalog.pool.query(
        `SELECT v.sku, p.title, p.condition_grade AS grade, p.one_of_a_kind AS unique, v.price_cents AS price, l.location_id AS location, l.on_hand AS "onHand"
           FROM variants v JOIN products p ON p.id = v.product_id JOIN inventory_levels l ON l.variant_id = v.id WHERE v.sku LIKE $1`,
        [`${sku}-R%`],
      )
    ).rows;
    expect(listed).toEqual([{ sku: expect.stringMatching(/^.+-R[0-9A-F]{6}$/), title: 'Robot Vacuum', grade: 'USED', unique: true, price: 14900, location: 'dublin', onHand: 1 }]);
    expect(await outbox(`order.stock-returned.${orderId}`)).toEqual([]);
    const shown = await (await catalog.get(`/api/products?q=${encodeURIComponent('Robot Vacuum')}&limit=100`)).json();
    expect(JSON.stringify(shown)).toContain(listed[0].sku);
  });

  it('puts back no more than the order took of a sku', async () => {
    const { orderId, sku } = await soldOrder(1, [{ locationId: 'dublin', onHand: 2 }]);
    await restockOrder(catalog.pool, logger, { orderId, key: 'cancel', reason: 'cancellation', units: [{ sku, qty: 4 }] });
    expect(await levels(sku)).toEqual([{ locationId: 'dublin', onHand: 2 }]);
  });

  it("puts back an unsold order's units without a word to the POS write-back", async () => {
    const { orderId, sku } = await soldOrder(1, [{ locationId: 'dublin', onHand: 2 }]);
    await restockOrder(catalog.pool, logger, { orderId, key: 'unsold', reason: 'unsold', units: [{ sku, qty: 1 }] });
    expect(await levels(sku)).toEqual([{ locationId: 'dublin', onHand: 2 }]);
    expect(await outbox(`order.stock-returned.${orderId}`)).toEqual([]);
  });
});
