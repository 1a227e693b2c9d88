import { randomUUID } from 'node:crypto';
import { Cart, CartInternalPaths, type EventEnvelope } from '@pl/contracts';
import type { BackgroundWorker, NatsConn } from '@pl/service-kit';
import { connectTestNats, createTestStream, eventually, type TestStream } from '@pl/service-kit/testing';
import { startSignedInConsumer } from '../src/events/signed-in-consumer.js';
import { INTERNAL_TOKEN } from '../../catalog/test/catalog-test-app.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

const DURABLE = 'cart-merge-test';

describe('merging the guest cart on sign-in (customer.signed-in)', () => {
  let app: CartTestApp;
  let nats: NatsConn;
  let stream: TestStream;
  let consumer: BackgroundWorker;
  let subject: string;
  beforeAll(async () => {
    app = await startCartWithCatalog();
    nats = await connectTestNats();
    stream = await createTestStream(nats, 'cartmerge');
    subject = `${stream.subjectPrefix}.customer.signed-in`;
    consumer = await startSignedInConsumer(app.ctx, nats, { stream: stream.name, subject, durable: DURABLE });
  });
  afterAll(async () => {
    await consumer.stop();
    await stream.delete();
    await nats.drain();
    await app.stop();
  });

  const signedIn = (customerId: string, previousSubject: string): EventEnvelope => ({
    id: randomUUID(), type: 'customer.signed-in', version: 1, occurredAt: new Date().toISOString(), data: { customerId, previousSubject },
  });
  const cartOf = async (token: string) => Cart.parse((await app.call('GET', '/api/cart', token)).body);

  it('moves lines over, combines quantities within what is available, keeps holds, once per event', async () => {
    const [guestSub, customerSub] = [`guest:${randomUUID()}`, randomUUID()];
    const [guest, customer] = [await app.guest(guestSub), await app.customer(customerSub)];
    const shared = await app.product({ onHand: 3 });
    const unique = await app.product({ oneOfAKind: true });
    await app.call('POST', '/api/cart/lines', customer, { variantId: shared, qty: 2 });
    await app.call('POST', '/api/cart/lines', guest, { variantId: shared, qty: 2 });
    await app.call('POST', '/api/cart/lines', guest, { variantId: unique, qty: 1 });
    const heldUntil = (await cartOf(guest)).lines.find((l) => l.variant.sku === unique)!.holdExpiresAt;

    const event = signedIn(customerSub, guestSub);
    await nats.publish(subject, event, event.id);
    await eventually(async () => expect((await cartOf(customer)).lines).toHaveLength(2));

    const lines = (await cartOf(customer)).lines;
    expect(lines.find((l) => l.variant.sku === shared)!.qty).toBe(3); // 2 + 2, capped at the 3 on hand
    expect(lines.find((l) => l.variant.sku === unique)).toMatchObject({ qty: 1, holdExpiresAt: heldUntil, holdExpired: false });
    expect((await cartOf(guest)).lines).toEqual([]);

    // A redelivery of the same event changes nothing.
    await app.call('POST', '/api/cart/lines', await app.guest(guestSub), { variantId: shared, qty: 1 });
    await nats.publish(subject, { ...event }, randomUUID());
    await stream.handled(DURABLE);
    expect((await cartOf(customer)).lines.find((l) => l.variant.sku === shared)!.qty).toBe(3);
    expect((await cartOf(guest)).lines).toHaveLength(1);
  });

  describe('POST /internal/cart-merges (the gateway, before it answers a sign-in)', () => {
    const askMerge = (body: unknown, token: string | null = INTERNAL_TOKEN) =>
      fetch(`${app.cart.url}${CartInternalPaths.merges}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });

    it('has merged when it answers, and the signed-in event for the same sign-in changes nothing', async () => {
      const [guestSub, customerSub] = [`guest:${randomUUID()}`, randomUUID()];
      const guest = await app.guest(guestSub);
      const sku = await app.product({ onHand: 5 });
      await app.call('POST', '/api/cart/lines', guest, { variantId: sku, qty: 2 });

      expect((await askMerge({ guestSubject: guestSub, customerId: customerSub })).status).toBe(204);
      expect((await cartOf(await app.customer(customerSub))).lines).toMatchObject([{ qty: 2, variant: { sku } }]);
      expect((await askMerge({ guestSubject: guestSub, customerId: customerSub })).status).toBe(204);

      // The guest token still works for a moment after sign-in (another tab): what it adds now is not part of that sign-in.
      await app.call('POST', '/api/cart/lines', guest, { variantId: sku, qty: 1 });
      const event = signedIn(customerSub, guestSub);
      await nats.publish(subject, event, event.id);
      await stream.handled(DURABLE);
      expect((await cartOf(await app.customer(customerSub))).lines).toMatchObject([{ qty: 2, variant: { sku } }]);
    });

    it('refuses callers without the internal token and malformed requests, changing nothing', async () => {
      const [guestSub, customerSub] = [`guest:${randomUUID()}`, randomUUID()];
      const guest = await app.guest(guestSub);
      await app.call('POST', '/api/cart/lines', guest, { variantId: await app.product({ onHand: 5 }), qty: 1 });

      expect((await askMerge({ guestSubject: guestSub, customerId: customerSub }, null)).status).toBe(401);
      expect((await askMerge({ guestSubject: guestSub, customerId: customerSub }, 'not-the-token-0123456789012345678901')).status).toBe(401);
      const bad = await askMerge({ guestSubject: guestSub });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ message: expect.any(String) });
      expect((await askMerge({ guestSubject: guestSub, customerId: customerSub, extra: 1 })).status).toBe(400);

      expect((await cartOf(guest)).lines).toHaveLength(1);
      expect((await cartOf(await app.customer(customerSub))).lines).toEqual([]);
    });
  });
});
