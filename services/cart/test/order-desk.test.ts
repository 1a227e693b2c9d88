import { randomUUID } from 'node:crypto';
import { AdminOrder, AdminOrderCounts, AdminOrderList, Order, OrderStatusChangedData, PaymentIntentResponse } from '@pl/contracts';
import { insertProduct } from '../../catalog/test/factories.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

describe('the order desk (admin)', () => {
  let app: CartTestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startCartWithCatalog();
    admin = await app.admin('admin-ada');
  });
  afterAll(() => app.stop());

  const pickupAt = (locationId: string) => ({ fulfilment: { type: 'pickup', locationId }, email: 'pat@example.com' });
  const shipTo = (name: string) => ({
    fulfilment: { type: 'shipping', address: { name, line1: '12 Elm St', city: 'Columbus', state: 'OH', zipCode: '43215' } },
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  });

  /** A paid order through the real checkout (test-card provider); answers its id and its owner's token. */
  async function paidOrder(details: Record<string, unknown> = pickupAt('dublin'), owner?: string): Promise<{ id: string; token: string }> {
    const token = owner ?? (await app.guest());
    const sku = await app.product({ onHand: 5, priceCents: 2500 });
    expect((await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 })).status).toBe(201);
    expect((await app.call('PUT', '/api/cart/checkout', token, details)).status).toBe(200);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const paid = await app.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    expect(paid.body.status).toBe('succeeded');
    return { id: paid.body.orderId, token };
  }
  const act = (id: string, action: string, body: unknown = {}, token = admin) => app.call('POST', `/api/admin/orders/${id}/${action}`, token, body);
  const events = async (orderId: string) =>
    (await app.cart.pool.query(`SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq`, [`order.status-changed.${orderId}`])).rows.map((r) => OrderStatusChangedData.parse(r.payload.data ?? r.payload));
  const historyOf = async (orderId: string) => (await app.cart.pool.query(`SELECT status, actor_kind, actor_id, details FROM order_history WHERE order_id = $1 ORDER BY id`, [orderId])).rows;

  it('walks a pickup order from paid to ready to picked up: history with who and when, one event per step, the owner sees the timeline', async () => {
    const { id, token } = await paidOrder();

    const ready = await act(id, 'ready-for-pickup');
    expect(ready.status).toBe(200);
    expect(AdminOrder.parse(ready.body)).toMatchObject({ id, status: 'ready_for_pickup', overdue: false });
    const refused = await act(id, 'picked-up', {});
    expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const picked = AdminOrder.parse((await act(id, 'picked-up', { idChecked: true })).body);

    expect(picked.status).toBe('picked_up');
    expect(picked.history.map((h) => [h.status, h.actor.kind, h.actor.id])).toEqual([
      ['paid', 'system', null],
      ['ready_for_pickup', 'admin', 'admin-ada'],
      ['picked_up', 'admin', 'admin-ada'],
    ]);
    expect(picked.history[2]!.details).toEqual({ idChecked: true });
    expect(picked.allocations).toEqual([{ sku: picked.lines[0]!.sku, locationId: 'dublin', qty: 1 }]);
    expect(picked.payment).toMatchObject({ provider: 'test-card', status: 'succeeded', amount: '27.00' });
    expect(picked.customer.kind).toBe('guest');
    expect((await events(id)).map((e) => [e.previous, e.status])).toEqual([
      ['paid', 'ready_for_pickup'],
      ['ready_for_pickup', 'picked_up'],
    ]);
    const own = Order.parse((await app.call('GET', `/api/orders/${id}`, token)).body);
    expect(own.timeline!.map((t) => t.status)).toEqual(['paid', 'ready_for_pickup', 'picked_up']);
    expect(JSON.stringify(own)).not.toContain('admin-ada');
  });

  it("takes a pickup's unit from the chosen store when it has one, though the warehouse has more", async () => {
    const { variants } = await insertProduct(app.catalog.pool, {
      title: 'Cordless Drill',
      variants: [{ priceCents: 9900, levels: [{ locationId: 'columbus-warehouse', onHand: 10 }, { locationId: 'dublin', onHand: 3 }] }],
    });
    const sku = variants[0]!.sku;
    const token = await app.guest();
    await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 2 });
    await app.call('PUT', '/api/cart/checkout', token, pickupAt('dublin'));
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const paid = await app.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    const order = AdminOrder.parse((await app.call('GET', `/api/admin/orders/${paid.body.orderId}`, admin)).body);
    expect(order.allocations).toEqual([{ sku, locationId: 'dublin', qty: 2 }]);    expect(order.transferFrom).toBeUndefined();
  });

  it('says a pickup whose store lacks the units is coming from another location (order page and order.placed)', async () => {
    const { variants } = await insertProduct(app.catalog.pool, {
      title: 'Pressure Washer',
      variants: [{ priceCents: 15900, levels: [{ locationId: 'columbus-warehouse', onHand: 4 }, { locationId: 'dublin', onHand: 1 }] }],
    });
    const token = await app.guest();
    await app.call('POST', '/api/cart/lines', token, { variantId: variants[0]!.sku, qty: 2 });
    await app.call('PUT', '/api/cart/checkout', token, pickupAt('dublin'));
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const paid = await app.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    const own = Order.parse((await app.call('GET', `/api/orders/${paid.body.orderId}`, token)).body);
    expect(own.transferFrom).toEqual(['columbus-warehouse']);
    const placed = (await app.cart.pool.query(`SELECT payload FROM outbox WHERE subject = 'order.placed'`)).rows.map((r) => r.payload.data ?? r.payload);
    expect(placed.find((d) => d.orderId === own.id)!.transferFrom).toEqual(['columbus-warehouse']);
  });

  it("opens an order with its e-mail link's key from any browser; a wrong, malformed or another order's key finds nothing", async () => {
    const mine = await paidOrder();
    const other = await paidOrder();
    const placed = (await app.cart.pool.query(`SELECT payload FROM outbox WHERE subject = 'order.placed' ORDER BY seq`)).rows.map((r) => r.payload.data ?? r.payload);
    const key = placed.find((d) => d.orderId === mine.id)!.accessKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stranger = await app.guest();

    const opened = await app.call('GET', `/api/orders/${mine.id}?key=${key}`, stranger);
    expect([opened.status, Order.parse(opened.body).id]).toEqual([200, mine.id]);
    expect((await app.call('GET', `/api/orders/${mine.id}?key=${key}`)).status).toBe(200); // no session at all
    for (const url of [`/api/orders/${mine.id}`, `/api/orders/${mine.id}?key=${key.slice(0, -1)}x`, `/api/orders/${other.id}?key=${key}`, `/api/orders/${mine.id}?key=short`]) {
      const res = await app.call('GET', url, stranger);
      expect([url, res.status, res.body]).toEqual([url, 404, { message: 'Order not found', code: 'NOT_FOUND' }]);
    }
    // Status changes carry the same key for their mails.
    await act(mine.id, 'ready-for-pickup');
    const changed = (await app.cart.pool.query(`SELECT payload FROM outbox WHERE subject = $1`, [`order.status-changed.${mine.id}`])).rows[0].payload;
    expect((changed.data ?? changed).accessKey).toBe(key);
  });

  it('walks a shipped order to delivered with its carrier and tracking number', async () => {
    const { id, token } = await paidOrder(shipTo('Sam Shipper'));
    const shipped = AdminOrder.parse((await act(id, 'shipped', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).body);
    expect([shipped.status, shipped.shipment]).toEqual(['shipped', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }]);
    expect(AdminOrder.parse((await act(id, 'delivered')).body).status).toBe('delivered');
    expect(Order.parse((await app.call('GET', `/api/orders/${id}`, token)).body).shipment).toEqual({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect((await events(id)).at(-1)).toMatchObject({ status: 'delivered', shipment: { carrier: 'UPS' }, email: 'sam@example.com' });
  });

  it('refuses what does not fit with 409 ORDER_TRANSITION and changes nothing', async () => {
    const pickup = await paidOrder();
    const shipping = await paidOrder(shipTo('Tess Track'));
    for (const [id, action, body, message] of [
      [pickup.id, 'shipped', { carrier: 'UPS', trackingNumber: 'ABC123' }, 'This is a pickup order: it cannot be marked shipped.'],
      [pickup.id, 'picked-up', { idChecked: true }, 'This order is paid and not yet prepared: it cannot be marked picked up.'],
      [shipping.id, 'ready-for-pickup', {}, 'This is a shipped order: it cannot be marked ready for pickup.'],
      [shipping.id, 'delivered', {}, 'This order is paid and not yet prepared: it cannot be marked delivered.'],
    ] as const) {
      const res = await act(id, action, body);
      expect([action, res.status, res.body]).toEqual([action, 409, { message, code: 'ORDER_TRANSITION' }]);
    }
    expect(await historyOf(pickup.id)).toHaveLength(1);
    expect(await events(pickup.id)).toEqual([]);
  });

  it('answers a repeated action with the order as it is: no second step, entry or event', async () => {
    const { id } = await paidOrder(shipTo('Rita Repeat'));
    const body = { carrier: 'FedEx', trackingNumber: '7712 3456 7890' };
    expect((await act(id, 'shipped', body)).status).toBe(200);
    expect((await act(id, 'shipped', body)).status).toBe(200);
    const other = await act(id, 'shipped', { carrier: 'FedEx', trackingNumber: '0000 1111' });
    expect([other.status, other.body.message]).toEqual([409, 'This order was already shipped with FedEx 7712 3456 7890.']);
    expect((await historyOf(id)).map((h) => h.status)).toEqual(['paid', 'shipped']);
    expect(await events(id)).toHaveLength(1);
  });

  it('makes one step, one history entry and one event from ten admins acting at once', async () => {
    const { id } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => act(id, 'ready-for-pickup')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await historyOf(id)).map((h) => h.status)).toEqual(['paid', 'ready_for_pickup']);
    expect(await events(id)).toHaveLength(1);
  });

  it('lists orders newest first with filters, search and a page; counts them per status and pickup location', async () => {
    const a = await paidOrder(pickupAt('westerville'));
    const b = await paidOrder(shipTo('Quinn Quest'));
    await act(a.id, 'ready-for-pickup');
    const list = async (query: string) => AdminOrderList.parse((await app.call('GET', `/api/admin/orders${query}`, admin)).body);

    const all = await list('?limit=2');
    expect(all.data.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect((await list('?status=ready_for_pickup&locationId=westerville')).data.map((o) => o.id)).toEqual([a.id]);
    expect((await list('?fulfilment=shipping&q=quinn')).data.map((o) => [o.id, o.name])).toEqual([[b.id, 'Quinn Quest']]);
    const number = (await list('?limit=1')).data[0]!.number;
    expect((await list(`?q=${number.toLowerCase()}`)).data.map((o) => o.number)).toEqual([number]);
    expect((await list(`?q=${number.replace('PL-', '')}`)).data.map((o) => o.number)).toEqual([number]);
    expect((await list('?q=100%25_')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}&limit=200`)).total).toBe(all.total);
    expect((await list('?to=2000-01-01')).total).toBe(0);

    const counts = AdminOrderCounts.parse((await app.call('GET', '/api/admin/orders/counts', admin)).body);
    expect(counts).toContainEqual({ status: 'ready_for_pickup', locationId: 'westerville', count: 1 });
    expect(counts.find((c) => c.status === 'paid' && c.locationId === null)!.count).toBeGreaterThanOrEqual(1);
  });

  it('shows a pickup ready longer than the overdue days as overdue, and filters on it', async () => {
    const { id } = await paidOrder(pickupAt('downtown-columbus'));
    await act(id, 'ready-for-pickup');
    await app.cart.pool.query(`UPDATE orders SET ready_at = now() - interval '8 days' WHERE id = $1`, [id]);
    expect(AdminOrder.parse((await app.call('GET', `/api/admin/orders/${id}`, admin)).body).overdue).toBe(true);
    const overdue = AdminOrderList.parse((await app.call('GET', '/api/admin/orders?overdue=true', admin)).body);
    expect(overdue.data.map((o) => o.id)).toEqual([id]);
  });

  it.each([
    ['an unknown status', '?status=lost'],
    ['an unknown fulfilment', '?fulfilment=drone'],
    ['a malformed date', '?from=yesterday'],
    ['a huge page', '?limit=1000'],
    ['an unknown parameter', '?sort=price'],
  ])('answers 400 for %s', async (_what, query) => {
    const res = await app.call('GET', `/api/admin/orders${query}`, admin);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers 404 for an unknown or malformed order id, and 400 for a bad shipment', async () => {
    expect((await app.call('GET', `/api/admin/orders/${randomUUID()}`, admin)).status).toBe(404);
    expect((await app.call('GET', '/api/admin/orders/not-a-uuid', admin)).status).toBe(404);
    expect((await act(randomUUID(), 'ready-for-pickup')).status).toBe(404);
    const { id } = await paidOrder(shipTo('Bea Bad'));
    for (const body of [{}, { carrier: 'UPS' }, { carrier: '', trackingNumber: 'ABC123' }, { carrier: 'UPS', trackingNumber: '<script>' }, { carrier: 'UPS', trackingNumber: 'ABC123', extra: 1 }]) {
      const res = await act(id, 'shipped', body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect(await historyOf(id)).toHaveLength(1);
  });

  describe('only admins', () => {
    const routes = (id: string): Array<[string, string, unknown?]> => [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders/counts'],
      ['GET', `/api/admin/orders/${id}`],
      ['POST', `/api/admin/orders/${id}/ready-for-pickup`, {}],
      ['POST', `/api/admin/orders/${id}/picked-up`, { idChecked: true }],
      ['POST', `/api/admin/orders/${id}/shipped`, { carrier: 'UPS', trackingNumber: 'ABC123' }],
      ['POST', `/api/admin/orders/${id}/delivered`, {}],
    ];
    it('answers 401 to no session and to a guest, 403 to a customer, and changes nothing', async () => {
      const { id, token: owner } = await paidOrder();
      const callers: Array<[string, string | undefined, number]> = [
        ['nobody', undefined, 401],
        ['a guest (the owner)', owner, 401],
        ['a customer', await app.customer(), 403],
      ];
      for (const [who, token, status] of callers) {
        for (const [method, path, body] of routes(id)) {
          const res = await app.call(method, path, token, body);
          expect([who, method, path, res.status, res.body.code]).toEqual([who, method, path, status, status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN']);
        }
      }
      expect(await historyOf(id)).toHaveLength(1);
    });
  });
});
