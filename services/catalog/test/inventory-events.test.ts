import { EventEnvelope, Hold, InventoryUpdatedData, UpsertProductResult } from '@pl/contracts';
import type { NatsConn, OutboxRelay } from '@pl/service-kit';
import { connectTestNats, createTestStream, startTestRelay, type TestStream } from '@pl/service-kit/testing';
import { expireLapsedHolds } from '../src/domain/hold-expiry.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct, uniqueSku } from './factories.js';

/**
 * Every stock change reaches NATS as exactly one inventory.updated per affected variant, through
 * the outbox and the real relay. The relay publishes into a throwaway stream (subjects prefixed),
 * so this suite never sees or leaves events in the shop's own stream.
 */
describe('inventory.updated events', () => {
  let catalog: CatalogTestApp;
  let nats: NatsConn;
  let stream: TestStream;
  let relay: OutboxRelay;

  beforeAll(async () => {
    catalog = await startCatalog();
    nats = await connectTestNats({ name: 'catalog-events-test' });
    stream = await createTestStream(nats, 'catalog_inventory');
    relay = startTestRelay(catalog.pool, nats, stream);
  });
  afterAll(async () => {
    await relay.stop();
    await stream.delete();
    await nats.drain();
    await catalog.stop();
  });

  /** What the stream holds for one sku, after publishing everything pending. */
  const published = async (sku: string) => {
    await relay.flush();
    const subject = `${stream.subjectPrefix}.inventory.updated.${sku}`;
    return (await stream.messages())
      .filter((m) => m.subject === subject)
      .map((m) => {
        const envelope = EventEnvelope.parse(m.data);
        expect(envelope).toMatchObject({ type: 'inventory.updated', version: 1 });
        expect(m.msgId).toBe(envelope.id);
        return InventoryUpdatedData.parse(envelope.data);
      });
  };
  const oneUnit = async (onHand = 1) => {
    const p = await insertProduct(catalog.pool, { variants: [{ levels: [{ locationId: 'dublin', onHand }] }] });
    return { productId: p.id, variantId: p.variants[0]!.id, sku: p.variants[0]!.sku };
  };
  const hold = async (sku: string, body: Record<string, unknown> = {}) => {
    const res = await catalog.internal('POST', '/internal/holds', { sku, qty: 1, holder: 'cart-a', ttlSeconds: 600, ...body });
    return { status: res.status, hold: (await res.json()) as Hold };
  };

  it('a hold, then its release: one event each, with the totals each produced', async () => {
    const { productId, variantId, sku } = await oneUnit(3);
    const { hold: h } = await hold(sku, { qty: 2 });
    expect(await published(sku)).toEqual([{ productId, variantId, sku, onHand: 3, reserved: 2, available: 1 }]);

    await catalog.internal('POST', `/internal/holds/${h.id}/release`);
    await catalog.internal('POST', `/internal/holds/${h.id}/release`); // repeated: no second event
    expect((await published(sku)).map((e) => e.available)).toEqual([1, 3]);
  });

  it('a refused hold and an extension change nothing and announce nothing', async () => {
    const { sku } = await oneUnit(1);
    const { hold: h } = await hold(sku, { holder: 'cart-a' });
    expect((await hold(sku, { holder: 'cart-b' })).status).toBe(409);
    await catalog.internal('POST', `/internal/holds/${h.id}/extend`, { ttlSeconds: 900 });
    expect(await published(sku)).toHaveLength(1);
  });

  it('a commit: one event, with the sold unit gone from on hand', async () => {
    const { sku } = await oneUnit(2);
    const { hold: h } = await hold(sku);
    await catalog.internal('POST', `/internal/holds/${h.id}/commit`, { orderId: 'order-9' });
    await catalog.internal('POST', `/internal/holds/${h.id}/commit`, { orderId: 'order-9' });
    expect((await published(sku)).map(({ onHand, reserved, available }) => ({ onHand, reserved, available }))).toEqual([
      { onHand: 2, reserved: 1, available: 1 },
      { onHand: 1, reserved: 0, available: 1 },
    ]);
  });

  it('an expiry: one event when the sweeper records it, none again', async () => {
    const { sku } = await oneUnit(1);
    const { hold: h } = await hold(sku);
    await catalog.pool.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [h.id]);
    await expireLapsedHolds(catalog.pool);
    await expireLapsedHolds(catalog.pool);
    expect((await published(sku)).map((e) => e.available)).toEqual([0, 1]);
  });

  it('a stock count: one event when it changes something, none when it does not', async () => {
    const { sku } = await oneUnit(1);
    await catalog.internal('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand: 4 });
    await catalog.internal('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand: 4 });
    await catalog.internal('PUT', '/internal/stock', { sku, locationId: 'westerville', onHand: 0 });
    expect((await published(sku)).map((e) => e.onHand)).toEqual([4]);
  });

  it('a product upsert: one event per variant created or restocked, none for a repeat', async () => {
    const [a, b] = [uniqueSku(), uniqueSku()];
    const body = (stockOfB: number) => ({
      title: 'Trail Camera',
      conditionGrade: 'NEW_IN_BOX',
      category: 'sports-outdoors',
      variants: [
        { sku: a, priceCents: 5000, stock: [{ locationId: 'dublin', onHand: 2 }] },
        { sku: b, priceCents: 6000, stock: [{ locationId: 'dublin', onHand: stockOfB }, { locationId: 'westerville', onHand: 1 }] },
      ],
    });
    const { productId } = UpsertProductResult.parse(await (await catalog.internal('PUT', '/internal/products', body(1))).json());
    await catalog.internal('PUT', '/internal/products', body(1));
    await catalog.internal('PUT', '/internal/products', body(5));

    expect(await published(a)).toEqual([expect.objectContaining({ productId, sku: a, onHand: 2 })]);
    expect((await published(b)).map((e) => e.onHand)).toEqual([2, 6]);
  });
});
