import { createTokenVerifier, type BackgroundWorker, type NatsConn, type OutboxRelay } from '@pl/service-kit';
import { connectTestNats, createTestStream, startTestRelay, eventually, listen, testLogger, type Listening, type TestStream } from '@pl/service-kit/testing';
import { cartContext, createApp, type CartAppOptions } from '../src/app.js';
import type { CartContext } from '../src/domain/cart-context.js';
import { startInventoryWatch } from '../src/events/inventory-watch.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

/**
 * A drop's losers hear the catalog's refusal from the refusal memo (decision 034), fed by the
 * catalog's real inventory.updated events: through its outbox and relay, over NATS, into the
 * cart's watch. Published into a throwaway stream (subjects prefixed), never the shop's own.
 */
describe('refusals repeated from the memo', () => {
  let app: CartTestApp;
  let nats: NatsConn;
  let stream: TestStream;
  let relay: OutboxRelay;
  let watch: BackgroundWorker;
  let ctx: CartContext;
  let server: Listening;
  let catalogReads = 0;

  beforeAll(async () => {
    app = await startCartWithCatalog();
    nats = await connectTestNats({ name: 'cart-refusal-memo-test' });
    stream = await createTestStream(nats, 'cart_refusals');
    relay = startTestRelay(app.catalog.pool, nats, stream);
    const options: CartAppOptions = { catalogUrl: app.catalog.url, internalApiToken: app.internalToken };
    ctx = cartContext({ pool: app.cart.pool, logger: testLogger('cart') }, options);
    const variant = ctx.catalog.variant.bind(ctx.catalog);
    ctx.catalog.variant = (...args) => {
      catalogReads++;
      return variant(...args);
    };
    watch = await startInventoryWatch(ctx.refusals, nats, testLogger(), { subjectPrefix: `${stream.subjectPrefix}.` });
    server = await listen(createApp({ pool: app.cart.pool, logger: testLogger('cart'), verifier: createTokenVerifier({ keySet: app.cart.keys.keySet }) }, options, ctx));
  });
  afterAll(async () => {
    await server.close();
    await watch.stop();
    await relay.stop();
    await stream.delete();
    await nats.drain();
    await app.stop();
  });

  const add = async (sku: string, token: string) => {
    const res = await fetch(`${server.url}/api/cart/lines`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ variantId: sku, qty: 1 }),
    });
    return { status: res.status, body: await res.json() };
  };

  it("answers the losers after the first from the catalog's last refusal, and gives a released unit to the next shopper", async () => {
    const sku = await app.product({ oneOfAKind: true });
    const winner = await app.guest();
    expect((await add(sku, winner)).status).toBe(201);
    await relay.flush(); // the hold's announcement is out before the first refusal is read

    const before = catalogReads;
    const losers = [];
    for (let i = 0; i < 10; i++) losers.push(await add(sku, await app.guest()));
    expect(new Set(losers.map((r) => `${r.status} ${r.body.code} ${r.body.message}`))).toEqual(new Set(['409 HELD_BY_ANOTHER Sorry, this item is reserved by another shopper']));
    expect(catalogReads - before).toBe(1);

    // The winner changes their mind: the release is announced and the memo lets go of the refusal.
    const { body: cart } = await fetch(`${server.url}/api/cart`, { headers: { authorization: `Bearer ${winner}` } }).then(async (r) => ({ body: await r.json() }));
    const removed = await fetch(`${server.url}/api/cart/lines/${cart.lines[0].id}`, { method: 'DELETE', headers: { authorization: `Bearer ${winner}` } });
    expect(removed.status).toBe(200);
    await relay.flush();
    await eventually(() => expect(ctx.refusals.recall(sku, 1)).toBeUndefined());

    expect((await add(sku, await app.guest())).status).toBe(201);
  });

  it('never answers from the memo someone who holds some of the sku', async () => {
    const sku = await app.product({ oneOfAKind: true, onHand: 1 });
    const holder = await app.guest();
    expect((await add(sku, holder)).status).toBe(201);
    await relay.flush();
    expect((await add(sku, await app.guest())).body.code).toBe('HELD_BY_ANOTHER'); // remembered now

    const mine = await add(sku, holder);
    expect([mine.status, mine.body.message]).toEqual([409, 'All available units are already in your cart']);
  });
});
