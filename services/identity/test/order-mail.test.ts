import { randomUUID } from 'node:crypto';
import type { EventEnvelope, OrderPlacedData, OrderStatusChangedData } from '@pl/contracts';
import { testLogger } from '@pl/service-kit/testing';
import { onOrderPlaced, onOrderStatusChanged } from '../src/events/order-mail-consumer.js';
import { orderMail, type OrderMailFacts } from '../src/mail/mail-templates.js';
import { startIdentity, type IdentityTestApp } from './identity-test-app.js';

const envelope = <T>(type: string, data: T): EventEnvelope & { data: T } => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data });

describe('order e-mails (order.placed, order.status-changed)', () => {
  let app: IdentityTestApp;
  let placed: ReturnType<typeof onOrderPlaced>;
  let changed: ReturnType<typeof onOrderStatusChanged>;
  beforeAll(async () => {
    app = await startIdentity();
    const deps = { pool: app.pool, logger: testLogger('order-mail') };
    placed = onOrderPlaced(deps);
    changed = onOrderStatusChanged(deps);
  });
  afterAll(() => app.stop());

  const pickupOrder = (overrides: Partial<OrderPlacedData> = {}): OrderPlacedData => ({
    orderId: randomUUID(),
    number: `PL-${Math.floor(Math.random() * 1e6)}`,
    subject: `guest:${randomUUID()}`,
    customerKind: 'guest',
    email: `guest.${randomUUID().slice(0, 6)}@example.com`,
    fulfilment: { type: 'pickup', locationId: 'dublin' },
    lines: [{ sku: 'PL-EL-001', qty: 1, title: 'MacBook Air 13"', price: '749.00' }],
    total: '808.92',
    ...overrides,
  });
  const statusChange = (order: OrderPlacedData, status: OrderStatusChangedData['status'], extra: Partial<OrderStatusChangedData> = {}): OrderStatusChangedData => ({
    orderId: order.orderId,
    number: order.number!,
    subject: order.subject!,
    email: order.email ?? null,
    status,
    previous: 'paid',
    fulfilment: order.fulfilment!,
    shipment: null,
    ...extra,
  });
  const mailsTo = async (address: string) => {
    await app.dispatchMail();
    return (await app.mailbox()).filter((m) => m.to === address);
  };

  it("confirms a guest's pickup order once, however often the event is delivered, with its items, total and what to bring", async () => {
    const order = pickupOrder();
    const event = envelope('order.placed', order);
    await placed(event);
    await placed(event); // redelivered
    const mails = await mailsTo(order.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order ${order.number} confirmed`);
    expect(mails[0]!.text).toContain('1 × MacBook Air 13" at $749.00');
    expect(mails[0]!.text).toContain('Total: $808.92 (tax included, pickup free).');
    expect(mails[0]!.text).toContain('usually within 24 hours. Bring a valid ID and your order confirmation.');
    expect(mails[0]!.links).toEqual([`http://shop.test:5000/orders/${order.orderId}`]);
  });

  it("shows each item's picture in the confirmation's HTML, at the shop's public address", async () => {
    const order = pickupOrder({ lines: [{ sku: 'PL-EL-001', qty: 1, title: 'MacBook Air 13"', price: '749.00', image: '/api/media/photos/9c1e-640.jpg' }] });
    await placed(envelope('order.placed', order));
    // The queued mail keeps the picture with its line; the dispatcher renders the mail from these facts.
    const queued = await app.pool.query<{ payload: OrderMailFacts }>(`SELECT payload FROM mail_outbox WHERE to_address = $1`, [order.email]);
    expect(queued.rows.map((r) => r.payload.lines)).toEqual([[{ title: 'MacBook Air 13"', qty: 1, price: '749.00', image: '/api/media/photos/9c1e-640.jpg' }]]);
    const mail = orderMail({ to: order.email!, firstName: null, facts: queued.rows[0]!.payload, publicOrigin: 'http://shop.test:5000' });
    expect(mail.html).toContain('<img src="http://shop.test:5000/api/media/photos/9c1e-640.jpg" alt=""');
    expect(mail.text).toContain('1 × MacBook Air 13" at $749.00');
  });

  it("puts the order's link key in the link when the event carries one (a guest opens it on any device)", async () => {
    const order = pickupOrder({ accessKey: 'k'.repeat(43) });
    await placed(envelope('order.placed', order));
    await changed(envelope('order.status-changed', statusChange(order, 'ready_for_pickup', { accessKey: 'k'.repeat(43) })));
    const links = (await mailsTo(order.email!)).map((m) => m.links[0]);
    expect(links).toEqual(Array(2).fill(`http://shop.test:5000/orders/${order.orderId}?key=${'k'.repeat(43)}`));
  });

  it("mails a signed-in customer's order to the account's address when the order has none, greeting them by name", async () => {
    const { grant } = await app.register({ firstName: 'Casey' });
    const order = pickupOrder({ subject: grant.customer.id, customerKind: 'customer', email: null, fulfilment: { type: 'shipping', address: { name: 'Casey C', line1: '1 Main St', city: 'Columbus', state: 'OH', zipCode: '43215' } } });
    await placed(envelope('order.placed', order));
    const [mail] = await mailsTo(grant.customer.email);
    expect(mail!.text).toMatch(/^Hello Casey,/);
    expect(mail!.text).toContain('processed in 1-2 business days (usually the same day when placed before 2 PM); standard delivery then takes 5-7 business days');
  });

  it('tells the customer when a pickup is ready and when a parcel ships (carrier and tracking), once each; other steps send nothing', async () => {
    const order = pickupOrder();
    const ready = envelope('order.status-changed', statusChange(order, 'ready_for_pickup'));
    await changed(ready);
    await changed(ready);
    await changed(envelope('order.status-changed', statusChange(order, 'picked_up', { previous: 'ready_for_pickup' })));
    const shipping = pickupOrder({ fulfilment: { type: 'shipping', address: { name: 'Sam S', line1: '1 Main St', city: 'Columbus', state: 'OH', zipCode: '43215' } } });
    await changed(envelope('order.status-changed', statusChange(shipping, 'shipped', { shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } })));

    const readyMails = await mailsTo(order.email!);
    expect(readyMails.map((m) => m.subject)).toEqual([`Your order ${order.number} is ready for pickup`]);
    expect(readyMails[0]!.text).toContain('Bring a valid ID and your order confirmation');
    const [shipped] = await mailsTo(shipping.email!);
    expect(shipped!.subject).toBe(`Your order ${shipping.number} has shipped`);
    expect(shipped!.text).toContain('It is on its way with UPS, tracking number 1Z999AA10123456784.');
  });

  it('queues nothing for an order.placed from before the order desk (no number or fulfilment), nor for an order without any address', async () => {
    const before = (await app.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n;
    await placed(envelope('order.placed', { orderId: randomUUID(), lines: [{ sku: 'X', qty: 1 }], total: '1.00' }));
    await placed(envelope('order.placed', pickupOrder({ email: null, customerKind: 'customer', subject: randomUUID() })));
    expect((await app.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n).toBe(before);
  });

  it('tells the customer of a cancellation with the refund, of a return request with what to do, and of a received return with its refund', async () => {
    const cancelled = pickupOrder();
    const cancel = envelope('order.status-changed', statusChange(cancelled, 'cancelled', { refund: '808.92', items: ['MacBook Air 13"'], reason: 'The unit failed our last check' }));
    await changed(cancel);
    await changed(cancel);
    const [cancelMail, ...more] = await mailsTo(cancelled.email!);
    expect(more).toEqual([]);
    expect(cancelMail!.subject).toBe(`Your order ${cancelled.number} was cancelled`);
    expect(cancelMail!.text).toContain(`your order ${cancelled.number} was cancelled by the store. Reason: The unit failed our last check.\n`);
    expect(cancelMail!.text).toContain("We've refunded $808.92 to your card. It may take 5-7 business days to show on your card statement.");

    const returned = pickupOrder();
    await changed(envelope('order.status-changed', statusChange(returned, 'return_requested', { previous: 'picked_up', items: ['MacBook Air 13"'] })));
    await changed(envelope('order.status-changed', statusChange(returned, 'returned', { previous: 'return_requested', refund: '808.92', items: ['MacBook Air 13"'] })));
    const [received, requested] = await mailsTo(returned.email!); // newest first
    expect(requested!.subject).toBe(`Return requested for order ${returned.number}`);
    expect(requested!.text).toContain('Bring the items and your order number to the store you picked them up from.');
    expect(requested!.text).toContain('Refunds are made within 5-7 business days after the return is received.');
    expect(received!.subject).toBe(`We've received your return for order ${returned.number}`);
    expect(received!.text).toContain("We've received your return of MacBook Air 13\" and refunded $808.92 to your card.");
  });

  it('says in the confirmation when a pickup waits for units from another location', async () => {
    const order = pickupOrder({ transferFrom: ['columbus-warehouse'] });
    await placed(envelope('order.placed', order));
    const [mail] = await mailsTo(order.email!);
    expect(mail!.text).toContain('Some items are coming to the store from another of our locations, so your order will be ready for pickup within 2 business days.');
    expect(mail!.text).not.toContain('usually within 24 hours');
  });
});
