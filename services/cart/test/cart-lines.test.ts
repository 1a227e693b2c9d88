import { Cart } from '@pl/contracts';
import { eventually } from '@pl/service-kit/testing';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

describe('cart lines', () => {
  let app: CartTestApp;
  beforeAll(async () => {
    app = await startCartWithCatalog({ maxUniqueHoldsPerCart: 2 });
  });
  afterAll(() => app.stop());

  const cartOf = async (token: string) => Cart.parse((await app.call('GET', '/api/cart', token)).body);
  const holdsOf = async (sku: string) =>
    (await app.catalog.pool.query(`SELECT h.status, h.holder FROM holds h JOIN variants v ON v.id = h.variant_id WHERE v.sku = $1 ORDER BY h.created_at`, [sku])).rows;

  describe('POST /api/cart/lines', () => {
    it('adds a line with the variant snapshot and server totals, and adds to it when the sku is added again', async () => {
      const sku = await app.product({ onHand: 5, priceCents: 1999, title: 'Desk Lamp' });
      const token = await app.guest();
      const first = await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 });
      expect(first.status).toBe(201);
      await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 2 });
      const cart = await cartOf(token);
      expect(cart.lines).toHaveLength(1);
      expect(cart.lines[0]).toMatchObject({ qty: 3, subtotal: '59.97', holdExpiresAt: null, holdExpired: false, variant: { sku, title: 'Desk Lamp', price: '19.99', oneOfAKind: false, conditionGrade: 'OPEN_BOX' } });
      expect([cart.subtotal, cart.tax, cart.total]).toEqual(['59.97', '4.80', '64.77']);
      // Spec §3: the variant carries its product, as the catalog shows it.
      const { rows } = await app.catalog.pool.query(`SELECT p.id, p.brand, p.images FROM products p JOIN variants v ON v.product_id = p.id WHERE v.sku = $1`, [sku]);
      expect(cart.lines[0]!.variant.product).toEqual({ id: rows[0].id, title: 'Desk Lamp', brand: rows[0].brand, images: rows[0].images, conditionGrade: 'OPEN_BOX', conditionNotes: null, oneOfAKind: false });
    });

    it("keeps the line's product with the line, as the catalog described it when it was added", async () => {
      const sku = await app.product({ onHand: 5, title: 'Floor Lamp' });
      const token = await app.guest();
      expect((await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 })).status).toBe(201);
      const { rows } = await app.cart.pool.query(`SELECT product_id, brand, images FROM cart_lines WHERE sku = $1`, [sku]);
      expect(rows[0]).toMatchObject({ product_id: expect.any(String), images: expect.any(Array) });
      expect((await cartOf(token)).lines[0]!.variant.product?.id).toBe(rows[0].product_id);
    });

    it.each([
      ['a string quantity', (sku: string) => ({ variantId: sku, qty: '1' })],
      ['qty 0', (sku: string) => ({ variantId: sku, qty: 0 })],
      ['qty -1', (sku: string) => ({ variantId: sku, qty: -1 })],
      ['qty 10^9', (sku: string) => ({ variantId: sku, qty: 1e9 })],
      ['a fractional qty', (sku: string) => ({ variantId: sku, qty: 1.5 })],
      ['a number as sku', () => ({ variantId: 42, qty: 1 })],
      ['an unknown field', (sku: string) => ({ variantId: sku, qty: 1, price: '0.01' })],
      ['a __proto__ key', (sku: string) => `{"variantId":"${sku}","qty":1,"__proto__":{"isAdmin":true}}`],
      ['malformed JSON', () => '{"variantId":'],
      ['an unknown sku', () => ({ variantId: 'NO-SUCH-SKU', qty: 1 })],
      ['a sku with spaces', () => ({ variantId: 'a b', qty: 1 })],
    ])('refuses %s with a 4xx JSON error and changes nothing', async (_what, body) => {
      const sku = await app.product({ onHand: 5 });
      const token = await app.guest();
      await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 });
      const before = await cartOf(token);
      const res = await app.call('POST', '/api/cart/lines', token, body(sku));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
      expect(await cartOf(token)).toEqual(before);
    });

    it.each([
      ['one-of-a-kind', true],
      ['multi-unit', false],
    ])('refuses a %s draft (not on sale until published, decision 055) with a 404 and holds nothing; published, it can be added', async (_kind, oneOfAKind) => {
      const sku = await app.product({ onHand: 3, oneOfAKind });
      await app.catalog.pool.query(`UPDATE products SET published_at = NULL WHERE id = (SELECT product_id FROM variants WHERE sku = $1)`, [sku]);
      const token = await app.guest();

      const refused = await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 });
      expect([refused.status, refused.body.message]).toEqual([404, `Unknown SKU ${sku}`]);
      expect((await cartOf(token)).lines).toEqual([]);
      expect(await holdsOf(sku)).toEqual([]);

      await app.catalog.pool.query(`UPDATE products SET published_at = now() WHERE id = (SELECT product_id FROM variants WHERE sku = $1)`, [sku]);
      expect((await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 })).status).toBe(201);
    });

    it('answers 401 JSON to a caller without a session', async () => {
      const sku = await app.product();
      const res = await app.call('POST', '/api/cart/lines', undefined, { variantId: sku, qty: 1 });
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    });

    it('refuses more than is available with a 409 the panel can show, changing nothing', async () => {
      const sku = await app.product({ onHand: 2 });
      const token = await app.guest();
      await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 2 });
      const res = await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 });
      expect([res.status, res.body.message]).toEqual([409, 'Only 2 left']);
      expect((await cartOf(token)).lines[0]!.qty).toBe(2);
    });

    it('holds a one-of-a-kind item for its cart and tells a second shopper it is reserved', async () => {
      const sku = await app.product({ oneOfAKind: true });
      const [alice, bob] = [await app.guest(), await app.guest()];
      expect((await app.call('POST', '/api/cart/lines', alice, { variantId: sku, qty: 1 })).status).toBe(201);
      const line = (await cartOf(alice)).lines[0]!;
      expect(line.variant.oneOfAKind).toBe(true);
      expect(Date.parse(line.holdExpiresAt!) - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(line.holdExpired).toBe(false);

      const res = await app.call('POST', '/api/cart/lines', bob, { variantId: sku, qty: 1 });
      expect([res.status, res.body.message]).toEqual([409, 'Sorry, this item is reserved by another shopper']);
      expect((await cartOf(bob)).lines).toEqual([]);
      expect(await holdsOf(sku)).toHaveLength(1);
    });

    it('limits how many unique items one cart may hold at once', async () => {
      const token = await app.guest();
      for (let i = 0; i < 2; i++) {
        expect((await app.call('POST', '/api/cart/lines', token, { variantId: await app.product({ oneOfAKind: true }), qty: 1 })).status).toBe(201);
      }
      const third = await app.product({ oneOfAKind: true });
      const res = await app.call('POST', '/api/cart/lines', token, { variantId: third, qty: 1 });
      expect([res.status, res.body.message]).toEqual([409, 'You can hold at most 2 unique items at once']);
      expect(await holdsOf(third)).toEqual([]);
    });
  });

  describe('PATCH and DELETE /api/cart/lines/:id', () => {
    it('changes a quantity within what is available', async () => {
      const sku = await app.product({ onHand: 3 });
      const token = await app.guest();
      await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: 1 });
      const { id } = (await cartOf(token)).lines[0]!;
      expect((await app.call('PATCH', `/api/cart/lines/${id}`, token, { qty: 3 })).status).toBe(200);
      expect((await app.call('PATCH', `/api/cart/lines/${id}`, token, { qty: 4 })).status).toBe(409);
      for (const bad of [{ qty: 0 }, { qty: -1 }, { qty: 1e9 }, { qty: '2' }, {}]) {
        expect((await app.call('PATCH', `/api/cart/lines/${id}`, token, bad)).status).toBe(400);
      }
      expect((await cartOf(token)).lines[0]!.qty).toBe(3);
    });

    it("answers 404 for an unknown line and for another shopper's line, changing nothing", async () => {
      const sku = await app.product({ oneOfAKind: true });
      const [owner, other] = [await app.guest(), await app.guest()];
      await app.call('POST', '/api/cart/lines', owner, { variantId: sku, qty: 1 });
      await app.call('POST', '/api/cart/lines', other, { variantId: await app.product(), qty: 1 });
      const { id } = (await cartOf(owner)).lines[0]!;
      expect((await app.call('DELETE', `/api/cart/lines/${id}`, other)).status).toBe(404);
      expect((await app.call('PATCH', `/api/cart/lines/${id}`, other, { qty: 1 })).status).toBe(404);
      expect((await app.call('DELETE', '/api/cart/lines/00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
      expect((await app.call('DELETE', '/api/cart/lines/not-a-uuid', owner)).status).toBe(404);
      expect((await cartOf(owner)).lines).toHaveLength(1);
    });

    it('removes a held line and gives the item back to everyone', async () => {
      const sku = await app.product({ oneOfAKind: true });
      const [alice, bob] = [await app.guest(), await app.guest()];
      await app.call('POST', '/api/cart/lines', alice, { variantId: sku, qty: 1 });
      const { id } = (await cartOf(alice)).lines[0]!;
      const res = await app.call('DELETE', `/api/cart/lines/${id}`, alice);
      expect([res.status, res.body.lines]).toEqual([200, []]);
      expect((await holdsOf(sku))[0]).toMatchObject({ status: 'released' });
      expect((await app.call('POST', '/api/cart/lines', bob, { variantId: sku, qty: 1 })).status).toBe(201);
    });
  });

  describe('PUT /api/cart/checkout', () => {
    it('saves a pickup at an existing location, and wants an e-mail from a guest', async () => {
      const token = await app.guest();
      expect((await app.call('PUT', '/api/cart/checkout', token, { fulfilment: { type: 'pickup', locationId: 'dublin' } })).status).toBe(400);
      expect((await app.call('PUT', '/api/cart/checkout', token, { fulfilment: { type: 'pickup', locationId: 'atlantis' }, email: 'a@example.com' })).status).toBe(422);
      const ok = await app.call('PUT', '/api/cart/checkout', token, { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'a@example.com' });
      expect(ok.status).toBe(200);
      expect((await cartOf(token)).checkout).toEqual({ fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'a@example.com' });
    });
  });
});

