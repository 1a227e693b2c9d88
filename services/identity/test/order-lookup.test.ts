import { ORDER_LOOKUP_MESSAGE, Order, PaymentIntentResponse } from '@pl/contracts';
import { startCartWithCatalog, type CartTestApp } from '../../cart/test/cart-test-app.js';
import { startIdentity, uniqueIp, type IdentityTestApp } from './identity-test-app.js';

/**
 * A guest finds an order by number and e-mail: identity (rate limit, mail) asks the real cart
 * service which order a number names. The shopper's answer never says whether one matched.
 */
describe('order lookup (POST /api/orders/lookup)', () => {
  let cart: CartTestApp;
  let identity: IdentityTestApp;
  let order: { id: string; number: string };
  beforeAll(async () => {
    cart = await startCartWithCatalog();
    identity = await startIdentity({ cart: { url: cart.cart.url, token: cart.internalToken } });
    const token = await cart.guest();
    await cart.call('POST', '/api/cart/lines', token, { variantId: await cart.product({ onHand: 2 }), qty: 1 });
    await cart.call('PUT', '/api/cart/checkout', token, { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'Lou.Lookup@example.com' });
    const { clientSecret } = PaymentIntentResponse.parse((await cart.call('POST', '/api/create-payment-intent', token)).body);
    const paid = await cart.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' });
    order = { id: paid.body.orderId, number: Order.parse((await cart.call('GET', `/api/orders/${paid.body.orderId}`, token)).body).number };
  }, 60_000);
  afterAll(async () => {
    await identity.stop();
    await cart.stop();
  });

  const lookup = async (body: unknown, ip = uniqueIp()) => {
    const res = await identity.api('POST', '/api/orders/lookup', { body, ip });
    return { status: res.status, body: await res.json() };
  };
  const mailsTo = async (address: string) => {
    await identity.dispatchMail();
    return (await identity.mailbox()).filter((m) => m.to.toLowerCase() === address.toLowerCase());
  };

  it("mails the order's link to the address it was placed with (any case, number with or without PL-)", async () => {
    expect(await lookup({ number: order.number.replace('PL-', ''), email: 'lou.lookup@EXAMPLE.com' })).toEqual({ status: 200, body: { message: ORDER_LOOKUP_MESSAGE } });
    const [mail, ...more] = await mailsTo('lou.lookup@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your order ${order.number}`);
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe(`/orders/${order.id}`);
    // The mailed key opens the order from any browser.
    const opened = await cart.call('GET', `/api/orders/${order.id}?key=${link.searchParams.get('key')}`, await cart.guest());
    expect([opened.status, opened.body.number]).toEqual([200, order.number]);
  });

  it('answers a wrong e-mail or an unknown number exactly like a match, and mails nobody', async () => {
    const wrongEmail = await lookup({ number: order.number, email: 'someone.else@example.com' });
    const unknown = await lookup({ number: 'PL-999999999', email: 'lou.lookup@example.com' });
    expect(wrongEmail).toEqual({ status: 200, body: { message: ORDER_LOOKUP_MESSAGE } });
    expect(unknown).toEqual(wrongEmail);
    expect(await mailsTo('someone.else@example.com')).toEqual([]);
    expect(await mailsTo('lou.lookup@example.com')).toHaveLength(1); // the first test's, no more
    const outcomes = (await identity.pool.query(`SELECT outcome FROM mail_outbox WHERE kind = 'order-link' ORDER BY id`)).rows.map((r) => r.outcome);
    expect(outcomes).toEqual(['sent', 'no-order', 'no-order']);
  });

  it('refuses malformed input with 400 and queues nothing', async () => {
    const before = (await identity.pool.query(`SELECT count(*)::int AS n FROM mail_outbox`)).rows[0].n;
    for (const body of [{ number: 'abc', email: 'a@example.com' }, { number: '100001', email: 'not-an-email' }, { number: '100001' }, { number: '100001', email: 'a@example.com', extra: 1 }]) {
      expect((await lookup(body)).status).toBe(400);
    }
    expect((await identity.pool.query(`SELECT count(*)::int AS n FROM mail_outbox`)).rows[0].n).toBe(before);
  });

  it('limits lookups per client address (10 per 15 minutes by default) with a 429', async () => {
    const ip = uniqueIp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await lookup({ number: `PL-${200000 + i}`, email: 'walker@example.com' }, ip)).status);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
  });
});
