import { AdminOrder, AdminOrderList, ApiPaths, Cart, Order, OrderPlacedData, OrderRestockData, PaymentIntentResponse, PaymentMode } from '@pl/contracts';
import { testLogger } from '@pl/service-kit/testing';
import { restockOrder } from '../../catalog/src/domain/restock-order.js';
import { confirmPayment } from '../src/domain/confirm-payment.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

describe('checkout and orders (test-card provider)', () => {
  let app: CartTestApp;
  beforeAll(async () => {
    app = await startCartWithCatalog();
  });
  afterAll(() => app.stop());

  const details = { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'guest@example.com' };
  const pay = (clientSecret: string, cardNumber = '4242 4242 4242 4242') =>
    app.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, cardNumber, expiry: '12/39', cvc: '123' });
  const ordersCount = async () => (await app.cart.pool.query('SELECT count(*)::int AS n FROM orders')).rows[0].n as number;

  async function guestWithCart(products: Array<{ oneOfAKind?: boolean; priceCents?: number; qty?: number }>) {
    const token = await app.guest();
    const skus: string[] = [];
    for (const p of products) {
      const sku = await app.product({ oneOfAKind: p.oneOfAKind, priceCents: p.priceCents ?? 1000, onHand: p.oneOfAKind ? 1 : 5 });
      expect((await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: p.qty ?? 1 })).status).toBe(201);
      skus.push(sku);
    }
    expect((await app.call('PUT', '/api/cart/checkout', token, details)).status).toBe(200);
    return { token, skus };
  }

  it('takes a pickup only at one of our stores, a store opened since the cart last asked included', async () => {
    const token = await app.guest();
    const at = (locationId: string) => app.call('PUT', '/api/cart/checkout', token, { ...details, fulfilment: { type: 'pickup', locationId } });
    expect((await at('dublin')).status).toBe(200);
    const unknown = await at('atlantis');
    expect([unknown.status, unknown.body]).toEqual([422, { message: 'Please choose one of our pickup locations', code: 'UNKNOWN_LOCATION' }]);

    // The cart keeps the list of stores; a store added after that is still found.
    const id = `popup-${Date.now().toString(36)}`;
    await app.catalog.pool.query(`INSERT INTO locations (id, name, type, address, city, state, zip_code, phone, email, hours) VALUES ($1, 'Pop-up', 'STORE', '1 Main St', 'Dublin', 'OH', '43017', '', '', '')`, [id]);
    expect((await at(id)).status).toBe(200);
    expect((await app.call('GET', '/api/cart', token)).body.checkout.fulfilment).toEqual({ type: 'pickup', locationId: id });
  });

  it('refuses an empty cart and a guest without details', async () => {
    const res = await app.call('POST', '/api/create-payment-intent', await app.guest());
    expect([res.status, res.body.message]).toEqual([400, 'Your cart is empty']);
    const token = await app.guest();
    await app.call('POST', '/api/cart/lines', token, { variantId: await app.product(), qty: 1 });
    expect((await app.call('POST', '/api/create-payment-intent', token)).status).toBe(400);
  });

  it('computes the amount on the server, holds every line and gives the same intent for the same cart', async () => {
    const { token, skus } = await guestWithCart([{ priceCents: 1999, qty: 2 }, { oneOfAKind: true, priceCents: 500 }]);
    const first = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    expect(first).toMatchObject({ provider: 'test-card', publishableKey: null, amount: '48.58' });
    const again = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    expect(again.clientSecret).toBe(first.clientSecret);
    const holds = await app.catalog.pool.query(`SELECT v.sku, h.qty FROM holds h JOIN variants v ON v.id = h.variant_id WHERE h.status = 'active' AND v.sku = ANY($1) ORDER BY h.qty`, [skus]);
    expect(holds.rows.map((r) => r.qty)).toEqual([1, 2]);
    // The amount is not the browser's to say.
    const tampered = await app.call('POST', '/api/create-payment-intent', token, { amount: '0.01' });
    expect(tampered.status).toBe(400);
  });

  it('makes no order from a declined card, an invalid number or the browser\'s word', async () => {
    const { token } = await guestWithCart([{}]);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const before = await ordersCount();
    expect((await pay(clientSecret, '4000 0000 0000 0002')).body).toEqual({ status: 'failed', message: 'Your card was declined.', orderId: null });
    expect((await pay(clientSecret, '4111 1111 1111 1111')).body).toMatchObject({ status: 'failed', message: 'Your card number is invalid.' });
    expect((await pay('tc_secret_guessed', '4242 4242 4242 4242')).status).toBe(404);
    expect((await app.call('POST', '/api/orders', token, { clientSecret })).status).toBe(404);
    // Without Stripe keys there is no Stripe webhook to forge a confirmation through.
    expect((await app.call('POST', '/api/webhooks/payments/stripe', undefined, { type: 'payment_intent.succeeded' })).status).toBe(404);
    expect(await ordersCount()).toBe(before);
    expect(Cart.parse((await app.call('GET', '/api/cart', token)).body).lines).toHaveLength(1);
  });

  it('creates exactly one order and one stock commit from five concurrent confirmations, and empties the cart', async () => {
    const { token, skus } = await guestWithCart([{ oneOfAKind: true, priceCents: 2500 }]);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(clientSecret)));
    const orderIds = new Set(results.map((r) => r.body.orderId));
    expect(results.every((r) => r.body.status === 'succeeded')).toBe(true);
    expect(orderIds.size).toBe(1);
    expect(await app.onHand(skus[0]!)).toBe(0);

    const orders = (await app.call('GET', '/api/orders', token)).body.map((o: unknown) => Order.parse(o));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'paid', email: 'guest@example.com', total: '27.00', tax: '2.00', shipping: '0.00', fulfilment: details.fulfilment });
    expect(orders[0].lines[0]).toMatchObject({ sku: skus[0], qty: 1, price: '25.00', conditionGrade: 'OPEN_BOX' });
    expect(Cart.parse((await app.call('GET', '/api/cart', token)).body).lines).toEqual([]);
    expect((await app.cart.pool.query(`SELECT count(*)::int AS n FROM outbox WHERE subject = 'order.placed'`)).rows[0].n).toBeGreaterThanOrEqual(1);

    // Only its owner sees it.
    expect((await app.call('GET', `/api/orders/${orders[0].id}`, token)).status).toBe(200);
    expect((await app.call('GET', `/api/orders/${orders[0].id}`, await app.guest())).status).toBe(404);
    expect((await app.call('GET', '/api/orders', await app.guest())).body).toEqual([]);
  });

  it("keeps the picture each line was bought with on the order and in order.placed (the confirmation mail's facts)", async () => {
    const token = await app.guest();
    const photo = '/api/media/photos/3f9a2c-640.jpg';
    const withPhoto = await app.product({ title: 'Espresso Machine', priceCents: 1500, images: [photo], onHand: 2 });
    const drawn = await app.product({ title: 'Toaster', priceCents: 900, onHand: 2 });
    for (const sku of [withPhoto, drawn]) expect((await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 })).status).toBe(201);
    expect(Cart.parse((await app.call('GET', '/api/cart', token)).body).lines.map((l) => l.variant.image)).toEqual([photo, null]);
    expect((await app.call('PUT', '/api/cart/checkout', token, details)).status).toBe(200);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);

    const { orderId } = (await pay(clientSecret)).body;

    const order = Order.parse((await app.call('GET', `/api/orders/${orderId}`, token)).body);
    expect(order.lines.map((l) => [l.sku, l.image])).toEqual([
      [withPhoto, photo],
      [drawn, null],
    ]);
    const placed = (await app.cart.pool.query(`SELECT payload FROM outbox WHERE subject = 'order.placed' AND payload->>'orderId' = $1`, [orderId])).rows;
    expect(placed).toHaveLength(1);
    expect(OrderPlacedData.parse(placed[0].payload).lines.map((l) => [l.title, l.image])).toEqual([
      ['Espresso Machine', photo],
      ['Toaster', null],
    ]);
    // An order from before pictures were kept (its jsonb lines have none) answers without one.
    await app.cart.pool.query(`UPDATE orders SET lines = (SELECT jsonb_agg(l - 'image') FROM jsonb_array_elements(lines) l) WHERE id = $1`, [orderId]);
    expect(Order.parse((await app.call('GET', `/api/orders/${orderId}`, token)).body).lines.map((l) => l.image)).toEqual([null, null]);
  });

  it('says to every visitor, without a session, that payments are in test mode', async () => {
    const res = await fetch(`${app.cart.url}${ApiPaths.cart.paymentMode}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(PaymentMode.parse(await res.json())).toEqual({ provider: 'test-card', testMode: true });
  });

  it('stores an order paid in test mode as a test order, and answers it so to its owner and to the order desk', async () => {
    const { token } = await guestWithCart([{}]);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const { orderId } = (await pay(clientSecret)).body;

    expect((await app.cart.pool.query('SELECT test_order FROM orders WHERE id = $1', [orderId])).rows).toEqual([{ test_order: true }]);
    const order = Order.parse((await app.call('GET', `/api/orders/${orderId}`, token)).body);
    expect(order.testOrder).toBe(true);
    expect(Order.array().parse((await app.call('GET', '/api/orders', token)).body).map((o) => o.testOrder)).toEqual([true]);
    const admin = await app.admin();
    const desk = AdminOrderList.parse((await app.call('GET', `/api/admin/orders?q=${order.number}`, admin)).body);
    expect(desk.data.map((o) => [o.number, o.testOrder])).toEqual([[order.number, true]]);
    expect(AdminOrder.parse((await app.call('GET', `/api/admin/orders/${orderId}`, admin)).body).testOrder).toBe(true);
  });

  it('refuses a confirmation whose amount differs from what the server asked for', async () => {
    const { token } = await guestWithCart([{}]);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const payment = (await app.cart.pool.query('SELECT provider_payment_id FROM payments WHERE client_secret = $1', [clientSecret])).rows[0];
    const before = await ordersCount();
    await expect(confirmPayment(app.ctx, { providerPaymentId: payment.provider_payment_id, amountCents: 1 })).rejects.toMatchObject({ status: 409 });
    expect(await ordersCount()).toBe(before);
  });

  it('refunds the order when a held unit was lost to an expiry race', async () => {
    const { token, skus } = await guestWithCart([{ oneOfAKind: true }]);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    // The hold lapses and another shopper takes the item before the confirmation arrives.
    await app.catalog.pool.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE variant_id = (SELECT id FROM variants WHERE sku = $1)`, [skus[0]]);
    expect((await app.call('POST', '/api/cart/lines', await app.guest(), { variantId: skus[0], qty: 1 })).status).toBe(201);

    const res = await pay(clientSecret);
    expect(res.body.status).toBe('failed');
    const order = Order.parse((await app.call('GET', `/api/orders/${res.body.orderId}`, token)).body);
    expect(order.status).toBe('refunded');
    // The shopper learns which item (the payment-failed toast shows this message).
    const title = order.lines[0]!.title;
    expect(order.note).toBe(`${title} sold out before the payment completed. The payment has been refunded.`);
    expect(res.body.message).toBe(order.note);
    expect(await app.onHand(skus[0]!)).toBe(1);
    expect((await app.cart.pool.query('SELECT status FROM payments WHERE client_secret = $1', [clientSecret])).rows[0].status).toBe('refunded');
  });

  it("puts the units it did commit back on sale when another unit of the order was lost, and tells the POS nothing", async () => {
    const { token, skus } = await guestWithCart([{ oneOfAKind: true }, { oneOfAKind: false, qty: 2 }]);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    await app.catalog.pool.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE variant_id = (SELECT id FROM variants WHERE sku = $1)`, [skus[0]]);
    expect((await app.call('POST', '/api/cart/lines', await app.guest(), { variantId: skus[0], qty: 1 })).status).toBe(201);

    const res = await pay(clientSecret);
    expect(res.body.status).toBe('failed');
    const restocks = (await app.cart.pool.query(`SELECT payload FROM outbox WHERE subject = $1`, [`order.restock.${res.body.orderId}`])).rows.map((r) => r.payload.data ?? r.payload);
    expect(restocks).toEqual([{ orderId: res.body.orderId, key: 'unsold', reason: 'unsold', units: [{ sku: skus[1], qty: 2 }] }]);
    const onHandBefore = await app.onHand(skus[1]!);
    await restockOrder(app.catalog.pool, testLogger('restock'), OrderRestockData.parse(restocks[0]));
    expect(await app.onHand(skus[1]!)).toBe(onHandBefore + 2);
    // Never a sale, so nothing for the POS write-back to undo.
    expect((await app.catalog.pool.query(`SELECT count(*)::int AS n FROM outbox WHERE subject = $1`, [`order.stock-returned.${res.body.orderId}`])).rows[0].n).toBe(0);
  });
});