describe('hold expiry', () => {
  let app: CartTestApp;
  beforeAll(async () => {
    // Room for the steps before a hold runs out, even on a slow machine; the tests then wait for
    // the cart to say it ran out rather than for a fixed time.
    app = await startCartWithCatalog({ uniqueItemHoldSeconds: 2 });
  });
  afterAll(() => app.stop());

  /** Resolves once the shopper's first line reads as expired. */
  const holdRunsOut = (token: string) =>
    eventually(async () => expect(Cart.parse((await app.call('GET', '/api/cart', token)).body).lines[0]!.holdExpired).toBe(true), { timeoutMs: 10_000, intervalMs: 100 });

  it('shows the line as expired once the hold ran out, and the item is back on sale for another shopper', async () => {
    const sku = await app.product({ oneOfAKind: true });
    const [alice, bob] = [await app.guest(), await app.guest()];
    await app.call('POST', '/api/cart/lines', alice, { variantId: sku, qty: 1 });
    expect((await app.call('POST', '/api/cart/lines', bob, { variantId: sku, qty: 1 })).status).toBe(409);
    await holdRunsOut(alice);
    expect((await app.call('POST', '/api/cart/lines', bob, { variantId: sku, qty: 1 })).status).toBe(201);
  });

  it("holds an expired line again on PATCH with the same quantity, and refuses (409, nothing changed) once another shopper has it", async () => {
    const sku = await app.product({ oneOfAKind: true, priceCents: 5000 });
    const [alice, bob] = [await app.guest(), await app.guest()];
    await app.call('POST', '/api/cart/lines', alice, { variantId: sku, qty: 1 });
    await holdRunsOut(alice);
    const expired = Cart.parse((await app.call('GET', '/api/cart', alice)).body);
    expect([expired.lines[0]!.holdExpired, expired.total]).toEqual([true, '0.00']);

    expect((await app.call('PATCH', `/api/cart/lines/${expired.lines[0]!.id}`, alice, { qty: 1 })).status).toBe(200);
    const again = Cart.parse((await app.call('GET', '/api/cart', alice)).body);
    expect([again.lines[0]!.holdExpired, again.total]).toEqual([false, '54.00']);
    expect((await app.call('POST', '/api/cart/lines', bob, { variantId: sku, qty: 1 })).status).toBe(409);

    await holdRunsOut(alice);
    expect((await app.call('POST', '/api/cart/lines', bob, { variantId: sku, qty: 1 })).status).toBe(201);
    const refused = await app.call('PATCH', `/api/cart/lines/${expired.lines[0]!.id}`, alice, { qty: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: expect.any(String) });
    expect(Cart.parse((await app.call('GET', '/api/cart', alice)).body).lines[0]!.holdExpired).toBe(true);
  });

  it('refuses to take payment while a one-of-a-kind line\'s reservation has run out (its total is not shown either)', async () => {
    const sku = await app.product({ oneOfAKind: true, title: 'Brass Lamp' });
    const alice = await app.guest();
    await app.call('POST', '/api/cart/lines', alice, { variantId: sku, qty: 1 });
    await app.call('PUT', '/api/cart/checkout', alice, { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'a@example.com' });
    await holdRunsOut(alice);
    const intent = await app.call('POST', '/api/create-payment-intent', alice);
    expect([intent.status, intent.body]).toEqual([409, { message: 'Your reservation of Brass Lamp ran out: hold it again or remove it before paying.', code: 'CART_LINE_UNAVAILABLE' }]);
    // Nothing was held or charged on the way.
    expect((await app.call('POST', '/api/cart/lines', await app.guest(), { variantId: sku, qty: 1 })).status).toBe(201);
  });
});

