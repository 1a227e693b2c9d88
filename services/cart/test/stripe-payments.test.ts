import Stripe from 'stripe';
import { AdminOrder, ApiPaths, Order, PaymentIntentResponse } from '@pl/contracts';
import { createStripeProvider } from '../src/payments/stripe-provider.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';
import { startFakeStripe, type FakeStripe } from './fake-stripe-server.js';

const WEBHOOK_SECRET = 'whsec_test_cart_0123456789abcdef';
const signer = new Stripe('sk_test_signer_only');

describe('Stripe provider (SDK against a local fake of the Stripe API)', () => {
  let fake: FakeStripe;
  let app: CartTestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const payments = createStripeProvider({ secretKey: 'sk_test_cart', publishableKey: 'pk_test_cart', webhookSecret: WEBHOOK_SECRET, api: fake.api });
    app = await startCartWithCatalog({}, { payments });
  });
  afterAll(async () => {
    await app.stop();
    await fake.close();
  });

  const details = { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'guest@example.com' };
  const count = async (sql: string, params: unknown[] = []) => (await app.cart.pool.query(sql, params)).rows[0].n as number;

  /** A guest with one item in the cart and a Stripe intent for it. */
  async function checkout(product: { oneOfAKind?: boolean; priceCents?: number } = {}) {
    const token = await app.guest();
    const sku = await app.product({ oneOfAKind: product.oneOfAKind ?? true, priceCents: product.priceCents ?? 2500, onHand: 1 });
    expect((await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 })).status).toBe(201);
    expect((await app.call('PUT', '/api/cart/checkout', token, details)).status).toBe(200);
    const res = await app.call('POST', '/api/create-payment-intent', token);
    expect(res.status).toBe(200);
    const intent = PaymentIntentResponse.parse(res.body);
    const intentId = intent.clientSecret.split('_secret_')[0]!;
    return { token, sku, intent, intentId };
  }

  /** Delivers an event the way Stripe does: raw JSON bytes signed with the endpoint's secret. */
  async function deliver(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const res = await fetch(`${app.cart.url}${ApiPaths.cart.stripeWebhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) },
      body: payload,
    });
    return { status: res.status, body: await res.json() };
  }
  const paymentOf = async (intentId: string) => (await app.cart.pool.query('SELECT id, status FROM payments WHERE provider_payment_id = $1', [intentId])).rows[0];
  const ordersOf = async (intentId: string) =>
    (await app.cart.pool.query('SELECT o.id, o.status, o.stock_state FROM orders o JOIN payments p ON p.id = o.payment_id WHERE p.provider_payment_id = $1', [intentId])).rows;

  it('creates the PaymentIntent with the server-computed amount, and the same cart gives the same intent from one call', async () => {
    const { token, intent, intentId } = await checkout({ priceCents: 2500 });
    expect(intent).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_cart', amount: '27.00' });
    const stored = fake.intents.get(intentId)!;
    const payment = await paymentOf(intentId);
    expect(stored).toMatchObject({ amount: 2700, currency: 'usd', automatic_payment_methods: { enabled: true }, client_secret: intent.clientSecret });
    expect(stored.metadata).toEqual({ paymentId: payment.id, cartId: expect.any(String) });

    const again = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    expect(again.clientSecret).toBe(intent.clientSecret);
    const creations = fake.calls.filter((c) => c.path === '/v1/payment_intents' && c.params.metadata && (c.params.metadata as { paymentId: string }).paymentId === payment.id);
    expect(creations).toHaveLength(1);
    expect(creations[0]!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("asks Stripe for nothing when the page's total is no longer the cart's, and for a new intent of the new total when the shopper pays that", async () => {
    const { token, sku, intent, intentId } = await checkout({ oneOfAKind: false, priceCents: 2500 });
    await app.catalog.pool.query('UPDATE variants SET price_cents = 2000 WHERE sku = $1', [sku]);
    const creations = () => fake.calls.filter((c) => c.path === '/v1/payment_intents').length;
    const before = creations();

    // The page checks the total it shows just before Stripe confirms the intent it has.
    const refused = await app.call('POST', '/api/create-payment-intent', token, { total: intent.amount });

    expect([refused.status, refused.body.code]).toEqual([409, 'CART_PRICES_CHANGED']);
    expect(creations()).toBe(before);
    const fresh = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token, { total: '21.60' })).body);
    const freshId = fresh.clientSecret.split('_secret_')[0]!;
    expect([fresh.amount, freshId === intentId, fake.intents.get(freshId)!.amount, fake.intents.get(intentId)!.amount]).toEqual(['21.60', false, 2160, 2700]);
  });

  it('gets the same intent from Stripe when the same idempotency key is sent again', async () => {
    const provider = createStripeProvider({ secretKey: 'sk_test_cart', publishableKey: 'pk_test_cart', webhookSecret: WEBHOOK_SECRET, api: fake.api });
    const request = { amountCents: 1234, idempotencyKey: `key-${Date.now()}`, metadata: { paymentId: 'p', cartId: 'c' } };
    const first = await provider.createIntent(request);
    const second = await provider.createIntent(request);
    expect(second).toEqual(first);
    expect([...fake.intents.values()].filter((i) => i.amount === 1234 && i.id === first.providerPaymentId)).toHaveLength(1);
  });

  it('refuses a webhook with a bad or missing signature and stores nothing', async () => {
    const { intentId } = await checkout();
    const event = fake.event('payment_intent.succeeded', intentId);
    const before = await count('SELECT count(*)::int AS n FROM processed_events');

    const forged = await deliver(event, 'whsec_not_the_shops_secret');
    expect(forged).toEqual({ status: 400, body: { message: 'Invalid webhook signature', code: 'INVALID_SIGNATURE' } });
    const unsigned = await fetch(`${app.cart.url}${ApiPaths.cart.stripeWebhook}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    // A body changed after signing does not verify either.
    const payload = JSON.stringify(event);
    const tampered = await fetch(`${app.cart.url}${ApiPaths.cart.stripeWebhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload.replace('"amount_received":2700', '"amount_received":2701'),
    });
    expect(tampered.status).toBe(400);

    expect(await count('SELECT count(*)::int AS n FROM processed_events')).toBe(before);
    expect(await ordersOf(intentId)).toEqual([]);
    expect((await paymentOf(intentId)).status).toBe('pending');
  });

  it('makes one order and one stock commit from the same succeeded event delivered five times concurrently', async () => {
    const { token, sku, intentId } = await checkout();
    const event = fake.event('payment_intent.succeeded', intentId);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const orders = await ordersOf(intentId);
    expect(orders).toEqual([{ id: expect.any(String), status: 'paid', stock_state: 'committed' }]);
    expect(await app.onHand(sku)).toBe(0);
    const commits = await app.catalog.pool.query(`SELECT count(*)::int AS n FROM holds h JOIN variants v ON v.id = h.variant_id WHERE v.sku = $1 AND h.status = 'committed'`, [sku]);
    expect(commits.rows[0].n).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM processed_events WHERE source = 'stripe' AND event_id = $1`, [event.id])).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM outbox WHERE subject = 'order.placed' AND payload::text LIKE $1`, [`%${orders[0].id}%`])).toBe(1);
    const visible = Order.parse((await app.call('GET', `/api/orders/${orders[0].id}`, token)).body);
    // A Stripe test key took no money: a test order (decision 042).
    expect(visible).toMatchObject({ status: 'paid', total: '27.00', testOrder: true });
  });

  it("finds the order a payment made for the shopper who paid, by the payment_intent Stripe adds to the return address, and for no one else", async () => {
    const { token, intentId } = await checkout();
    const ordersPaidBy = async (who: string, payment: string) => app.call('GET', `/api/orders?payment=${encodeURIComponent(payment)}`, who);
    // Before Stripe's confirmation has reached the shop: no order yet (the return page asks again).
    expect((await ordersPaidBy(token, intentId)).body).toEqual([]);
    expect((await deliver(fake.event('payment_intent.succeeded', intentId))).status).toBe(200);
    const [order] = (await ordersPaidBy(token, intentId)).body as Array<{ id: string; total: string }>;
    expect(order).toMatchObject({ id: (await ordersOf(intentId))[0].id, total: '27.00' });
    // Another shopper with the same id in the address learns nothing.
    expect((await ordersPaidBy(await app.guest(), intentId)).body).toEqual([]);
    const bad = await ordersPaidBy(token, 'pi_1; DROP TABLE orders');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE id = $1', [order!.id])).toBe(1);
  });

  it('ends with a paid order when a failed attempt is reported before the success', async () => {
    const { intentId } = await checkout();
    expect((await deliver(fake.event('payment_intent.payment_failed', intentId))).status).toBe(200);
    expect((await paymentOf(intentId)).status).toBe('failed');
    expect(await ordersOf(intentId)).toEqual([]);

    expect((await deliver(fake.event('payment_intent.succeeded', intentId))).status).toBe(200);
    expect(await ordersOf(intentId)).toMatchObject([{ status: 'paid', stock_state: 'committed' }]);
    expect((await paymentOf(intentId)).status).toBe('succeeded');
  });

  it('keeps the paid order when a failure of an earlier attempt arrives after the success', async () => {
    const { intentId } = await checkout();
    const failed = fake.event('payment_intent.payment_failed', intentId);
    expect((await deliver(fake.event('payment_intent.succeeded', intentId))).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect(await ordersOf(intentId)).toMatchObject([{ status: 'paid', stock_state: 'committed' }]);
    expect((await paymentOf(intentId)).status).toBe('succeeded');
  });

  it('lets a shopper retry after a failed attempt: the same intent is given again', async () => {
    const { token, intent, intentId } = await checkout();
    await deliver(fake.event('payment_intent.payment_failed', intentId));
    const again = await app.call('POST', '/api/create-payment-intent', token);
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).toBe(intent.clientSecret);
  });

  it('makes no order from a succeeded event whose amount differs from the payment', async () => {
    const { intentId } = await checkout();
    const res = await deliver(fake.event('payment_intent.succeeded', intentId, { amount_received: 1 }));
    expect(res.status).toBe(409);
    expect(await ordersOf(intentId)).toEqual([]);
  });

  it('refunds through Stripe when the held unit was lost to an expiry race', async () => {
    const { token, sku, intentId } = await checkout();
    await app.catalog.pool.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE variant_id = (SELECT id FROM variants WHERE sku = $1)`, [sku]);
    expect((await app.call('POST', '/api/cart/lines', await app.guest(), { variantId: sku, qty: 1 })).status).toBe(201);

    expect((await deliver(fake.event('payment_intent.succeeded', intentId))).status).toBe(200);
    const [order] = await ordersOf(intentId);
    expect(order).toMatchObject({ status: 'refunded', stock_state: 'lost' });
    const refundCalls = fake.calls.filter((c) => c.path === '/v1/refunds' && c.params.payment_intent === intentId);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.idempotencyKey).toBe(`refund-${order.id}`);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([{ id: expect.any(String), payment_intent: intentId, amount: 2700, metadata: {}, status: 'succeeded' }]);
    expect((await paymentOf(intentId)).status).toBe('refunded');
    expect(Order.parse((await app.call('GET', `/api/orders/${order.id}`, token)).body).note).toMatch(/refunded/);
  });

  it('answers other event types with 200 and does nothing', async () => {
    const { intentId } = await checkout();
    const res = await deliver({ ...fake.event('payment_intent.succeeded', intentId), type: 'payment_intent.created' });
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect(await ordersOf(intentId)).toEqual([]);
  });
});

