import { randomUUID } from 'node:crypto';
import { Cart, type EventEnvelope } from '@pl/contracts';
import type { BackgroundWorker, NatsConn } from '@pl/service-kit';
import { connectTestNats, createTestStream, eventually, type TestStream } from '@pl/service-kit/testing';
import { startSignedInConsumer } from '../src/events/signed-in-consumer.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

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
    consumer = await startSignedInConsumer(app.ctx, nats, { stream: stream.name, subject, durable: 'cart-merge-test' });
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
    await new Promise((r) => setTimeout(r, 300));
    expect((await cartOf(customer)).lines.find((l) => l.variant.sku === shared)!.qty).toBe(3);
    expect((await cartOf(guest)).lines).toHaveLength(1);
  });
});
