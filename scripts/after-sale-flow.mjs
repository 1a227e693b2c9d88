#!/usr/bin/env node
// The store's day after a sale, through HTTP only, as the browsers' calls would make it: a guest
// buys two units for pickup and the demo admin cancels the order (refund, units back on sale); a
// second guest's order is picked up, the guest returns it and the admin receives it back at another
// grade (refund, a listing of its own); a third guest finds an order by number and e-mail. Every
// step that crosses the bus (order.restock, order.status-changed, the mails) is waited for. The
// newcomer check runs it against a fresh `npm start` (embedded PostgreSQL, embedded broker).
//
//   node scripts/after-sale-flow.mjs http://localhost:5000
//
// Prints one line per step with its time; exits non-zero on the first step that fails.
import { expectStatus, flowSteps, httpClient, TEST_CARD as CARD } from './shopper-flow.mjs';

async function eventually(what, probe, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function runAfterSaleFlow(origin, { log = () => {}, admin = { usernameOrEmail: 'admin', password: 'admin12345' } } = {}) {
  const step = flowSteps(log);
  const tag = Date.now().toString(36);
  const store = httpClient(origin);
  await step('the admin signs in', async () => {
    expectStatus(await store('POST', '/api/auth/login', admin), 200, 'POST /api/auth/login');
  });
  const products = expectStatus(await store('GET', '/api/products?limit=100&inStock=true'), 200, 'GET /api/products').json.data;
  const available = async (id) => expectStatus(await store('GET', `/api/products/${id}`), 200, 'GET /api/products/:id').json.variants[0].totalAvailable;
  const mailbox = async () => expectStatus(await store('GET', '/api/auth/dev/mailbox?format=json'), 200, 'GET the dev mailbox').json.messages;
  const mailTo = (to, subject) => eventually(`the mail '${subject}' to ${to}`, async () => (await mailbox()).find((m) => m.to === to && m.subject === subject));
  const act = async (orderId, action, body = {}) => expectStatus(await store('POST', `/api/admin/orders/${orderId}/${action}`, body), 200, `POST …/${action}`).json;

  /** A new guest buys `qty` of a product for pickup; answers the guest's client and the order. */
  const guestBuys = async (product, qty, email) => {
    const guest = httpClient(origin);
    expectStatus(await guest('GET', '/api/cart'), 200, 'GET /api/cart');
    expectStatus(await guest('POST', '/api/cart/lines', { variantId: product.variants[0].sku, qty }), 201, 'POST /api/cart/lines');
    expectStatus(await guest('PUT', '/api/cart/checkout', { fulfilment: { type: 'pickup', locationId: 'dublin' }, email }), 200, 'PUT /api/cart/checkout');
    const intent = expectStatus(await guest('POST', '/api/create-payment-intent'), 200, 'POST /api/create-payment-intent').json;
    const paid = expectStatus(await guest('POST', '/api/payments/test-card/confirm', { clientSecret: intent.clientSecret, ...CARD }), 200, 'confirm').json;
    if (paid.status !== 'succeeded') throw new Error(`payment ${paid.status}: ${paid.message ?? ''}`);
    return { guest, order: expectStatus(await guest('GET', `/api/orders/${paid.orderId}`), 200, 'GET /api/orders/:id').json };
  };

  await step('a cancelled order is refunded and its units are back on sale', async () => {
    const product = products.find((p) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0].totalAvailable > 3);
    const before = await available(product.id);
    const email = `cancel.${tag}@example.com`;
    const { guest, order } = await guestBuys(product, 2, email);
    if ((await available(product.id)) !== before - 2) throw new Error('the sale did not take 2 units');
    const cancelled = await act(order.id, 'cancel', { reason: 'Damaged on the shelf' });
    if (cancelled.status !== 'cancelled' || cancelled.refunds[0]?.status !== 'succeeded') throw new Error(`cancel answered ${cancelled.status}, refund ${cancelled.refunds[0]?.status}`);
    await eventually('the units back on sale', async () => (await available(product.id)) === before);
    const mail = await mailTo(email, `Your order ${order.number} was cancelled`);
    const own = expectStatus(await guest('GET', `/api/orders/${order.id}`), 200, 'GET /api/orders/:id').json;
    return `${order.number}: ${own.status}, refunded $${own.refunds[0].amount}, ${before} available again, mailed '${mail.subject}'`;
  });

  await step('a picked-up order is returned and received back at another grade', async () => {
    const product = products.find((p) => p.conditionGrade === 'OPEN_BOX' && p.variants.length === 1 && p.variants[0].totalAvailable > 0);
    const email = `return.${tag}@example.com`;
    const { guest, order } = await guestBuys(product, 1, email);
    await act(order.id, 'ready-for-pickup');
    await act(order.id, 'picked-up', { idChecked: true });
    const asked = expectStatus(await guest('POST', `/api/orders/${order.id}/returns`, { lines: [{ index: 0, reason: 'changed_mind' }] }), 200, 'POST /api/orders/:id/returns').json;
    if (asked.status !== 'return_requested') throw new Error(`the return request left the order ${asked.status}`);
    const received = await act(order.id, 'returns/receive', { lines: [{ index: 0, units: [{ outcome: 'restock', grade: 'USED', price: '1.99' }] }] });
    if (received.status !== 'returned') throw new Error(`receiving left the order ${received.status}`);
    const listing = await eventually('the regraded listing', async () =>
      expectStatus(await store('GET', `/api/products?limit=100&q=${encodeURIComponent(product.title)}`), 200, 'search').json.data.find((p) => p.conditionGrade === 'USED' && p.variants[0].price === '1.99'),
    );
    await mailTo(email, `We've received your return for order ${order.number}`);
    return `${order.number}: returned, refunded $${received.refunds[0].amount}, back on sale as ${listing.variants[0].sku} (Used, $1.99)`;
  });

  await step('a guest finds an order by number and e-mail', async () => {
    const product = products.find((p) => !p.oneOfAKind && p.variants.length === 1 && p.variants[0].totalAvailable > 1);
    const email = `lookup.${tag}@example.com`;
    const { order } = await guestBuys(product, 1, email);
    const stranger = httpClient(origin);
    expectStatus(await stranger('GET', '/'), 200, 'GET /');
    const answer = expectStatus(await stranger('POST', '/api/orders/lookup', { number: order.number, email }), 200, 'POST /api/orders/lookup').json;
    const mail = await mailTo(email, `Your order ${order.number}`);
    const opened = expectStatus(await stranger('GET', new URL(mail.links[0]).pathname.replace('/orders/', '/api/orders/') + new URL(mail.links[0]).search), 200, 'the mailed link').json;
    if (opened.number !== order.number) throw new Error(`the link opened ${opened.number}`);
    return `'${answer.message.slice(0, 40)}…', link opens ${opened.number}`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? 'http://localhost:5000';
  runAfterSaleFlow(origin, { log: (line) => console.log(line) }).then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