describe('Stripe refunds (cancellations and returns through the Refunds API)', () => {
  let fake: FakeStripe;
  let app: CartTestApp;
  let admin: string;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const payments = createStripeProvider({ secretKey: 'sk_test_cart', publishableKey: 'pk_test_cart', webhookSecret: WEBHOOK_SECRET, api: fake.api });
    app = await startCartWithCatalog({}, { payments });
    admin = await app.admin('admin-rae');
  });
  afterAll(async () => {
    await app.stop();
    await fake.close();
  });

  async function deliver(event: object) {
    const payload = JSON.stringify(event);
    const res = await fetch(`${app.cart.url}${ApiPaths.cart.stripeWebhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload,
    });
    return res.status;
  }
  /** A paid Stripe order: cart, intent, the succeeded webhook. */
  async function paidOrder() {
    const token = await app.guest();
    const sku = await app.product({ priceCents: 2500, onHand: 3 });
    await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 });
    await app.call('PUT', '/api/cart/checkout', token, { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'rae@example.com' });
    const intentId = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body).clientSecret.split('_secret_')[0]!;
    expect(await deliver(fake.event('payment_intent.succeeded', intentId))).toBe(200);
    const { id } = (await app.cart.pool.query('SELECT o.id FROM orders o JOIN payments p ON p.id = o.payment_id WHERE p.provider_payment_id = $1', [intentId])).rows[0];
    return { id: id as string, intentId };
  }
  const refundOf = async (orderId: string) =>
    (await app.cart.pool.query('SELECT id, status, provider_refund_id AS "providerRefundId", attempts, last_error AS "lastError" FROM refunds WHERE order_id = $1', [orderId])).rows;
  const cancel = (id: string) => app.call('POST', `/api/admin/orders/${id}/cancel`, admin, { reason: 'Out of stock at the store' });

  it('refunds a cancellation once with the amount, an idempotency key of its own and our ids as metadata', async () => {
    const { id, intentId } = await paidOrder();
    expect((await cancel(id)).status).toBe(200);
    expect((await cancel(id)).status).toBe(200);
    const [refund] = await refundOf(id);
    const calls = fake.calls.filter((c) => c.path === '/v1/refunds' && c.params.payment_intent === intentId);
    expect(calls).toEqual([expect.objectContaining({ idempotencyKey: `refund-${refund.id}`, params: expect.objectContaining({ amount: '2700', metadata: { orderId: id, refundId: refund.id } }) })]);
    expect(refund).toMatchObject({ status: 'succeeded', providerRefundId: fake.refunds.find((r) => r.payment_intent === intentId)!.id });
  });

  it('sends a refund whose answers were lost again under the same key: Stripe refunds once', async () => {
    const { id, intentId } = await paidOrder();
    // Lost three times: the SDK's own two retries and the first try all go unanswered.
    fake.dropAnswers('/v1/refunds', 3);
    expect((await cancel(id)).status).toBe(200);
    const [pending] = await refundOf(id);
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: null, attempts: 1, lastError: expect.any(String) });

    await app.cart.pool.query('UPDATE refunds SET next_attempt_at = now() WHERE id = $1', [pending.id]);
    await app.ctx.refunds.kick();
    const calls = fake.calls.filter((c) => c.path === '/v1/refunds' && c.params.payment_intent === intentId);
    expect(calls.length).toBe(4);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([`refund-${pending.id}`]));
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect((await refundOf(id))[0]).toMatchObject({ status: 'succeeded', attempts: 2, lastError: null });
  });

  it('leaves a pending refund to the webhook, which settles it once; a refused refund is marked failed', async () => {
    const { id } = await paidOrder();
    fake.setRefundStatus('pending');
    try {
      expect((await cancel(id)).status).toBe(200);
    } finally {
      fake.setRefundStatus('succeeded');
    }
    const [pending] = await refundOf(id);
    expect(pending.status).toBe('pending');
    const event = fake.refundEvent(pending.providerRefundId, 'succeeded');
    expect(await deliver(event)).toBe(200);
    expect(await deliver(event)).toBe(200); // redelivered: nothing more
    expect((await refundOf(id))[0].status).toBe('succeeded');
    const admins = AdminOrder.parse((await app.call('GET', `/api/admin/orders/${id}`, admin)).body);
    expect(admins.refunds!.map((r) => r.status)).toEqual(['succeeded']);

    // Stripe refuses a refund over what is left of the charge (refunded elsewhere, say): failed, not retried.
    const other = await paidOrder();
    fake.refunds.push({ id: 're_elsewhere', payment_intent: other.intentId, amount: 2700, metadata: {}, status: 'succeeded' });
    expect((await cancel(other.id)).status).toBe(200);
    expect((await refundOf(other.id))[0]).toMatchObject({ status: 'failed', lastError: expect.stringContaining('greater than unrefunded amount') });
  });
});

describe('Stripe with a live key', () => {
  let fake: FakeStripe;
  let app: CartTestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const payments = createStripeProvider({ secretKey: 'sk_live_cart', publishableKey: 'pk_live_cart', webhookSecret: WEBHOOK_SECRET, api: fake.api });
    app = await startCartWithCatalog({}, { payments });
  });
  afterAll(async () => {
    await app.stop();
    await fake.close();
  });

  it('says payments are real, and its orders are not test orders', async () => {
    expect((await app.call('GET', ApiPaths.cart.paymentMode)).body).toEqual({ provider: 'stripe', testMode: false });
    const token = await app.guest();
    const sku = await app.product({ priceCents: 2500, onHand: 1 });
    await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 });
    await app.call('PUT', '/api/cart/checkout', token, { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'guest@example.com' });
    const intentId = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body).clientSecret.split('_secret_')[0]!;
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', intentId));
    const delivered = await fetch(`${app.cart.url}${ApiPaths.cart.stripeWebhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    expect(Order.array().parse((await app.call('GET', '/api/orders', token)).body).map((o) => [o.status, o.testOrder])).toEqual([['paid', false]]);
  });
});