describe('a held one-of-a-kind item that the store sells in person', () => {
  let app: CartTestApp;
  beforeAll(async () => {
    app = await startCartWithCatalog();
  });
  afterAll(() => app.stop());

  const details = { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'a@example.com' };
  const countInStore = (sku: string, onHand: number) =>
    app.catalog.internal('PUT', '/internal/stock', { sku, locationId: 'dublin', onHand });

  it('shows the line as lost at once, leaves it out of the totals, and refuses to charge it (409 naming the item)', async () => {
    const unique = await app.product({ oneOfAKind: true, priceCents: 5000, title: 'Walnut Desk' });
    const plain = await app.product({ onHand: 5, priceCents: 1000 });
    const alice = await app.guest();
    await app.call('POST', '/api/cart/lines', alice, { variantId: unique, qty: 1 });
    await app.call('POST', '/api/cart/lines', alice, { variantId: plain, qty: 1 });
    await app.call('PUT', '/api/cart/checkout', alice, details);
    expect(Cart.parse((await app.call('GET', '/api/cart', alice)).body).total).toBe('64.80');

    expect((await countInStore(unique, 0)).status).toBe(200);

    const cart = Cart.parse((await app.call('GET', '/api/cart', alice)).body);
    const desk = cart.lines.find((l) => l.variant.sku === unique)!;
    expect([desk.holdLost, desk.holdExpired, desk.holdExpiresAt]).toEqual([true, false, null]);
    expect([cart.subtotal, cart.tax, cart.total]).toEqual(['10.00', '0.80', '10.80']);
    const intent = await app.call('POST', '/api/create-payment-intent', alice);
    expect([intent.status, intent.body]).toEqual([409, { message: 'Walnut Desk was sold in the store: remove it to pay for the rest.', code: 'CART_LINE_UNAVAILABLE' }]);

    await app.call('DELETE', `/api/cart/lines/${desk.id}`, alice);
    const paid = await app.call('POST', '/api/create-payment-intent', alice);
    expect([paid.status, paid.body.amount]).toEqual([200, '10.80']);
  });

  it('keeps a line held when the store counts fewer units but still enough for it', async () => {
    const unique = await app.product({ oneOfAKind: true, onHand: 2 });
    const alice = await app.guest();
    await app.call('POST', '/api/cart/lines', alice, { variantId: unique, qty: 1 });
    await countInStore(unique, 1);
    const line = Cart.parse((await app.call('GET', '/api/cart', alice)).body).lines[0]!;
    expect([line.holdLost, typeof line.holdExpiresAt]).toEqual([undefined, 'string']);
  });
});
