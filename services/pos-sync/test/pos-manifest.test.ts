import { randomUUID } from 'node:crypto';
import type { EventEnvelope, ManifestReceivedBatch, ManifestReceivedData, ManifestReceivedItem } from '@pl/contracts';
import type { NatsConn } from '@pl/service-kit';
import { eventually, type TestStream } from '@pl/service-kit/testing';
import { INTERNAL_TOKEN } from '../../catalog/test/catalog-test-app.js';
import { insertProduct, uniqueSku } from '../../catalog/test/factories.js';
import { createCatalogClient } from '../src/clients/catalog-client.js';
import { WritebackNotes } from '../src/domain/pos-adjustments.js';
import { buildManifestBatch, buildManifestItem } from './manifest-factories.js';
import { startSyncedStackWithWorkers, type PosSyncStack } from './pos-sync-test-app.js';

/**
 * A manifest's units reaching the POS: the catalog has made the draft listings (or added units to
 * listings it had) and announces the committed batch with manifest.received on NATS (a throwaway
 * stream); the durable consumer records it, the write-back pass creates the items in the reference
 * POS and receives the added units, exactly once whatever is redelivered, retried or down meanwhile,
 * and the POS's webhooks that follow land on the same listings without doubling a unit.
 */
describe('manifest units to the POS', () => {
  let stack: PosSyncStack;
  let nats: NatsConn;
  let stream: TestStream;
  const LOCATION = 'columbus-warehouse';
  const UNIT_COST = 1234;

  beforeAll(async () => {
    ({ stack, nats, stream } = await startSyncedStackWithWorkers('pos_manifest'));
  });
  afterAll(() => stack.stop());

  /** What the catalog's import made of a new row: a draft listing with its units at LOCATION and the lot's unit cost. */
  const draft = async (qty: number) => {
    const { id, variants } = await insertProduct(stack.catalog.pool, {
      title: 'Dyson V8 cordless vacuum',
      categoryId: 'home-garden',
      variants: [{ sku: uniqueSku(), priceCents: 19900, compareAtCents: 39900, levels: [{ locationId: LOCATION, onHand: qty }] }],
    });
    await stack.catalog.pool.query(`UPDATE products SET published_at = NULL WHERE id = $1`, [id]);
    await stack.catalog.pool.query(`UPDATE variants SET unit_cost_cents = $2 WHERE id = $1`, [variants[0]!.id, UNIT_COST]);
    return { productId: id, sku: variants[0]!.sku };
  };

  const created = (sku: string, quantity: number, overrides: Partial<ManifestReceivedItem> = {}) => buildManifestItem(sku, { quantity, ...overrides });

  /** A listing the shop and the POS both have (from the first sync), and units the import added to it in the catalog. */
  const addedToPosItem = async (quantity: number) => {
    const used = new Set((await stack.pool.query<{ sku: string }>(`SELECT jsonb_array_elements(manifest->'items')->>'sku' AS sku FROM writebacks WHERE kind = 'manifest' AND jsonb_typeof(manifest->'items') = 'array'`)).rows.map((r) => r.sku));
    const sku = stack.pos.products().find((p) => p.variants.length === 1 && p.variants[0]!.sku.startsWith('PL-') && !used.has(p.variants[0]!.sku))!.variants[0]!.sku;
    const before = stack.pos.quantity(sku, LOCATION);
    await eventually(async () => expect(await stack.onHand(sku, LOCATION)).toBe(before));
    await stack.catalog.pool.query(
      `UPDATE inventory_levels l SET on_hand = on_hand + $2 FROM variants v WHERE v.id = l.variant_id AND v.sku = $1 AND l.location_id = $3`,
      [sku, quantity, LOCATION],
    );
    const item = created(sku, quantity, { action: 'added' });
    return { sku, before, item };
  };

  const batchOf = (items: ManifestReceivedItem[], batch = 0) => buildManifestBatch(items, { manifestId: randomUUID(), batch, locationId: LOCATION });

  /** The catalog publishes this from its outbox once the batch's rows are committed. */
  const publishManifest = async (data: ManifestReceivedData, envelopeId: string = randomUUID()) => {
    const envelope: EventEnvelope = { id: envelopeId, type: 'manifest.received', version: 1, occurredAt: new Date().toISOString(), data };
    // A fresh NATS message id each time, so a second publish is a redelivery JetStream does not drop.
    await nats.publish(`${stream.subjectPrefix}.manifest.received.${data.manifestId}`, envelope, randomUUID());
    return envelope;
  };

  const keyOf = (data: ManifestReceivedData) => `manifest-${data.manifestId}-${data.batch}`;
  const writeback = async (data: ManifestReceivedData) => (await stack.pool.query(`SELECT * FROM writebacks WHERE order_id = $1`, [keyOf(data)])).rows[0];
  const sent = (data: ManifestReceivedData) => eventually(async () => expect((await writeback(data))?.status).toBe('sent'));
  const posProductsWith = (sku: string) => stack.pos.products().filter((p) => p.variants.some((v) => v.sku === sku));
  const catalogListings = async (sku: string) =>
    (
      await stack.catalog.pool.query(
        `SELECT p.id, p.published_at, v.unit_cost_cents, v.price_cents FROM products p JOIN variants v ON v.product_id = p.id WHERE v.sku = $1`,
        [sku],
      )
    ).rows;
  /** Waits until every webhook the POS has delivered so far is closed (applied, or skipped as not newer). */
  const webhooksSettled = () =>
    eventually(async () => {
      const delivered = new Set(stack.pos.deliveries.filter((d) => d.status === 200).map((d) => d.eventId));
      const { rows } = await stack.pool.query<{ id: string }>(`SELECT id FROM pos_events WHERE id = ANY($1::text[]) AND status <> 'pending'`, [[...delivered]]);
      expect(rows.length).toBe(delivered.size);
    });

  /** A till's recount in the POS, once pos-sync has applied (or skipped) the webhook it sends. */
  const recountAtTill = async (sku: string, quantity: number) => {
    const delivered = stack.pos.deliveries.length;
    await stack.pos.setCount(sku, LOCATION, quantity);
    await eventually(() => expect(stack.pos.deliveries.slice(delivered).some((d) => d.type === 'inventory.count.updated' && d.status === 200)).toBe(true));
    await webhooksSettled();
  };

  it('creates the new listings in the POS once, however often manifest.received is delivered, and its webhooks land on the drafts', async () => {
    const vacuum = await draft(3);
    const lamp = await draft(1);
    const data = batchOf([created(vacuum.sku, 3), created(lamp.sku, 1, { title: 'Lamp', brand: null, compareAtPrice: null, oneOfAKind: true, price: '25.50' })]);
    const deliveriesBefore = stack.pos.deliveries.length;

    const envelope = await publishManifest(data);
    await publishManifest(data, envelope.id);
    await sent(data);

    expect(await writeback(data)).toMatchObject({ kind: 'manifest', attempts: 1, last_error: null, lines: [] });
    expect(posProductsWith(vacuum.sku)).toHaveLength(1);
    expect(posProductsWith(lamp.sku)[0]).toMatchObject({
      name: 'Lamp',
      brand: '',
      category: 'home-garden',
      condition: { grade: 'OPEN_BOX', notes: 'Box damaged' },
      unique: true,
      variants: [{ sku: lamp.sku, price: { amount: 2550 }, compare_at_price: null }],
    });
    expect(stack.pos.quantity(vacuum.sku, LOCATION)).toBe(3);
    expect(stack.pos.quantity(lamp.sku, LOCATION)).toBe(1);

    // The POS announces both items; pos-sync applies them onto the drafts the import made.
    await eventually(() => expect(stack.pos.deliveries.slice(deliveriesBefore).filter((d) => d.type === 'catalog.product.created' && d.status === 200)).toHaveLength(2));
    await webhooksSettled();
    for (const [item, qty] of [[vacuum, 3], [lamp, 1]] as const) {
      expect(await catalogListings(item.sku)).toEqual([{ id: item.productId, published_at: null, unit_cost_cents: UNIT_COST, price_cents: item === vacuum ? 19900 : 2550 }]);
      expect(await stack.onHand(item.sku, LOCATION)).toBe(qty);
    }
    const { rows: versions } = await stack.pool.query(`SELECT version FROM stock_versions WHERE sku = $1 AND location_id = $2`, [vacuum.sku, LOCATION]);
    expect(versions).toHaveLength(1);
  });

  it("receives units added to an item the POS has as a 'receive' adjustment, and the count's webhook does not double them", async () => {
    const applied = stack.pos.adjustmentsApplied();
    const { sku, before, item } = await addedToPosItem(2);
    const data = batchOf([item]);
    const delivered = stack.pos.deliveries.length;

    await publishManifest(data);
    await sent(data);

    expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
    expect(stack.pos.quantity(sku, LOCATION)).toBe(before + 2);
    expect(await writeback(data)).toMatchObject({ attempts: 1, lines: [{ sku, locationId: LOCATION, qty: -2 }] });
    await eventually(() => expect(stack.pos.deliveries.slice(delivered).some((d) => d.type === 'inventory.count.updated' && d.status === 200)).toBe(true));
    await webhooksSettled();
    expect(await stack.onHand(sku, LOCATION)).toBe(before + 2);
  });

  it('creates and receives nothing twice when a batch is sent again after its answer was lost (the POS replays by Idempotency-Key), and counts meanwhile do not double it', async () => {
    const fresh = await draft(2);
    const { sku, before, item } = await addedToPosItem(1);
    const data = batchOf([created(fresh.sku, 2), item], 3);
    await publishManifest(data);
    await sent(data);
    await webhooksSettled();
    const applied = stack.pos.adjustmentsApplied();
    const products = stack.pos.products().length;

    // As if the instance had died after the POS took the batch but before it was marked sent (the
    // POS's webhooks about it already applied meanwhile), and a till recounted the item before the retry.
    await stack.pool.query(`UPDATE writebacks SET status = 'pending', sent_at = NULL, next_attempt_at = now() + interval '1 hour' WHERE order_id = $1`, [keyOf(data)]);
    await recountAtTill(sku, before + 1);
    expect(await stack.onHand(sku, LOCATION)).toBe(before + 1);
    await stack.pool.query(`UPDATE writebacks SET next_attempt_at = now() WHERE order_id = $1`, [keyOf(data)]);
    await stack.ctx.writebacks.kick();

    await sent(data);
    expect((await writeback(data)).attempts).toBe(2);
    expect(stack.pos.products()).toHaveLength(products);
    expect(stack.pos.adjustmentsApplied()).toBe(applied);
    expect(stack.pos.quantity(fresh.sku, LOCATION)).toBe(2);
    expect(stack.pos.quantity(sku, LOCATION)).toBe(before + 1);
    await webhooksSettled();
    expect(await stack.onHand(fresh.sku, LOCATION)).toBe(2);
    expect(await stack.onHand(sku, LOCATION)).toBe(before + 1);
    expect(await catalogListings(fresh.sku)).toHaveLength(1);
  });

  it('keeps retrying while the POS is down and sends the batch once it is back', async () => {
    const fresh = await draft(4);
    const data = batchOf([created(fresh.sku, 4)]);
    stack.pos.setDown(true);
    try {
      await publishManifest(data);
      await eventually(async () => {
        const row = await writeback(data);
        expect(row).toMatchObject({ status: 'pending', last_error: `The POS at ${stack.pos.url} is unavailable right now; try again later` });
        expect(row.attempts).toBeGreaterThanOrEqual(2);
      });
      expect(posProductsWith(fresh.sku)).toEqual([]);
    } finally {
      stack.pos.setDown(false);
    }

    await sent(data);
    expect(posProductsWith(fresh.sku)).toHaveLength(1);
    expect(stack.pos.quantity(fresh.sku, LOCATION)).toBe(4);
    await webhooksSettled();
    expect(await stack.onHand(fresh.sku, LOCATION)).toBe(4);
    expect(await catalogListings(fresh.sku)).toEqual([expect.objectContaining({ id: fresh.productId, published_at: null, unit_cost_cents: UNIT_COST })]);
  });

  it("shows the POS's count while received units wait for it, and the units once the POS confirms them", async () => {
    const { sku, before, item } = await addedToPosItem(3);
    const data = batchOf([item]);
    stack.pos.setDown(true);
    try {
      await publishManifest(data);
      await eventually(async () => expect((await writeback(data))?.attempts).toBeGreaterThanOrEqual(1));
      // A till counts the item meanwhile: the POS does not know of the receipt yet (decision 054).
      await recountAtTill(sku, before);
      expect(await stack.onHand(sku, LOCATION)).toBe(before);
    } finally {
      stack.pos.setDown(false);
    }

    await sent(data);
    expect(stack.pos.quantity(sku, LOCATION)).toBe(before + 3);
    await webhooksSettled();
    expect(await stack.onHand(sku, LOCATION)).toBe(before + 3);
  });

  it('keeps a batch the POS refuses (an sku it already has) as failed, with its answer, and counts it on the status', async () => {
    const fresh = await draft(1);
    const data = batchOf([created(fresh.sku, 1), created('PL-EL-001', 1)]);

    await publishManifest(data);

    await eventually(async () =>
      expect(await writeback(data)).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'The POS rejected the request: The POS already has sku PL-EL-001; nothing was created',
      }),
    );
    expect(posProductsWith(fresh.sku)).toEqual([]);
    const { rows } = await stack.pool.query(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM writebacks WHERE kind = 'manifest'`,
    );
    expect(rows[0].failed).toBeGreaterThanOrEqual(1);
    expect((await stack.call('GET', '/api/admin/sync/status')).body.manifests).toEqual({
      ...rows[0],
      lastFailure: 'The POS rejected the request: The POS already has sku PL-EL-001; nothing was created',
    });
  });

  it('stops retrying a batch first sent more than 23 hours ago (the POS forgets its key after 24), asking for a check by hand', async () => {
    const fresh = await draft(1);
    const data = batchOf([created(fresh.sku, 1)]);
    await stack.pool.query(
      `INSERT INTO writebacks (order_id, kind, manifest, attempts, last_error, lines, first_attempted_at)
       VALUES ($1, 'manifest', $2, 12, 'The POS is unavailable', '[]', now() - interval '23 hours 1 minute')`,
      [keyOf(data), JSON.stringify(data)],
    );

    await stack.ctx.writebacks.kick();

    await eventually(async () => expect(await writeback(data)).toMatchObject({ status: 'failed', attempts: 12, last_error: WritebackNotes.notConfirmed }));
    expect(posProductsWith(fresh.sku)).toEqual([]);
  });

  it("sends nothing for units added to the shop's own listings, saying why", async () => {
    const applied = stack.pos.adjustmentsApplied();
    const own = await draft(2);
    const data = batchOf([created(own.sku, 2, { action: 'added' })]);

    await publishManifest(data);

    await eventually(async () => expect(await writeback(data)).toMatchObject({ status: 'skipped', last_error: WritebackNotes.noPosItemsReceived }));
    expect(stack.pos.adjustmentsApplied()).toBe(applied);
    expect(posProductsWith(own.sku)).toEqual([]);
  });

  it('records nothing for an event that is not the contract shape', async () => {
    const before = (await stack.pool.query(`SELECT count(*)::int AS n FROM writebacks`)).rows[0].n;
    const bad = { ...batchOf([created(uniqueSku(), 1)]), items: [] };
    await publishManifest(bad as ManifestReceivedData);
    // Messages are handled in order: once a later batch is recorded, the bad one was handled.
    const fresh = await draft(1);
    const later = batchOf([created(fresh.sku, 1)]);
    await publishManifest(later);
    await sent(later);
    expect((await stack.pool.query(`SELECT count(*)::int AS n FROM writebacks`)).rows[0].n).toBe(before + 1);
  });

  /** The catalog's own import of these CSV rows at LOCATION, and the manifest.received (version 2) it announced. */
  const importedByCatalog = async (rows: string[]) => {
    const csv = ['SKU,Title,Brand,Category,Qty,MSRP,Condition', ...rows].join('\n');
    const admin = { ...stack.catalog.callers.admin };
    const uploaded = await fetch(`${stack.catalog.url}/api/admin/manifests?name=lot.csv`, { method: 'POST', headers: { 'content-type': 'text/csv', ...admin }, body: csv });
    expect(uploaded.status).toBe(201);
    const { manifest } = (await uploaded.json()) as { manifest: { id: string; mapping: Record<string, number> } };
    const settings = { mapping: manifest.mapping, locationId: LOCATION, pricePct: 50, lotCost: null };
    const importing = await fetch(`${stack.catalog.url}/api/admin/manifests/${manifest.id}/import`, { method: 'POST', headers: { 'content-type': 'application/json', ...admin }, body: JSON.stringify(settings) });
    expect(importing.status).toBe(202);
    return eventually(async () => {
      const { rows: announced } = await stack.catalog.pool.query<{ payload: ManifestReceivedBatch }>(`SELECT payload FROM outbox WHERE subject = $1 AND version = 2`, [`manifest.received.${manifest.id}`]);
      expect(announced).toHaveLength(1);
      return announced[0]!.payload;
    });
  };
  const publishBatch = (payload: ManifestReceivedBatch) => {
    const envelope: EventEnvelope = { id: randomUUID(), type: 'manifest.received', version: 2, occurredAt: new Date().toISOString(), data: payload };
    return nats.publish(`${stream.subjectPrefix}.manifest.received.${payload.manifestId}`, envelope, randomUUID());
  };

  it("records a version 2 event as the rows it names (the catalog's own import), asks the catalog for their items when it sends them, and creates them in the POS", async () => {
    const tag = uniqueSku();
    const payload = await importedByCatalog([`${tag}-1,Espresso machine,Gaggia,Home & Garden,2,$400.00,Open Box`, `${tag}-2,Grinder,Baratza,Home & Garden,1,$150.00,Used`]);
    expect(payload).toMatchObject({ batch: 0, items: 2 });

    await publishBatch(payload);
    const data = { manifestId: payload.manifestId, batch: 0 } as ManifestReceivedData;
    await sent(data);
    // Kept as the event named them: a batch's 25,000 items are not copied into pos-sync's database.
    expect((await writeback(data)).manifest).toEqual(payload);
    expect(posProductsWith(`${tag}-1`)[0]).toMatchObject({ name: 'Espresso machine', brand: 'Gaggia', variants: [{ sku: `${tag}-1`, price: { amount: 20000 } }] });
    expect(posProductsWith(`${tag}-2`)[0]).toMatchObject({ name: 'Grinder', condition: { grade: 'USED' }, variants: [{ sku: `${tag}-2`, price: { amount: 7500 } }] });
    expect(stack.pos.quantity(`${tag}-1`, LOCATION)).toBe(2);
    expect(stack.pos.quantity(`${tag}-2`, LOCATION)).toBe(1);
  });

  it('sends nothing of a batch whose rows in the catalog are not the items its event named, and keeps it as failed, saying why', async () => {
    const tag = uniqueSku();
    const payload = await importedByCatalog([`${tag}-1,Toaster,Breville,Home & Garden,1,$80.00,Open Box`]);
    const named = { ...payload, items: 3 };
    await publishBatch(named);
    const data = { manifestId: payload.manifestId, batch: 0 } as ManifestReceivedData;
    await eventually(async () => expect(await writeback(data)).toMatchObject({ status: 'failed', last_error: WritebackNotes.manifestItemsMissing(1, 3) }));
    expect(posProductsWith(`${tag}-1`)).toEqual([]);
  });

  it('asks for a large batch a page at a time, and gets every item once, in row order', async () => {
    const tag = uniqueSku();
    const rows = Array.from({ length: 601 }, (_, n) => `${tag}-${n + 1},Item ${n + 1},Acme,General,1,$10.00,New`);
    const admin = { ...stack.catalog.callers.admin };
    const uploaded = await fetch(`${stack.catalog.url}/api/admin/manifests?name=big.csv`, { method: 'POST', headers: { 'content-type': 'text/csv', ...admin }, body: ['SKU,Title,Brand,Category,Qty,MSRP,Condition', ...rows].join('\n') });
    const { manifest } = (await uploaded.json()) as { manifest: { id: string; mapping: Record<string, number> } };
    const settings = { mapping: manifest.mapping, locationId: LOCATION, pricePct: 50, lotCost: null };
    await fetch(`${stack.catalog.url}/api/admin/manifests/${manifest.id}/import`, { method: 'POST', headers: { 'content-type': 'application/json', ...admin }, body: JSON.stringify(settings) });
    await eventually(async () => expect((await stack.catalog.pool.query(`SELECT status FROM manifests WHERE id = $1`, [manifest.id])).rows[0].status).toBe('imported'));

    const catalog = createCatalogClient({ baseUrl: stack.catalog.url, token: INTERNAL_TOKEN });
    const items = await catalog.manifestReceived(manifest.id, { locationId: LOCATION, after: 1, upTo: 1 + 601 });
    expect(items.map((i) => i.sku)).toEqual(rows.map((r) => r.split(',')[0]));
  });
});
