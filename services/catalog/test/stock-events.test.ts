import { DomainStream, EventEnvelope, InventoryUpdatedData, Subjects } from '@pl/contracts';
import { ensureStream, startOutboxRelay, withTransaction, type NatsConn, type OutboxRelay } from '@pl/service-kit';
import { connectTestNats, eventually, streamMessageCount, testLogger } from '@pl/service-kit/testing';
import { recordStockChange } from '../src/domain/stock.js';
import { startCatalog, type CatalogTestApp } from './catalog-test-app.js';
import { insertProduct } from './factories.js';

describe('stock changes', () => {
  let catalog: CatalogTestApp;
  let nats: NatsConn;
  let relay: OutboxRelay;
  const subjects: string[] = [];

  beforeAll(async () => {
    catalog = await startCatalog();
    nats = await connectTestNats({ name: 'catalog-stock-test' });
    // The same stream main.ts ensures; each test uses its own sku, so its subject is its own.
    await ensureStream(nats, DomainStream);
    relay = startOutboxRelay({ pool: catalog.pool, nats, logger: testLogger(), pollMs: 60_000 });
  });
  afterAll(async () => {
    await relay.stop();
    const jsm = await nats.nc.jetstreamManager();
    for (const filter of subjects) await jsm.streams.purge(DomainStream.name, { filter });
    await nats.drain();
    await catalog.stop();
  });

  const watch = (sku: string) => {
    const subject = Subjects.inventoryUpdated(sku);
    subjects.push(subject);
    const received: unknown[] = [];
    const sub = nats.nc.subscribe(subject, { callback: (_err, msg) => received.push(msg.json()) });
    return { subject, received, stop: () => sub.unsubscribe() };
  };
  const unpublished = async () => (await catalog.pool.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows[0].n as number;

  it('publishes inventory.updated exactly once through the outbox relay', async () => {
    const { id: productId, variants } = await insertProduct(catalog.pool, { variants: [{ levels: [{ locationId: 'dublin', onHand: 2 }] }] });
    const { sku, id: variantId } = variants[0]!;
    const watcher = watch(sku);
    await nats.nc.flush();

    const data = await withTransaction(catalog.pool, (client) => recordStockChange(client, { sku, locationId: 'dublin', reservedDelta: 1 }));
    expect(data).toEqual({ productId, variantId, sku, onHand: 2, reserved: 1, available: 1 });

    await eventually(() => watcher.received.length === 1);
    await relay.flush();
    await relay.flush();
    await nats.nc.flush();

    expect(await streamMessageCount(nats, DomainStream.name, watcher.subject)).toBe(1);
    expect(watcher.received).toHaveLength(1);
    const envelope = EventEnvelope.parse(watcher.received[0]);
    expect(envelope).toMatchObject({ type: 'inventory.updated', version: 1 });
    expect(InventoryUpdatedData.parse(envelope.data)).toEqual(data);
    expect(await unpublished()).toBe(0);
    watcher.stop();
  });

  it('changes the level the API shows', async () => {
    const { id, variants } = await insertProduct(catalog.pool, { variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }] }] });
    watch(variants[0]!.sku);
    await withTransaction(catalog.pool, (client) => recordStockChange(client, { sku: variants[0]!.sku, locationId: 'westerville', onHandDelta: 4 }));
    const product = await (await catalog.get(`/api/products/${id}`)).json();
    expect(product.variants[0]).toMatchObject({ totalOnHand: 5, totalAvailable: 5 });
  });

  it('records no event when the change is refused or rolled back', async () => {
    const { variants } = await insertProduct(catalog.pool, { variants: [{ levels: [{ locationId: 'dublin', onHand: 1 }] }] });
    const { sku } = variants[0]!;
    watch(sku);
    const before = await catalog.pool.query('SELECT count(*)::int AS n FROM outbox');

    await expect(withTransaction(catalog.pool, (c) => recordStockChange(c, { sku, locationId: 'dublin', onHandDelta: -2 }))).rejects.toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_STOCK',
    });
    await expect(withTransaction(catalog.pool, (c) => recordStockChange(c, { sku: 'NO-SUCH-SKU', locationId: 'dublin', onHandDelta: 1 }))).rejects.toMatchObject({ status: 404 });
    await expect(withTransaction(catalog.pool, (c) => recordStockChange(c, { sku, locationId: 'atlantis', onHandDelta: 1 }))).rejects.toMatchObject({ status: 404 });
    await expect(
      withTransaction(catalog.pool, async (c) => {
        await recordStockChange(c, { sku, locationId: 'dublin', onHandDelta: 5 });
        throw new Error('the sale failed later in the transaction');
      }),
    ).rejects.toThrow('the sale failed');

    expect((await catalog.pool.query('SELECT count(*)::int AS n FROM outbox')).rows[0].n).toBe(before.rows[0].n);
    const { rows } = await catalog.pool.query('SELECT on_hand FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.sku = $1', [sku]);
    expect(rows).toEqual([{ on_hand: 1 }]);
  });
});
