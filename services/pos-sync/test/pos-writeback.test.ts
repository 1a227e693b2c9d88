import { randomUUID } from 'node:crypto';
import { OrderAllocations, type EventEnvelope } from '@pl/contracts';
import type { NatsConn } from '@pl/service-kit';
import { eventually, type TestStream } from '@pl/service-kit/testing';
import { insertProduct } from '../../catalog/test/factories.js';
import { versionKey } from '../src/db/stock-versions.repo.js';
import { pendingSoldUnits } from '../src/db/writebacks.repo.js';
import { WritebackNotes } from '../src/domain/pos-adjustments.js';
import { startSyncedStackWithWorkers, type PosSyncStack } from './pos-sync-test-app.js';

/**
 * Sales written back to the POS: an order that committed stock in the real catalog is announced
 * with order.placed on NATS (a throwaway stream), the durable consumer records it, and the sender
 * adjusts the reference POS, exactly once whatever is redelivered, retried or down meanwhile.
 */
describe('write-back of sales to the POS', () => {
  let stack: PosSyncStack;
  let nats: NatsConn;
  let stream: TestStream;
  const usedSkus = new Set<string>();

  beforeAll(async () => {
    ({ stack, nats, stream } = await startSyncedStackWithWorkers('pos_writeback'));
  });
  afterAll(() => stack.stop());

  /** A sku not used by an earlier test, with enough stock in the shop to sell `qty`. */
  const freshSku = (qty: number) => {
    const product = stack.pos.products().find((p) => {
      const v = p.variants[0]!;
      return !usedSkus.has(v.sku) && v.stock.reduce((n, s) => n + Math.max(0, s.quantity), 0) >= qty;
    })!;
    const sku = product.variants[0]!.sku;
    usedSkus.add(sku);
    return sku;
  };

  /** What checkout does in the catalog for one line: hold the units, commit them to the order. */
  const holdAndCommit = async (orderId: string, sku: string, qty: number) => {
    const hold = await (await stack.catalog.internal('POST', '/internal/holds', { sku, qty, holder: `cart-${orderId}`, ttlSeconds: 600 })).json();
    expect(hold).toMatchObject({ status: 'active', qty });
    expect((await stack.catalog.internal('POST', `/internal/holds/${hold.id}/commit`, { orderId })).status).toBe(200);
  };
  const allocationsOf = async (orderId: string) =>
    OrderAllocations.parse(await (await stack.catalog.internal('GET', `/internal/orders/${orderId}/allocations`)).json());

  /** A product the shop sells that the POS does not have (half of the demo catalogue is such). */
  const shopOnlySku = async () =>
    (await insertProduct(stack.catalog.pool, { title: 'Shop-only lamp', variants: [{ levels: [{ locationId: 'dublin', onHand: 5 }] }] })).variants[0]!.sku;

  /** A new order of `qty` units of a POS product. */
  const placeOrder = async (qty = 1) => {
    const sku = freshSku(qty);
    const orderId = randomUUID();
    await holdAndCommit(orderId, sku, qty);
    const allocations = await allocationsOf(orderId);
    const before = new Map(allocations.lines.map((l) => [l.locationId, stack.pos.quantity(sku, l.locationId)]));
    return { sku, orderId, allocations, before };
  };

  /** cart publishes this (from its outbox) once the payment settled the order. */
  const publishOrderPlaced = async (orderId: string, sku: string, qty: number, envelopeId: string = randomUUID()) => {
    const envelope: EventEnvelope = { id: envelopeId, type: 'order.placed', version: 1, occurredAt: new Date().toISOString(), data: { orderId, lines: [{ sku, qty }], total: '19.99' } };
    // A fresh NATS message id each time, so a second publish is a redelivery JetStream does not drop.
    await nats.publish(`${stream.subjectPrefix}.order.placed`, envelope, randomUUID());
    return envelope;
  };

  const writeback = async (orderId: string) => (await stack.pool.query(`SELECT * FROM writebacks WHERE order_id = $1`, [orderId])).rows[0];
  const sent = (orderId: string) => eventually(async () => expect((await writeback(orderId))?.status).toBe('sent'));
  const posQuantities = (order: Awaited<ReturnType<typeof placeOrder>>) =>
    Object.fromEntries(order.allocations.lines.map((l) => [l.locationId, stack.pos.quantity(order.sku, l.locationId)]));
  const expectedAfterSale = (order: Awaited<ReturnType<typeof placeOrder>>) =>
    Object.fromEntries(order.allocations.lines.map((l) => [l.locationId, order.before.get(l.locationId)! - l.qty]));

  it('takes the units an order committed off the POS, once', async () => {
    const applied = stack.pos.adjustmentsApplied();
    const order = await placeOrder(2);

    await publishOrderPlaced(order.orderId, order.sku, 2);

    await sent(order.orderId);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
    expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
    expect(await writeback(order.orderId)).toMatchObject({ attempts: 1, last_error: null, sent_at: expect.any(Date), first_attempted_at: expect.any(Date) });
  });

  it("takes an order's POS items off the POS and leaves out the shop's own products", async () => {
    const applied = stack.pos.adjustmentsApplied();
    const order = await placeOrder(1);
    const shopSku = await shopOnlySku();
    await holdAndCommit(order.orderId, shopSku, 2);
    expect((await allocationsOf(order.orderId)).lines.map((l) => l.sku).sort()).toEqual([order.sku, shopSku].sort());

    await publishOrderPlaced(order.orderId, order.sku, 1);

    await sent(order.orderId);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
    expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
    expect(await writeback(order.orderId)).toMatchObject({ attempts: 1, last_error: null });
  });

  it('retries a sale with exactly the lines its first attempt sent, even if the POS has learnt another of its skus since', async () => {
    const applied = stack.pos.adjustmentsApplied();
    const order = await placeOrder(1);
    const shopSku = await shopOnlySku();
    await holdAndCommit(order.orderId, shopSku, 1);
    stack.pos.setDown(true);
    try {
      await publishOrderPlaced(order.orderId, order.sku, 1);
      await eventually(async () => expect(await writeback(order.orderId)).toMatchObject({ status: 'pending', lines: [expect.objectContaining({ sku: order.sku })] }));
      // Meanwhile the shop learns that the POS has the other sku too (a sync counted it there).
      await stack.pool.query(`INSERT INTO stock_versions (sku, location_id, version) VALUES ($1, 'dublin', 1)`, [shopSku]);
    } finally {
      stack.pos.setDown(false);
    }
    await sent(order.orderId);
    expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
  });

  it('marks an order of shop products only done without calling the POS, saying why', async () => {
    const applied = stack.pos.adjustmentsApplied();
    const orderId = randomUUID();
    const shopSku = await shopOnlySku();
    await holdAndCommit(orderId, shopSku, 1);

    await publishOrderPlaced(orderId, shopSku, 1);

    await eventually(async () => expect(await writeback(orderId)).toMatchObject({ status: 'skipped', last_error: expect.stringContaining('no POS items'), sent_at: null }));
    expect(stack.pos.adjustmentsApplied()).toBe(applied);
  });

  it('keeps a sale the POS refuses (a sku it no longer has) as failed, with its answer, and counts it on the status', async () => {
    const applied = stack.pos.adjustmentsApplied();
    const orderId = randomUUID();
    const goneSku = await shopOnlySku();
    // The POS once sent a count of it, so the shop takes it for a POS item.
    await stack.pool.query(`INSERT INTO stock_versions (sku, location_id, version) VALUES ($1, 'dublin', 1)`, [goneSku]);
    await holdAndCommit(orderId, goneSku, 1);

    await publishOrderPlaced(orderId, goneSku, 1);

    await eventually(async () => expect(await writeback(orderId)).toMatchObject({ status: 'failed', last_error: expect.stringContaining(goneSku) }));
    expect(stack.pos.adjustmentsApplied()).toBe(applied);
    const { rows } = await stack.pool.query(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM writebacks`,
    );
    expect(rows[0].failed).toBeGreaterThanOrEqual(1);
    expect((await stack.call('GET', '/api/admin/sync/status')).body.writebacks).toEqual(rows[0]);
  });

  it("waits for a first sync from the POS before telling its items from the shop's, then sends", async () => {
    const applied = stack.pos.adjustmentsApplied();
    const order = await placeOrder(1);
    // As after connecting another POS: nothing known of what it has yet.
    await stack.pool.query('TRUNCATE stock_versions');

    await publishOrderPlaced(order.orderId, order.sku, 1);
    await eventually(async () => expect(await writeback(order.orderId)).toMatchObject({ status: 'pending', attempts: 0, last_error: WritebackNotes.waitingForSync }));
    expect(stack.pos.adjustmentsApplied()).toBe(applied);

    expect((await stack.sync()).status).toBe(200);

    await sent(order.orderId);
    expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
  });

  it('stops retrying a sale first sent more than 23 hours ago (the POS forgets its key after 24), asking for a check by hand', async () => {
    const applied = stack.pos.adjustmentsApplied();
    const order = await placeOrder(1);
    // Tried since yesterday while the POS never answered; now it is back.
    await stack.pool.query(
      `INSERT INTO writebacks (order_id, attempts, last_error, created_at, first_attempted_at)
       VALUES ($1, 12, 'The POS is unavailable', now() - interval '23 hours 2 minutes', now() - interval '23 hours 1 minute')`,
      [order.orderId],
    );

    await stack.ctx.writebacks.kick();

    await eventually(async () =>
      expect(await writeback(order.orderId)).toMatchObject({
        status: 'failed',
        attempts: 12,
        last_error: 'Not confirmed by the POS within 23 hours; check the POS and adjust by hand',
      }),
    );
    expect(stack.pos.adjustmentsApplied()).toBe(applied);
    expect(posQuantities(order)).toEqual(Object.fromEntries(order.before));
  });

  it('still retries a sale first sent less than 23 hours ago', async () => {
    const applied = stack.pos.adjustmentsApplied();
    const order = await placeOrder(1);
    await stack.pool.query(
      `INSERT INTO writebacks (order_id, attempts, last_error, first_attempted_at) VALUES ($1, 12, 'The POS is unavailable', now() - interval '22 hours 59 minutes')`,
      [order.orderId],
    );

    await stack.ctx.writebacks.kick();

    await sent(order.orderId);
    expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
  });

  it('applies one adjustment however often order.placed is delivered', async () => {
    const applied = stack.pos.adjustmentsApplied();
    const order = await placeOrder(1);
    const envelope = await publishOrderPlaced(order.orderId, order.sku, 1);
    await publishOrderPlaced(order.orderId, order.sku, 1, envelope.id);
    // Messages are handled in order: once this later order is recorded, both copies were handled.
    const later = await placeOrder(1);
    await publishOrderPlaced(later.orderId, later.sku, 1);

    await sent(order.orderId);
    await sent(later.orderId);

    expect(stack.pos.adjustmentsApplied()).toBe(applied + 2);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
    expect((await stack.pool.query(`SELECT count(*)::int AS n FROM writebacks WHERE order_id = $1`, [order.orderId])).rows[0].n).toBe(1);
  });

  it('applies nothing twice when a sale is sent again (its answer was lost): the POS replays by Idempotency-Key', async () => {
    const order = await placeOrder(1);
    await publishOrderPlaced(order.orderId, order.sku, 1);
    await sent(order.orderId);
    const applied = stack.pos.adjustmentsApplied();

    // As if the instance had died after the POS applied it but before it was marked sent.
    await stack.pool.query(`UPDATE writebacks SET status = 'pending', sent_at = NULL, next_attempt_at = now() WHERE order_id = $1`, [order.orderId]);
    await stack.ctx.writebacks.kick();

    await sent(order.orderId);
    expect((await writeback(order.orderId)).attempts).toBe(2);
    expect(stack.pos.adjustmentsApplied()).toBe(applied);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
  });

  it('keeps retrying while the POS is down and sends the sale once it is back', async () => {
    const applied = stack.pos.adjustmentsApplied();
    const order = await placeOrder(1);
    stack.pos.setDown(true);
    try {
      await publishOrderPlaced(order.orderId, order.sku, 1);
      await eventually(async () => {
        const row = await writeback(order.orderId);
        expect(row).toMatchObject({ status: 'pending', last_error: `The POS at ${stack.pos.url} is unavailable right now; try again later` });
        expect(row.attempts).toBeGreaterThanOrEqual(2);
      });
      expect(posQuantities(order)).toEqual(Object.fromEntries(order.before));
    } finally {
      stack.pos.setDown(false);
    }

    await sent(order.orderId);
    expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
  });

  it('gives up, saying why, on an order that committed no stock', async () => {
    const orderId = randomUUID();
    await publishOrderPlaced(orderId, 'PL-EL-001', 1);
    await eventually(async () => expect(await writeback(orderId)).toMatchObject({ status: 'failed', last_error: 'The catalog has no stock committed to this order' }));
  });

  it('waits for POS settings, and sends as soon as they are saved', async () => {
    const applied = stack.pos.adjustmentsApplied();
    await stack.pool.query('TRUNCATE pos_settings');
    const order = await placeOrder(1);
    await publishOrderPlaced(order.orderId, order.sku, 1);
    await eventually(async () => expect(await writeback(order.orderId)).toMatchObject({ status: 'pending', attempts: 0, last_error: 'POS settings are not saved yet' }));

    await stack.saveSettings();

    await sent(order.orderId);
    expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
  });

  it('keeps a sale the POS has not confirmed out of its counts: a recount during an outage does not put the sold unit back', async () => {
    const order = await placeOrder(1);
    const { locationId } = order.allocations.lines[0]!;
    const posBefore = stack.pos.quantity(order.sku, locationId); // the POS does not know of the sale
    stack.pos.setDown(true);
    try {
      await publishOrderPlaced(order.orderId, order.sku, 1);
      await eventually(async () =>
        expect(await writeback(order.orderId)).toMatchObject({ status: 'pending', lines: [{ sku: order.sku, locationId, qty: 1 }], attempts: expect.any(Number) }),
      );
      // The store receives 3 more and counts them in the POS (its webhooks still go out).
      await stack.pos.setCount(order.sku, locationId, posBefore + 3);
      await eventually(async () => expect(await stack.onHand(order.sku, locationId)).toBe(posBefore + 3 - 1));
    } finally {
      stack.pos.setDown(false);
    }
    // Once the POS takes the sale, its count and the shop's agree.
    await sent(order.orderId);
    expect(stack.pos.quantity(order.sku, locationId)).toBe(posBefore + 2);
    await eventually(async () => expect(await stack.onHand(order.sku, locationId)).toBe(posBefore + 2));
  });

  it('keeps a sale made before the POS was set up out of the first sync: the sold unit never goes back on sale', async () => {
    // A shop that has sold before anyone connected its POS: no settings, nothing known of the POS.
    await stack.pool.query('TRUNCATE pos_settings, stock_versions');
    const order = await placeOrder(1);
    const totalOnHand = async () =>
      (await stack.catalog.pool.query<{ n: number }>(`SELECT sum(l.on_hand)::int AS n FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.sku = $1`, [order.sku])).rows[0]!.n;
    const afterSale = await totalOnHand();
    const { rows: mark } = await stack.catalog.pool.query<{ seq: string }>(`SELECT coalesce(max(seq), 0) AS seq FROM outbox`);
    await publishOrderPlaced(order.orderId, order.sku, 1);
    await eventually(async () => expect(await writeback(order.orderId)).toMatchObject({ status: 'pending', attempts: 0, last_error: 'POS settings are not saved yet' }));

    expect((await stack.saveSettings()).status).toBe(200);
    // The first sync counts what the POS has, which does not know of the sale until it is sent.
    expect((await stack.sync()).status).toBe(200);
    await sent(order.orderId);

    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
    expect(await totalOnHand()).toBe(afterSale);
    // Every stock change the catalog announced meanwhile (its outbox): none had the sold unit on hand again.
    const { rows: changes } = await stack.catalog.pool.query<{ onHand: number }>(
      `SELECT (payload->>'onHand')::int AS "onHand" FROM outbox WHERE seq > $1 AND subject = $2 ORDER BY seq`,
      [mark[0]!.seq, `inventory.updated.${order.sku}`],
    );
    expect(changes.filter((c) => c.onHand > afterSale)).toEqual([]);
  });

  it('sends a sale that waited for the first sync as soon as that sync ends, not after a back-off', async () => {
    await stack.pool.query('TRUNCATE stock_versions');
    const order = await placeOrder(1);
    await publishOrderPlaced(order.orderId, order.sku, 1);
    await eventually(async () => expect(await writeback(order.orderId)).toMatchObject({ status: 'pending', last_error: WritebackNotes.waitingForSync }));
    // A back-off far longer than the test waits: only the end of the sync may send it.
    await stack.pool.query(`UPDATE writebacks SET next_attempt_at = now() + interval '1 hour' WHERE order_id = $1`, [order.orderId]);

    expect((await stack.sync()).status).toBe(200);

    await sent(order.orderId);
    expect(posQuantities(order)).toEqual(expectedAfterSale(order));
  });

  describe('units an order gave back (order.stock-returned: cancellations, received returns)', () => {
    /** The catalog publishes this once it has put an action's units back on hand. */
    const publishStockReturned = async (orderId: string, key: string, lines: Array<{ sku: string; locationId: string; qty: number }>) => {
      const envelope: EventEnvelope = { id: randomUUID(), type: 'order.stock-returned', version: 1, occurredAt: new Date().toISOString(), data: { orderId, key, reason: 'cancellation', lines } };
      await nats.publish(`${stream.subjectPrefix}.order.stock-returned.${orderId}`, envelope, randomUUID());
    };

    it("puts a cancelled sale's units back on the POS once, as a 'return', whatever is redelivered", async () => {
      const order = await placeOrder(2);
      await publishOrderPlaced(order.orderId, order.sku, 2);
      await sent(order.orderId);
      const applied = stack.pos.adjustmentsApplied();

      await publishStockReturned(order.orderId, 'cancel', order.allocations.lines);
      await publishStockReturned(order.orderId, 'cancel', order.allocations.lines);
      await sent(`${order.orderId}:cancel`);

      expect(posQuantities(order)).toEqual(Object.fromEntries(order.before));
      expect(stack.pos.adjustmentsApplied()).toBe(applied + 1);
      expect(await writeback(`${order.orderId}:cancel`)).toMatchObject({ kind: 'return', attempts: 1, last_error: null, lines: order.allocations.lines.map((l) => ({ ...l, qty: -l.qty })) });
    });

    it('counts units given back but not yet sent as missing from the POS, and a sale not yet tried as taken', async () => {
      const orderId = randomUUID();
      const key = { sku: 'PL-PENDING-1', locationId: 'dublin' };
      // Neither has been tried (no settings, no first sync): no lines yet, only their units.
      await stack.pool.query(
        `INSERT INTO writebacks (order_id, kind, units, next_attempt_at) VALUES
           ($1, 'sale', $3, now() + interval '1 hour'), ($2, 'return', $4, now() + interval '1 hour')`,
        [orderId, `${orderId}:cancel`, JSON.stringify([{ ...key, qty: 3 }]), JSON.stringify([{ ...key, qty: 1 }])],
      );
      try {
        expect(await pendingSoldUnits(stack.pool, [key])).toEqual(new Map([[versionKey(key), 2]]));
      } finally {
        await stack.pool.query(`DELETE FROM writebacks WHERE order_id IN ($1, $2)`, [orderId, `${orderId}:cancel`]);
      }
    });

    it("sends only the skus the POS has, and is done without it when there are none", async () => {
      const shopSku = await shopOnlySku();
      const orderId = randomUUID();
      const applied = stack.pos.adjustmentsApplied();
      await publishStockReturned(orderId, 'return-1', [{ sku: shopSku, locationId: 'dublin', qty: 1 }]);
      await eventually(async () => expect(await writeback(`${orderId}:return-1`)).toMatchObject({ status: 'skipped', last_error: WritebackNotes.noPosItems }));
      expect(stack.pos.adjustmentsApplied()).toBe(applied);
    });
  });
});
