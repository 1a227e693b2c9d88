import { randomUUID } from 'node:crypto';
import { MarkdownRun, MarkdownRunList, SyncStatus, type EventEnvelope, type PriceChange, type PriceChangedData, type PriceSource } from '@pl/contracts';
import type { NatsConn, OutboxRelay } from '@pl/service-kit';
import { eventually, startTestRelay, uniqueSuffix, type TestStream } from '@pl/service-kit/testing';
import { WritebackNotes } from '../src/domain/pos-adjustments.js';
import { PRICE_BATCH } from '../src/domain/price-to-pos.js';
import { SUPERSEDED_NOTE } from '../src/db/price-writebacks.repo.js';
import { startSyncedStackWithWorkers, type PosSyncStack } from './pos-sync-test-app.js';

/**
 * Prices the shop set reaching the POS (decision 057): the catalog announces each change with
 * price.changed on NATS (a throwaway stream); the durable consumer records it once, the write-back
 * pass sends the prices in batches to the reference POS, the newest per sku winning, retried while
 * the POS is down or busy, and the POS's own webhook confirms the markdown in the catalog.
 */
describe('prices to the POS', () => {
  let stack: PosSyncStack;
  let nats: NatsConn;
  let stream: TestStream;
  const usedSkus = new Set<string>();

  beforeAll(async () => {
    // A 429 is handed back at once (no waiting out Retry-After in the connector), so the pass's own retry shows.
    ({ stack, nats, stream } = await startSyncedStackWithWorkers('pos_prices', { options: { priceLingerMs: 0, pos: { timeoutMs: 5000, rateLimitRetries: 0 } } }));
  });
  afterAll(() => stack.stop());
  afterEach(() => {
    stack.pos.setDown(false);
    stack.pos.setThrottled(false);
    stack.ctx.settings.priceLingerMs = 0;
  });

  /** A single-variant sku the POS and the shop both have, not used by an earlier test. */
  const freshPosSku = () => {
    const product = stack.pos.products().find((p) => p.variants.length === 1 && !usedSkus.has(p.variants[0]!.sku))!;
    const sku = product.variants[0]!.sku;
    usedSkus.add(sku);
    return sku;
  };
  const posPrice = (sku: string) => stack.pos.products().flatMap((p) => p.variants).find((v) => v.sku === sku)!.price.amount;
  const callsWith = (sku: string) => stack.pos.priceBatches().filter((c) => c.skus.includes(sku));

  type Change = PriceChange & { source: PriceSource };
  const buildChange = (sku: string, newPrice: string, overrides: Partial<Change> = {}): Change => ({
    sku,
    newPrice,
    source: 'markdown',
    changeId: `${randomUUID()}:${randomUUID()}`,
    ...overrides,
  });

  /**
   * The catalog publishes these from its outbox, in one price.changed of version 2 (a run's batch);
   * a fresh NATS message id each time, so a second publish is a redelivery.
   */
  const publishPrices = async (changes: Change[], { occurredAt = new Date().toISOString(), envelopeId = randomUUID() as string }: { occurredAt?: string; envelopeId?: string } = {}) => {
    const data: PriceChangedData = { source: changes[0]!.source, changes: changes.map(({ source: _source, ...change }) => change) };
    const envelope: EventEnvelope = { id: envelopeId, type: 'price.changed', version: 2, occurredAt, data };
    await nats.publish(`${stream.subjectPrefix}.price.changed.markdown-${uniqueSuffix()}`, envelope, randomUUID());
    return envelope;
  };
  const publishPrice = (change: Change, options: { occurredAt?: string; envelopeId?: string } = {}) => publishPrices([change], options);

  const priceRow = async (changeId: string) => (await stack.pool.query(`SELECT * FROM price_writebacks WHERE change_id = $1`, [changeId])).rows[0];
  const batchRow = async (changeId: string) =>
    (await stack.pool.query(`SELECT w.* FROM writebacks w JOIN price_writebacks p ON p.writeback = w.order_id WHERE p.change_id = $1`, [changeId])).rows[0];
  // Generous: on a busy machine a retry after back-off, or a batch behind others, takes a while.
  const statusOf = (changeId: string, status: string) => eventually(async () => expect((await priceRow(changeId))?.status).toBe(status), { timeoutMs: 20_000 });
  const syncStatus = async () => SyncStatus.parse((await stack.call('GET', '/api/admin/sync/status')).body);

  it('records a change once however often it is delivered, and the POS gets it in one call', async () => {
    const sku = freshPosSku();
    const change = buildChange(sku, '123.45');

    const envelope = await publishPrice(change);
    await publishPrice(change, { envelopeId: envelope.id });
    // Another event carrying the same change (the outbox relay sent it twice under new ids).
    await publishPrice(change);
    await statusOf(change.changeId, 'sent');

    expect(posPrice(sku)).toBe(12345);
    expect(callsWith(sku)).toEqual([{ idempotencyKey: expect.stringMatching(/^prices-/), skus: [sku], replayed: false }]);
    expect(await priceRow(change.changeId)).toMatchObject({ sku, price_cents: 12345, source: 'markdown', note: null });
    expect(await batchRow(change.changeId)).toMatchObject({ kind: 'price', status: 'sent', attempts: 1, last_error: null, first_attempted_at: expect.any(Date) });
    const { rows } = await stack.pool.query(`SELECT count(*)::int AS n FROM price_writebacks WHERE sku = $1`, [sku]);
    expect(rows[0].n).toBe(1);
  });

  it('takes a version 1 price.changed (one price, as events published before version 2 carry it)', async () => {
    const sku = freshPosSku();
    const { source, ...change } = buildChange(sku, '66.60');
    const envelope: EventEnvelope = { id: randomUUID(), type: 'price.changed', version: 1, occurredAt: new Date().toISOString(), data: { ...change, source, productId: randomUUID(), variantId: randomUUID(), oldPrice: null } };
    await nats.publish(`${stream.subjectPrefix}.price.changed.${sku}`, envelope, randomUUID());
    await statusOf(change.changeId, 'sent');
    expect(posPrice(sku)).toBe(6660);
  });

  it(`sends a run's prices in batches of ${PRICE_BATCH}, an sku the POS does not have skipped in its place`, async () => {
    // Long enough that only full batches go while the run's events arrive.
    stack.ctx.settings.priceLingerMs = 60_000;
    const known = [freshPosSku(), freshPosSku()];
    const tag = `NOPOS-${uniqueSuffix()}`;
    const skus = Array.from({ length: 2 * PRICE_BATCH + 3 }, (_, i) => (i === 7 ? known[0]! : i === 2 * PRICE_BATCH + 1 ? known[1]! : `${tag}-${String(i).padStart(4, '0')}`));
    const changes = skus.map((sku, i) => buildChange(sku, `${10 + i}.00`));
    const start = Date.now();
    // In events of up to 100 prices each, as a run announces them (each event's time orders its prices).
    for (let i = 0; i < changes.length; i += 100) await publishPrices(changes.slice(i, i + 100), { occurredAt: new Date(start + i).toISOString() });
    const callsOfRun = () => stack.pos.priceBatches().filter((c) => c.skus.some((s) => skus.includes(s)));

    await eventually(() => expect(callsOfRun().map((c) => c.skus.length)).toEqual([PRICE_BATCH, PRICE_BATCH]), { timeoutMs: 30_000 });
    const waiting = await stack.pool.query(`SELECT count(*)::int AS n FROM price_writebacks WHERE sku = ANY($1::text[]) AND status = 'pending' AND writeback IS NULL`, [skus]);
    expect(waiting.rows[0].n).toBe(3);
    // The last three go once they have waited long enough.
    stack.ctx.settings.priceLingerMs = 0;
    await stack.ctx.writebacks.kick();
    await eventually(() => expect(callsOfRun().map((c) => c.skus.length)).toEqual([PRICE_BATCH, PRICE_BATCH, 3]), { timeoutMs: 30_000 });

    // In the order the catalog made them, each batch's body in sku order.
    expect(callsOfRun().flatMap((c) => c.skus).sort()).toEqual([...skus].sort());
    expect(callsOfRun()[0]!.skus).toEqual([...callsOfRun()[0]!.skus].sort());
    expect(callsOfRun().every((c) => !c.replayed)).toBe(true);
    expect([posPrice(known[0]!), posPrice(known[1]!)]).toEqual([1700, (10 + 2 * PRICE_BATCH + 1) * 100]);
    const { rows } = await stack.pool.query<{ status: string; note: string | null; n: number }>(
      `SELECT status, note, count(*)::int AS n FROM price_writebacks WHERE sku = ANY($1::text[]) GROUP BY status, note ORDER BY status`,
      [skus],
    );
    expect(rows).toEqual([
      { status: 'sent', note: null, n: 2 },
      { status: 'skipped', note: WritebackNotes.noPosItemForPrice, n: 2 * PRICE_BATCH + 1 },
    ]);
  }, 60_000);

  it('sends only the newest price of an sku: an older one not yet sent is superseded, also one that arrives late', async () => {
    const sku = freshPosSku();
    stack.ctx.settings.priceLingerMs = 60_000;
    const t = Date.now();
    const older = buildChange(sku, '90.00');
    const newer = buildChange(sku, '80.00');
    // The newer one is delivered first: the catalog's time orders them, not their arrival.
    await publishPrice(newer, { occurredAt: new Date(t + 1000).toISOString() });
    await publishPrice(older, { occurredAt: new Date(t).toISOString() });
    // Superseded as soon as a pass sees both, while the newer one still waits for its batch.
    await statusOf(older.changeId, 'superseded');
    expect(await priceRow(older.changeId)).toMatchObject({ note: SUPERSEDED_NOTE, writeback: null });
    expect(await priceRow(newer.changeId)).toMatchObject({ status: 'pending', writeback: null });
    expect(callsWith(sku)).toEqual([]);

    stack.ctx.settings.priceLingerMs = 0;
    await stack.ctx.writebacks.kick();
    await statusOf(newer.changeId, 'sent');

    expect(await priceRow(older.changeId)).toMatchObject({ status: 'superseded', writeback: null });
    expect(posPrice(sku)).toBe(8000);
    expect(callsWith(sku)).toHaveLength(1);

    // A change older than the one the POS has, arriving late (a redelivery from before), is never sent.
    const late = buildChange(sku, '95.00');
    await publishPrice(late, { occurredAt: new Date(t + 500).toISOString() });
    await statusOf(late.changeId, 'superseded');
    expect(posPrice(sku)).toBe(8000);
    expect(callsWith(sku)).toHaveLength(1);
  });

  it('retries while the POS is down (503) and holds a newer price of the same sku back until the older one is through', async () => {
    const sku = freshPosSku();
    const first = buildChange(sku, '70.00');
    const second = buildChange(sku, '60.00');
    stack.pos.setDown(true);
    await publishPrice(first);
    await eventually(async () => {
      expect(await batchRow(first.changeId)).toMatchObject({ status: 'pending', last_error: `The POS at ${stack.pos.url} is unavailable right now; try again later` });
      expect((await batchRow(first.changeId)).attempts).toBeGreaterThanOrEqual(2);
    });
    await publishPrice(second, { occurredAt: new Date(Date.now() + 1).toISOString() });
    await eventually(async () => expect(await priceRow(second.changeId)).toMatchObject({ status: 'pending' }));
    // Passes go on meanwhile; the newer price stays out of every batch while the older one's is pending.
    const attempts = (await batchRow(first.changeId)).attempts as number;
    await eventually(async () => expect((await batchRow(first.changeId)).attempts).toBeGreaterThan(attempts));
    expect(await priceRow(second.changeId)).toMatchObject({ status: 'pending', writeback: null });
    expect((await syncStatus()).prices?.pending).toBeGreaterThanOrEqual(2);
    expect(callsWith(sku)).toEqual([]);

    stack.pos.setDown(false);
    await statusOf(second.changeId, 'sent');

    expect(await priceRow(first.changeId)).toMatchObject({ status: 'sent' });
    // One call each, in the order they were made: the till ends at the newer price.
    const calls = callsWith(sku);
    expect(calls.map((c) => c.replayed)).toEqual([false, false]);
    expect(calls[0]!.idempotencyKey).toBe((await batchRow(first.changeId)).order_id);
    expect(calls[1]!.idempotencyKey).toBe((await batchRow(second.changeId)).order_id);
    expect(posPrice(sku)).toBe(6000);
  }, 60_000);

  it('retries while the POS answers 429 and shows the prices waiting on the sync status', async () => {
    const sku = freshPosSku();
    const change = buildChange(sku, '55.55');
    stack.pos.setThrottled(true);
    await publishPrice(change);
    await eventually(async () => {
      const batch = await batchRow(change.changeId);
      expect(batch).toMatchObject({ status: 'pending', last_error: expect.stringContaining('kept refusing requests as too many') });
      expect(batch.attempts).toBeGreaterThanOrEqual(2);
    });
    expect((await syncStatus()).prices?.pending).toBeGreaterThanOrEqual(1);

    stack.pos.setThrottled(false);
    await statusOf(change.changeId, 'sent');

    expect(posPrice(sku)).toBe(5555);
    expect(callsWith(sku)).toEqual([expect.objectContaining({ replayed: false })]);
    expect(await batchRow(change.changeId)).toMatchObject({ status: 'sent', last_error: null });
  });

  it('sends a batch again after its answer was lost under the same key: the POS replays and keeps a price set there since', async () => {
    const sku = freshPosSku();
    const change = buildChange(sku, '44.00');
    await publishPrice(change);
    await statusOf(change.changeId, 'sent');
    const key = (await batchRow(change.changeId)).order_id as string;

    // As if the instance had died after the POS took the batch but before it was marked sent, and
    // someone changed the price at the POS's back office before the retry.
    await stack.pool.query(`UPDATE writebacks SET status = 'pending', sent_at = NULL, next_attempt_at = now() + interval '1 hour' WHERE order_id = $1`, [key]);
    await stack.pool.query(`UPDATE price_writebacks SET status = 'pending' WHERE writeback = $1`, [key]);
    const product = stack.pos.products().find((p) => p.variants.some((v) => v.sku === sku))!;
    await stack.pos.updateProduct(product.id, { price: { sku, amount: 4200 } });
    await stack.pool.query(`UPDATE writebacks SET next_attempt_at = now() WHERE order_id = $1`, [key]);
    await stack.ctx.writebacks.kick();

    await statusOf(change.changeId, 'sent');
    expect(callsWith(sku).map((c) => [c.idempotencyKey, c.replayed])).toEqual([
      [key, false],
      [key, true],
    ]);
    expect(posPrice(sku)).toBe(4200);
    expect((await batchRow(change.changeId)).attempts).toBe(2);
  });

  it('marks the prices of a batch the POS did not confirm within 23 hours failed, and says so on the status', async () => {
    const sku = freshPosSku();
    const change = buildChange(sku, '33.00');
    stack.pos.setDown(true);
    await publishPrice(change);
    await eventually(async () => expect((await batchRow(change.changeId))?.first_attempted_at).toEqual(expect.any(Date)));
    const key = (await batchRow(change.changeId)).order_id as string;

    await stack.pool.query(`UPDATE writebacks SET first_attempted_at = now() - interval '24 hours', next_attempt_at = now() WHERE order_id = $1`, [key]);
    await stack.ctx.writebacks.kick();

    await statusOf(change.changeId, 'failed');
    expect(await priceRow(change.changeId)).toMatchObject({ note: WritebackNotes.notConfirmed });
    expect(await batchRow(change.changeId)).toMatchObject({ status: 'failed', last_error: WritebackNotes.notConfirmed });
    const status = await syncStatus();
    expect(status.prices).toMatchObject({ lastFailure: WritebackNotes.notConfirmed });
    expect(status.prices!.failed).toBeGreaterThanOrEqual(1);
    stack.pos.setDown(false);
    await stack.ctx.writebacks.kick();
    expect(callsWith(sku)).toEqual([]);
  });

  it('never sends back a price that came from the POS (or from a manifest, which created the item there)', async () => {
    const sku = freshPosSku();
    const before = posPrice(sku);
    const fromPos = buildChange(sku, '1.00', { source: 'pos' });
    const fromManifest = buildChange(sku, '2.00', { source: 'manifest' });
    const marker = buildChange(freshPosSku(), '77.00');
    await publishPrice(fromPos);
    await publishPrice(fromManifest);
    // Events are handled in order: once this one is sent, the two before it were handled.
    await publishPrice(marker);
    await statusOf(marker.changeId, 'sent');

    expect(await priceRow(fromPos.changeId)).toBeUndefined();
    expect(await priceRow(fromManifest.changeId)).toBeUndefined();
    expect(callsWith(sku)).toEqual([]);
    expect(posPrice(sku)).toBe(before);
  });

  describe('from a markdown run in the catalog', () => {
    let relay: OutboxRelay;
    beforeAll(() => {
      relay = startTestRelay(stack.catalog.pool, nats, stream, { pollMs: 50 });
    });
    afterAll(() => relay.stop());

    it("reaches the POS's till, and the POS's own webhook confirms the markdown in the catalog", async () => {
      const sku = freshPosSku();
      const { rows } = await stack.catalog.pool.query<{ productId: string; variantId: string; price: number }>(
        `SELECT v.product_id AS "productId", v.id AS "variantId", v.price_cents AS price FROM variants v WHERE v.sku = $1`,
        [sku],
      );
      const listing = rows[0]!;
      expect(listing.price).toBe(posPrice(sku));
      // Forty days on sale (as time would have it): the rule's 30-day step applies to it alone.
      await stack.catalog.pool.query(`UPDATE products SET published_at = CASE WHEN id = $1 THEN now() - interval '40 days' ELSE now() END`, [listing.productId]);
      const admin = (method: string, pathname: string, body?: unknown) => stack.catalog.request(method, pathname, body, stack.catalog.callers.admin);
      expect((await admin('POST', '/api/admin/markdowns/rules', { name: `After 30 days ${uniqueSuffix()}`, steps: [{ days: 30, percentOff: 10 }] })).status).toBe(201);
      const delivered = stack.pos.deliveries.length;

      // Asked for by hand (202), done in the background by the catalog's runner (decision 060).
      const res = await admin('POST', '/api/admin/markdowns/runs');
      expect(res.status).toBe(202);
      const asked = MarkdownRun.parse(await res.json());
      let run = asked;
      await eventually(async () => {
        const { runs } = MarkdownRunList.parse(await (await admin('GET', '/api/admin/markdowns/runs')).json());
        run = runs.find((r) => r.id === asked.id)!;
        expect(run.finishedAt).not.toBeNull();
      }, { timeoutMs: 20_000 });
      expect(run.changed).toBe(1);
      const marked = Math.round(listing.price * 0.9);

      await eventually(() => expect(posPrice(sku)).toBe(marked), { timeoutMs: 20_000 });
      expect(await priceRow(`${run.id}:${listing.variantId}`)).toMatchObject({ sku, price_cents: marked, source: 'markdown' });
      // The POS announces its new price; pos-sync applies it through the catalog's POS write, which confirms the mark.
      await eventually(() => expect(stack.pos.deliveries.slice(delivered).some((d) => d.type === 'catalog.product.updated' && d.status === 200)).toBe(true), { timeoutMs: 20_000 });
      await eventually(
        async () => {
          const { rows: marks } = await stack.catalog.pool.query(`SELECT price_cents, pos_confirmed_at FROM markdown_marks WHERE variant_id = $1`, [listing.variantId]);
          expect(marks).toEqual([{ price_cents: marked, pos_confirmed_at: expect.any(Date) }]);
        },
        { timeoutMs: 20_000 },
      );
      const { rows: now } = await stack.catalog.pool.query(`SELECT price_cents FROM variants WHERE id = $1`, [listing.variantId]);
      expect(now[0].price_cents).toBe(marked);
      expect(callsWith(sku)).toHaveLength(1);

      // Confirmed, the POS owns the price again: a change at its back office reaches the shop.
      const product = stack.pos.products().find((p) => p.variants.some((v) => v.sku === sku))!;
      await stack.pos.updateProduct(product.id, { price: { sku, amount: marked + 500 } });
      await eventually(
        async () => {
          const { rows: after } = await stack.catalog.pool.query(`SELECT price_cents FROM variants WHERE id = $1`, [listing.variantId]);
          expect(after[0].price_cents).toBe(marked + 500);
        },
        { timeoutMs: 20_000 },
      );
      await stack.catalog.pool.query(`DELETE FROM markdown_rules`);
    }, 60_000);
  });
});
