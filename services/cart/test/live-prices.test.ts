import { Cart, PaymentIntentResponse, PRICES_CHANGED_CODE, PRICES_CHANGED_MESSAGE } from '@pl/contracts';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

// Decision 058: a cart line costs what the catalog asks now, and a payment charges only the total
// the shopper was shown. The catalog's price changes as a markdown or the POS changes it: in its table.
describe('prices a shopper saw (test-card provider)', () => {
  let app: CartTestApp;
  beforeAll(async () => {
    app = await startCartWithCatalog();
  });
  afterAll(() => app.stop());

  const details = { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'guest@example.com' };
  const pay = (clientSecret: string, total?: string) =>
    app.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', ...(total ? { total } : {}) });
  const intent = async (token: string, total?: string) => app.call('POST', '/api/create-payment-intent', token, total === undefined ? undefined : { total });
  const cartOf = async (token: string) => Cart.parse((await app.call('GET', '/api/cart', token)).body);
  const setPrice = (sku: string, cents: number) => app.catalog.pool.query('UPDATE variants SET price_cents = $2 WHERE sku = $1', [sku, cents]);
  const count = async (sql: string, params: unknown[]) => (await app.cart.pool.query(sql, params)).rows[0].n as number;
  const ordersOf = (token: string) => app.call('GET', '/api/orders', token);
  const paymentsOfCart = async (token: string) => {
    const cart = await cartOf(token);
    return count('SELECT count(*)::int AS n FROM payments p JOIN cart_lines l ON l.cart_id = p.cart_id WHERE l.id = $1', [cart.lines[0]!.id]);
  };
  const activeHolds = async (sku: string) =>
    (await app.catalog.pool.query(`SELECT count(*)::int AS n FROM holds h JOIN variants v ON v.id = h.variant_id WHERE v.sku = $1 AND h.status = 'active'`, [sku])).rows[0].n as number;

  /** A guest with two of a $40.00 item (and a $10.00 one) in the cart and the checkout details saved. */
  async function shopper() {
    const token = await app.guest();
    const sku = await app.product({ priceCents: 4000, onHand: 5, title: 'Cordless Drill' });
    const other = await app.product({ priceCents: 1000, onHand: 5 });
    expect((await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 2 })).status).toBe(201);
    expect((await app.call('POST', '/api/cart/lines', token, { variantId: other, qty: 1 })).status).toBe(201);
    expect((await app.call('PUT', '/api/cart/checkout', token, details)).status).toBe(200);
    return { token, sku, other };
  }

  describe('GET /api/cart', () => {
    it("shows a line at the catalog's price now, not the price it was added at, with the totals and the listing it is from", async () => {
      const { token, sku } = await shopper();
      expect((await cartOf(token)).total).toBe('97.20');

      await setPrice(sku, 3600);

      const cart = await cartOf(token);
      const line = cart.lines.find((l) => l.variant.sku === sku)!;
      expect([line.variant.price, line.subtotal, cart.subtotal, cart.tax, cart.total]).toEqual(['36.00', '72.00', '82.00', '6.56', '88.56']);
      const { rows } = await app.catalog.pool.query<{ id: string }>('SELECT product_id AS id FROM variants WHERE sku = $1', [sku]);
      expect(line.variant.productId).toBe(rows[0]!.id);
    });

    it('shows the last known prices while the catalog cannot be asked, and takes no payment then', async () => {
      const { token, sku } = await shopper();
      const away = await app.secondCart('http://127.0.0.1:9');
      await setPrice(sku, 3000);

      const cart = Cart.parse((await away.call('GET', '/api/cart', token)).body);
      expect([cart.lines[0]!.variant.price, cart.lines[0]!.variant.productId, cart.total]).toEqual(['40.00', undefined, '97.20']);
      const refused = await away.call('POST', '/api/create-payment-intent', token, { total: '97.20' });
      expect([refused.status, refused.body.code]).toEqual([503, 'UPSTREAM_UNAVAILABLE']);
      expect(await paymentsOfCart(token)).toBe(0);
    });
  });

  describe('POST /api/create-payment-intent with the total shown', () => {
    it('creates the intent for exactly the total shown', async () => {
      const { token } = await shopper();
      const res = await intent(token, (await cartOf(token)).total);
      expect([res.status, PaymentIntentResponse.parse(res.body).amount]).toEqual([200, '97.20']);
    });

    it('refuses with 409 and holds and creates nothing when a price dropped between the cart view and payment', async () => {
      const { token, sku } = await shopper();
      const shown = (await cartOf(token)).total;
      await setPrice(sku, 3600);

      const res = await intent(token, shown);

      expect([res.status, res.body]).toEqual([409, { message: PRICES_CHANGED_MESSAGE, code: PRICES_CHANGED_CODE }]);
      expect([await paymentsOfCart(token), await activeHolds(sku)]).toEqual([0, 0]);
      // The shopper is shown the new total and pays that.
      const now = await cartOf(token);
      expect(now.total).toBe('88.56');
      const again = await intent(token, now.total);
      expect([again.status, again.body.amount]).toEqual([200, '88.56']);
    });

    it('refuses a price that rose the same way', async () => {
      const { token, sku } = await shopper();
      const shown = (await cartOf(token)).total;
      await setPrice(sku, 4500);
      expect((await intent(token, shown)).body.code).toBe(PRICES_CHANGED_CODE);
      expect(await paymentsOfCart(token)).toBe(0);
    });

    it('refuses a malformed total and any other field as 400, changing nothing', async () => {
      const { token, sku } = await shopper();
      for (const body of [{ total: 97.2 }, { total: '97.2' }, { total: '-97.20' }, { total: '1'.repeat(20) + '.00' }, { amount: '97.20' }, { total: '97.20', amount: '0.01' }, 'total']) {
        const res = await app.call('POST', '/api/create-payment-intent', token, body);
        expect([JSON.stringify(body), res.status, typeof res.body.message]).toEqual([JSON.stringify(body), 400, 'string']);
        expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|SELECT/);
      }
      expect([await paymentsOfCart(token), await activeHolds(sku)]).toEqual([0, 0]);
    });
  });

  describe('POST /api/payments/test-card/confirm', () => {
    it('charges the total shown when nothing changed', async () => {
      const { token } = await shopper();
      const shown = (await cartOf(token)).total;
      const { clientSecret, amount } = PaymentIntentResponse.parse((await intent(token, shown)).body);

      const paid = await pay(clientSecret, amount);

      expect(paid.body.status).toBe('succeeded');
      const [order] = (await ordersOf(token)).body;
      expect(order.total).toBe('97.20');
    });

    it('refuses with 409, charges nothing and makes no order when a markdown lands after the intent, then charges the new total shown', async () => {
      const { token, sku } = await shopper();
      const first = PaymentIntentResponse.parse((await intent(token, (await cartOf(token)).total)).body);
      await setPrice(sku, 3600);

      const refused = await pay(first.clientSecret, first.amount);

      expect([refused.status, refused.body]).toEqual([409, { message: PRICES_CHANGED_MESSAGE, code: PRICES_CHANGED_CODE }]);
      expect((await ordersOf(token)).body).toEqual([]);
      expect(await count('SELECT count(*)::int AS n FROM payments WHERE client_secret = $1 AND status = $2', [first.clientSecret, 'pending'])).toBe(1);
      expect((await cartOf(token)).lines).toHaveLength(2);

      // The page shows the new total, asks for a payment of it and pays that.
      const shown = (await cartOf(token)).total;
      const second = PaymentIntentResponse.parse((await intent(token, shown)).body);
      expect([shown, second.amount, second.clientSecret === first.clientSecret]).toEqual(['88.56', '88.56', false]);
      expect((await pay(second.clientSecret, second.amount)).body.status).toBe('succeeded');
      const orders = (await ordersOf(token)).body;
      expect(orders.map((o: { total: string }) => o.total)).toEqual(['88.56']);
      expect(orders[0].lines.find((l: { sku: string }) => l.sku === sku).price).toBe('36.00');
      // The intent made before the markdown can no longer be paid.
      expect((await pay(first.clientSecret, first.amount)).status).toBe(409);
      expect((await ordersOf(token)).body).toHaveLength(1);
    });

    it('refuses a total other than the intent\'s, even with the prices unchanged', async () => {
      const { token } = await shopper();
      const { clientSecret } = PaymentIntentResponse.parse((await intent(token)).body);
      const res = await pay(clientSecret, '90.00');
      expect([res.status, res.body.code]).toEqual([409, PRICES_CHANGED_CODE]);
      expect((await ordersOf(token)).body).toEqual([]);
    });

    it('answers a paid intent again as it was, whatever prices have done since', async () => {
      const { token, sku } = await shopper();
      const { clientSecret, amount } = PaymentIntentResponse.parse((await intent(token)).body);
      const paid = await pay(clientSecret, amount);
      await setPrice(sku, 100);
      const again = await pay(clientSecret, amount);
      expect([again.status, again.body]).toEqual([200, paid.body]);
    });
  });
});
