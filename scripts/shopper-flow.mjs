#!/usr/bin/env node
// A shopper's first visit through HTTP only, as a browser's calls would make it: the home page, the
// products, a guest's cart line, sign-in as the demo shopper (the line must still be there), and a
// test-card checkout that must give an order. The newcomer check (scripts/newcomer-check.sh) runs it
// against a fresh `npm start`; the embedded-fallback e2e test runs it against a shop on that broker.
//
//   node scripts/shopper-flow.mjs http://localhost:5000
//
// Prints one line per step with its time; exits non-zero on the first step that fails.

/**
 * The test-mode card every flow and browser test pays with. Its expiry is always four years ahead,
 * so no flow starts failing on a date (a fixed '12/30' is refused from 2031).
 */
export const TEST_CARD = Object.freeze({
  cardNumber: '4242 4242 4242 4242',
  expiry: `12/${String((new Date().getFullYear() + 4) % 100).padStart(2, '0')}`,
  cvc: '123',
});

/** A client with one cookie jar, like one browser. */
export function httpClient(origin) {
  const jar = new Map();
  return async function call(method, path, body) {
    const res = await fetch(origin + path, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json, headers: res.headers };
  };
}

export function expectStatus(res, wanted, what) {
  if (res.status !== wanted) throw new Error(`${what}: expected ${wanted}, got ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

/**
 * `step(name, fn)` for a flow: runs one part, logs it with its time ('ok' and what it returned, or
 * 'FAIL' and why) and rethrows a failure named after the part.
 */
export function flowSteps(log) {
  return async (name, fn) => {
    const t0 = Date.now();
    try {
      const detail = await fn();
      log(`ok    ${name} (${Date.now() - t0} ms)${detail ? `: ${detail}` : ''}`);
    } catch (err) {
      log(`FAIL  ${name} (${Date.now() - t0} ms): ${err.message}`);
      throw new Error(`${name}: ${err.message}`);
    }
  };
}

/**
 * Runs the flow; `step(name, fn)` times each part. Resolves with what was seen, throws on the
 * first failure (its message says which step and what came back).
 */
export async function runShopperFlow(origin, { log = () => {}, login = { usernameOrEmail: 'shopper', password: 'shopper12345' } } = {}) {
  const call = httpClient(origin);
  const seen = {};
  const step = flowSteps(log);

  await step('home page', async () => {
    const res = expectStatus(await call('GET', '/'), 200, 'GET /');
    if (!/<html/i.test(res.text)) throw new Error('GET / did not answer an HTML page');
  });

  let sku;
  let locationId;
  await step('products listed', async () => {
    const res = expectStatus(await call('GET', '/api/products?limit=100&inStock=true'), 200, 'GET /api/products');
    const products = res.json?.data ?? [];
    const plentiful = products.find((p) => !p.oneOfAKind && p.variants?.some((v) => v.totalAvailable > 1));
    if (!plentiful) throw new Error(`no product with stock among ${products.length} listed`);
    const variant = plentiful.variants.find((v) => v.totalAvailable > 1);
    sku = variant.sku;
    locationId = variant.inventoryLevels.find((l) => l.onHand - l.reserved > 0)?.locationId;
    seen.products = products.length;
    return `${products.length} products; buying ${sku}`;
  });

  await step('guest adds a line', async () => {
    expectStatus(await call('POST', '/api/cart/lines', { variantId: sku, qty: 1 }), 201, 'POST /api/cart/lines');
    const cart = expectStatus(await call('GET', '/api/cart'), 200, 'GET /api/cart').json;
    if (!cart.lines.some((l) => l.variant.sku === sku)) throw new Error('the line is not in the guest cart');
  });

  await step('signs in as the demo shopper and still has the line', async () => {
    expectStatus(await call('POST', '/api/auth/login', login), 200, 'POST /api/auth/login');
    const me = expectStatus(await call('GET', '/api/auth/me'), 200, 'GET /api/auth/me').json;
    const cart = expectStatus(await call('GET', '/api/cart'), 200, 'GET /api/cart').json;
    if (!cart.lines.some((l) => l.variant.sku === sku)) throw new Error(`signed in as ${me.username}, the cart has ${cart.lines.length} line(s) and not ${sku}`);
    return `${me.username}, ${cart.lines.length} line(s)`;
  });

  await step('test-card checkout gives an order', async () => {
    expectStatus(await call('PUT', '/api/cart/checkout', { fulfilment: { type: 'pickup', locationId } }), 200, 'PUT /api/cart/checkout');
    const intent = expectStatus(await call('POST', '/api/create-payment-intent'), 200, 'POST /api/create-payment-intent').json;
    const confirm = { clientSecret: intent.clientSecret, ...TEST_CARD };
    const result = expectStatus(await call('POST', '/api/payments/test-card/confirm', confirm), 200, 'POST /api/payments/test-card/confirm').json;
    if (result.status !== 'succeeded' || !result.orderId) throw new Error(`payment ${result.status}: ${result.message ?? 'no order'}`);
    const order = expectStatus(await call('GET', `/api/orders/${encodeURIComponent(result.orderId)}`), 200, 'GET /api/orders/:id').json;
    seen.order = order;
    return `order ${order.number}, ${order.status}, total $${order.total}`;
  });
  return seen;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? 'http://localhost:5000';
  runShopperFlow(origin, { log: (line) => console.log(line) }).then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
