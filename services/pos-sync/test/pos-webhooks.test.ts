import { createHmac, randomUUID } from 'node:crypto';
import { EventEnvelope, IngestedEvent, InventoryUpdatedData, PosWebhookPath, ProblemEventList } from '@pl/contracts';
import type { NatsConn, OutboxRelay } from '@pl/service-kit';
import { connectTestNats, createTestStream, startTestRelay, eventually, type TestStream } from '@pl/service-kit/testing';
import { INTERNAL_TOKEN } from '../../catalog/test/catalog-test-app.js';
import { createCatalogClient } from '../src/clients/catalog-client.js';
import { SecretFields } from '../src/domain/secret-box.js';
import { startPosSyncStack, type PosSyncStack } from './pos-sync-test-app.js';

/**
 * POS webhooks end to end: the reference POS delivers signed events to the real pos-sync app, which
 * stores them, applies them to the real catalog, whose outbox relay announces the change on NATS
 * (into a throwaway stream, so this suite never touches the shop's own).
 */
describe('POST /api/webhooks/pos', () => {
  let stack: PosSyncStack;
  let nats: NatsConn;
  let stream: TestStream;
  let relay: OutboxRelay;
  let signatureKey: string;

  beforeAll(async () => {
    stack = await startPosSyncStack();
    nats = await connectTestNats({ name: 'pos-sync-webhooks-test' });
    stream = await createTestStream(nats, 'pos_webhooks');
    relay = startTestRelay(stack.catalog.pool, nats, stream, { pollMs: 50 });
    await stack.startWorkers(nats, stream);
    await stack.saveSettings();
    expect((await stack.sync()).status).toBe(200);
    const { rows } = await stack.pool.query(`SELECT webhook_key_sealed FROM pos_settings`);
    signatureKey = stack.ctx.secrets.open(rows[0].webhook_key_sealed, SecretFields.webhookKey);
  });
  afterAll(async () => {
    await relay.stop();
    await stream.delete();
    await nats.drain();
    await stack.stop();
  });

  const someSku = (i = 0) => stack.pos.products()[i]!.variants[0]!.sku;
  const productOf = (sku: string) => stack.pos.products().find((p) => p.variants.some((v) => v.sku === sku))!;
  const storedEvents = async (id: string) => (await stack.pool.query(`SELECT * FROM pos_events WHERE id = $1`, [id])).rows;
  /** A version `ahead` steps past the POS's own count of the sku in Dublin (the POS's versions start at its boot time). */
  const versionAhead = (sku: string, ahead: number) =>
    productOf(sku).variants.find((v) => v.sku === sku)!.stock.find((s) => s.location_id === 'dublin')!.version + ahead;
  const countEvent = (sku: string, quantity: number, version: number) => ({
    id: `evt_test_${randomUUID()}`,
    type: 'inventory.count.updated',
    created_at: new Date().toISOString(),
    data: { sku, location_id: 'dublin', quantity, version, product_id: productOf(sku).id },
  });
  /** Posts a body as the POS would, signed with `key` at `t` (unix seconds). */
  const deliver = async (body: string | object, options: { key?: string; t?: number; header?: string | null } = {}) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const t = options.t ?? Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', options.key ?? signatureKey).update(`${t}.${raw}`).digest('hex');
    const header = options.header === undefined ? `t=${t},v1=${v1}` : options.header;
    const res = await fetch(`${stack.service.url}${PosWebhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'pos-signature': header }) },
      body: raw,
    });
    return { status: res.status, body: await res.json() };
  };
  const announced = async (sku: string) => {
    const subject = `${stream.subjectPrefix}.inventory.updated.${sku}`;
    return (await stream.messages()).filter((m) => m.subject === subject).map((m) => InventoryUpdatedData.parse(EventEnvelope.parse(m.data).data));
  };

  it('applies a count set in the POS to the catalog, which announces it on NATS', async () => {
    const sku = someSku(0);
    await stack.pos.setCount(sku, 'dublin', 9);

    await eventually(async () => expect(await stack.onHand(sku, 'dublin')).toBe(9));
    // The relay may still be sending the sync's burst from beforeAll: the count's event comes after it.
    const levels = productOf(sku).variants[0]!.stock;
    const total = levels.reduce((sum, l) => sum + Math.max(0, l.quantity), 0);
    await eventually(async () => expect((await announced(sku)).at(-1)).toMatchObject({ sku, onHand: total }));
    const [event] = (await stack.pool.query(`SELECT type, applied_at, last_error FROM pos_events WHERE payload->'data'->>'sku' = $1 AND payload->'data'->>'quantity' = '9'`, [sku])).rows;
    expect(event).toMatchObject({ type: 'inventory.count.updated', applied_at: expect.any(Date), last_error: null });
  });

  it('lists the received event on the admin events route, newest first, its payload being what the event says', async () => {
    const sku = someSku(1);
    await stack.pos.setCount(sku, 'dublin', 4);
    await eventually(async () => expect(await stack.onHand(sku, 'dublin')).toBe(4));

    const events = ((await stack.call('GET', '/api/admin/events?limit=100')).body as unknown[]).map((e) => IngestedEvent.parse(e));

    const times = events.map((e) => e.ingestedAt);
    expect(times).toEqual([...times].sort().reverse());
    const received = events.find((e) => (e.payload as { sku?: string; quantity?: number }).sku === sku);
    expect(received).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'inventory.count.updated',
      ingestedAt: expect.any(String),
      payload: { sku, location_id: 'dublin', quantity: 4, version: expect.any(Number), product_id: productOf(sku).id },
    });
    // The whole delivery stays in the table (audit).
    const { rows } = await stack.pool.query(`SELECT payload FROM pos_events WHERE id = $1`, [received!.id]);
    expect(rows[0].payload).toMatchObject({ id: received!.id, type: 'inventory.count.updated', created_at: expect.any(String), data: received!.payload });
  });

  it('answers 200 at once and stores a replayed event id once', async () => {
    const event = countEvent(someSku(2), 6, versionAhead(someSku(2), 10_000));
    const body = JSON.stringify(event);

    const first = await deliver(body);
    const again = await deliver(body);

    expect([first.status, first.body]).toEqual([200, { received: true, duplicate: false }]);
    expect([again.status, again.body]).toEqual([200, { received: true, duplicate: true }]);
    expect(await storedEvents(event.id)).toHaveLength(1);
    await eventually(async () => expect(await stack.onHand(event.data.sku, 'dublin')).toBe(6));
  });

  it('never lets an older count win over a newer one that was applied', async () => {
    const sku = someSku(3);
    const newer = countEvent(sku, 5, versionAhead(sku, 20_000));
    const older = countEvent(sku, 2, versionAhead(sku, 19_999));

    expect((await deliver(newer)).status).toBe(200);
    await eventually(async () => expect((await storedEvents(newer.id))[0].applied_at).toBeInstanceOf(Date));
    expect((await deliver(older)).status).toBe(200);
    await eventually(async () => expect((await storedEvents(older.id))[0].applied_at).toBeInstanceOf(Date));

    expect(await stack.onHand(sku, 'dublin')).toBe(5);
    expect((await storedEvents(older.id))[0].last_error).toBe(`Skipped: version ${older.data.version} of ${sku} at dublin is not newer than the applied version ${newer.data.version}`);
  });

  const nowS = () => Math.floor(Date.now() / 1000);
  it.each([
    ['another key', () => ({ key: 'not-the-signature-key' })],
    ['no signature', () => ({ header: null })],
    ['a malformed signature header', () => ({ header: 'v1=deadbeef' })],
    ['a timestamp older than the tolerance', () => ({ t: nowS() - 310 })],
    ['a timestamp too far ahead', () => ({ t: nowS() + 310 })],
  ])('refuses a delivery with %s with 401 and stores nothing', async (_what, options) => {
    const event = countEvent(someSku(4), 1, versionAhead(someSku(4), 30_000));
    const res = await deliver(event, options());
    expect([res.status, res.body]).toEqual([401, { message: 'Invalid webhook signature', code: 'INVALID_WEBHOOK_SIGNATURE' }]);
    expect(await storedEvents(event.id)).toEqual([]);
  });

  it('refuses a signed body that is not a POS event with 400, storing nothing', async () => {
    const before = (await stack.pool.query('SELECT count(*)::int AS n FROM pos_events')).rows[0].n;
    expect((await deliver('{"not":"an event"}')).status).toBe(400);
    expect((await deliver('not json at all')).status).toBe(400);
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM pos_events')).rows[0].n).toBe(before);
  });

  it('fetches and creates the product of a count for a sku the shop does not have', async () => {
    const product = stack.pos.products()[5]!;
    const sku = product.variants[0]!.sku;
    await stack.catalog.pool.query(`DELETE FROM variants WHERE product_id = (SELECT product_id FROM variants WHERE sku = $1)`, [sku]);

    await stack.pos.setCount(sku, 'westerville', 11);

    await eventually(async () => expect(await stack.onHand(sku, 'westerville')).toBe(11));
    const { rows } = await stack.catalog.pool.query(`SELECT p.title FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = $1`, [sku]);
    expect(rows[0].title).toBe(product.name);
  });

  it('applies a product changed in the POS (catalog.product.updated)', async () => {
    const product = stack.pos.products()[6]!;
    await stack.pos.updateProduct(product.id, { name: 'Relabelled in the back office', price: { sku: product.variants[0]!.sku, amount: 1234 } });

    await eventually(async () => {
      const { rows } = await stack.catalog.pool.query(
        `SELECT p.title, v.price_cents FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = $1`,
        [product.variants[0]!.sku],
      );
      expect(rows[0]).toEqual({ title: 'Relabelled in the back office', price_cents: 1234 });
    });
  });

  it('closes, without retrying, an event for a location the shop does not have', async () => {
    const event = { ...countEvent(someSku(7), 3, versionAhead(someSku(7), 40_000)), data: { ...countEvent(someSku(7), 3, versionAhead(someSku(7), 40_000)).data, location_id: 'atlantis' } };
    expect((await deliver(event)).status).toBe(200);
    await eventually(async () => expect((await storedEvents(event.id))[0].applied_at).toBeInstanceOf(Date));
    expect((await storedEvents(event.id))[0]).toMatchObject({ attempts: 1, last_error: 'Not applied: Unknown location atlantis' });
  });

  it('retries an event while the catalog is unreachable, and applies it once it is back', async () => {
    const sku = someSku(8);
    const event = countEvent(sku, 8, versionAhead(sku, 50_000));
    const reachable = stack.ctx.catalog;
    // The real client, pointed where nothing listens: the catalog is down as far as pos-sync can tell.
    stack.ctx.catalog = createCatalogClient({ baseUrl: 'http://127.0.0.1:9', token: INTERNAL_TOKEN });
    try {
      expect((await deliver(event)).status).toBe(200);
      // Tried, failed, tried again (the periodic pass): still waiting, with the reason.
      await eventually(async () => {
        const [stored] = await storedEvents(event.id);
        expect(stored).toMatchObject({ applied_at: null, last_error: 'The catalog is not reachable right now' });
        expect(stored.attempts).toBeGreaterThanOrEqual(2);
      });
    } finally {
      stack.ctx.catalog = reachable;
    }
    await eventually(async () => expect((await storedEvents(event.id))[0].applied_at).toBeInstanceOf(Date));
    expect((await storedEvents(event.id))[0]).toMatchObject({ last_error: null });
    expect(await stack.onHand(sku, 'dublin')).toBe(8);
  });

  it('never puts sold units back: a product event or a sync carries the count already applied, which is not sent again', async () => {
    const sku = someSku(3);
    const shopTotal = async () =>
      (await stack.catalog.pool.query<{ n: number }>(`SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.sku = $1`, [sku])).rows[0]!.n;
    const before = await shopTotal();
    expect(before).toBeGreaterThan(0);

    // Sold online: the catalog takes the unit off the shelf before the POS hears of it.
    const hold = await stack.catalog.internal('POST', '/internal/holds', { sku, qty: 1, holder: 'cart-sold', ttlSeconds: 60 });
    const { id } = (await hold.json()) as { id: string };
    expect((await stack.catalog.internal('POST', `/internal/holds/${id}/commit`, { orderId: `order-${randomUUID()}` })).status).toBe(200);
    expect(await shopTotal()).toBe(before - 1);

    // Staff change the price in the POS: the product event re-reads the product, counts unchanged.
    const product = productOf(sku);
    await stack.pos.updateProduct(product.id, { price: { sku, amount: 12_345 } });
    await eventually(async () => {
      const { rows } = await stack.catalog.pool.query(`SELECT price_cents FROM variants WHERE sku = $1`, [sku]);
      expect(rows[0].price_cents).toBe(12_345);
    });
    expect(await shopTotal()).toBe(before - 1);

    expect((await stack.sync()).status).toBe(200);
    expect(await shopTotal()).toBe(before - 1);
  });

  describe('the event inbox (admins: what did not apply, retry, replay)', () => {
    const problems = async () => ProblemEventList.parse((await stack.call('GET', '/api/admin/events/problems')).body);
    const statusOf = async (id: string) => (await storedEvents(id))[0]?.status as string;

    it('keeps an event that cannot apply with its error until an admin retries it, then applies it', async () => {
      const sku = someSku(9);
      const base = countEvent(sku, 4, versionAhead(sku, 60_000));
      const event = { ...base, data: { ...base.data, location_id: 'lakeside' } };
      expect((await deliver(event)).status).toBe(200);
      await eventually(async () => expect(await statusOf(event.id)).toBe('failed'));
      expect((await problems()).events.find((e) => e.id === event.id)).toEqual({
        id: event.id,
        type: 'inventory.count.updated',
        payload: event.data,
        ingestedAt: expect.any(String),
        status: 'failed',
        attempts: 1,
        error: 'Not applied: Unknown location lakeside',
        nextAttemptAt: null,
      });

      // The shop opens that store; the admin retries the event.
      await stack.catalog.pool.query(`INSERT INTO locations (id, name, type, address, city, state, zip_code) VALUES ('lakeside', 'Lakeside', 'STORE', '1 Lake Rd', 'Columbus', 'OH', '43215')`);
      try {
        const retried = await stack.call('POST', `/api/admin/events/${encodeURIComponent(event.id)}/retry`);
        expect([retried.status, retried.body]).toEqual([202, { count: 1 }]);
        await eventually(async () => expect(await statusOf(event.id)).toBe('applied'));
        expect(await stack.onHand(sku, 'lakeside')).toBe(4);
        expect((await problems()).events.map((e) => e.id)).not.toContain(event.id);
      } finally {
        await stack.catalog.pool.query(`DELETE FROM inventory_levels WHERE location_id = 'lakeside'`);
        await stack.catalog.pool.query(`DELETE FROM locations WHERE id = 'lakeside'`);
      }
      const again = await stack.call('POST', `/api/admin/events/${encodeURIComponent(event.id)}/retry`);
      expect([again.status, again.body.code]).toEqual([404, 'NOT_FOUND']);
    });

    it('shows an event retried after an error, and Retry all applies it at once instead of after its back-off', async () => {
      const sku = someSku(10);
      const event = countEvent(sku, 6, versionAhead(sku, 70_000));
      const reachable = stack.ctx.catalog;
      stack.ctx.catalog = createCatalogClient({ baseUrl: 'http://127.0.0.1:9', token: INTERNAL_TOKEN });
      try {
        expect((await deliver(event)).status).toBe(200);
        await eventually(async () =>
          expect((await problems()).events.find((e) => e.id === event.id)).toMatchObject({ status: 'pending', error: 'The catalog is not reachable right now', nextAttemptAt: expect.any(String) }),
        );
      } finally {
        stack.ctx.catalog = reachable;
      }
      // Its next attempt an hour away: only the admin's Retry all can make it go now.
      await stack.pool.query(`UPDATE pos_events SET next_attempt_at = now() + interval '1 hour' WHERE id = $1`, [event.id]);
      const retried = await stack.call('POST', '/api/admin/events/retry');
      expect(retried.status).toBe(202);
      expect(retried.body.count).toBeGreaterThanOrEqual(1);
      await eventually(async () => expect(await statusOf(event.id)).toBe('applied'));
      expect(await stack.onHand(sku, 'dublin')).toBe(6);
    });

    it('replays every event since a time without changing what was applied, and never puts a sold unit back', async () => {
      const since = new Date();
      const skus = [someSku(11), someSku(12), someSku(13)];
      const events = skus.map((sku, i) => countEvent(sku, 5 + i, versionAhead(sku, 80_000)));
      for (const event of events) expect((await deliver(event)).status).toBe(200);
      await eventually(async () => expect(await Promise.all(events.map((e) => statusOf(e.id)))).toEqual(['applied', 'applied', 'applied']));
      const snapshot = async () => ({
        levels: (await stack.catalog.pool.query(`SELECT v.sku, l.location_id, l.on_hand FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE v.sku = ANY($1) ORDER BY 1, 2`, [skus])).rows,
        versions: (await stack.pool.query(`SELECT sku, location_id, version FROM stock_versions WHERE sku = ANY($1) ORDER BY 1, 2`, [skus])).rows,
        announced: (await stack.catalog.pool.query(`SELECT count(*)::int AS n FROM outbox`)).rows[0].n,
      });
      const before = await snapshot();

      const replayed = await stack.call('POST', '/api/admin/events/replay', { since: since.toISOString() });
      expect(replayed.status).toBe(202);
      expect(replayed.body.count).toBeGreaterThanOrEqual(3);
      await eventually(async () => expect((await stack.pool.query(`SELECT count(*)::int AS n FROM pos_events WHERE status = 'pending'`)).rows[0].n).toBe(0));
      expect(await snapshot()).toEqual(before);

      // One unit of the first sku sold online and not yet confirmed by the POS; the shop has
      // forgotten the count's version: the replay applies the count, less the sold unit.
      await stack.pool.query(`INSERT INTO writebacks (order_id, lines, next_attempt_at) VALUES ($1, $2::jsonb, now() + interval '1 day')`, [
        `order-replay-${randomUUID()}`,
        JSON.stringify([{ sku: skus[0], locationId: 'dublin', qty: 1 }]),
      ]);
      await stack.pool.query(`DELETE FROM stock_versions WHERE sku = $1`, [skus[0]]);
      expect((await stack.call('POST', '/api/admin/events/replay', { since: since.toISOString() })).status).toBe(202);
      await eventually(async () => expect(await stack.onHand(skus[0]!, 'dublin')).toBe(5 - 1));
    });

    it('refuses a replay without a valid time (400), and every inbox call to a non-admin (403)', async () => {
      const bad = await stack.call('POST', '/api/admin/events/replay', { since: 'yesterday' });
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      for (const [method, path] of [
        ['GET', '/api/admin/events/problems'],
        ['POST', '/api/admin/events/retry'],
        ['POST', '/api/admin/events/replay'],
      ] as const) {
        expect((await stack.call(method, path, method === 'POST' ? { since: new Date().toISOString() } : undefined, 'customer')).status).toBe(403);
      }
    });
  });
});
