import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

describe('200 shoppers add the same unique item at once', () => {
  let app: CartTestApp;
  let carts: Array<CartTestApp['call']>;
  beforeAll(async () => {
    app = await startCartWithCatalog({ maxUniqueHoldsPerCart: 5 });
    const secondCatalog = await app.catalog.startSecondInstance();
    const second = await app.secondCart(secondCatalog.url);
    carts = [app.call, second.call];
    const stopCatalog = app.stop;
    app.stop = async () => {
      await stopCatalog();
      await secondCatalog.stop();
    };
  });
  afterAll(() => app.stop());

  it.each(Array.from({ length: 20 }, (_, i) => i + 1))('gives it to exactly one of them, and a clean 409 to the other 199 (run %i)', async () => {
    const sku = await app.product({ oneOfAKind: true });
    const tokens = await Promise.all(Array.from({ length: 200 }, () => app.guest()));
    const results = await Promise.all(tokens.map((t, i) => carts[i % 2]!('POST', '/api/cart/lines', t, { variantId: sku, qty: 1 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    expect(new Set(results.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(new Set(['Sorry, this item is reserved by another shopper']));
    const active = await app.catalog.pool.query(`SELECT count(*)::int AS n FROM holds h JOIN variants v ON v.id = h.variant_id WHERE v.sku = $1 AND h.status = 'active'`, [sku]);
    expect(active.rows[0].n).toBe(1);
    const lines = await app.cart.pool.query(`SELECT count(*)::int AS n FROM cart_lines WHERE sku = $1`, [sku]);
    expect(lines.rows[0].n).toBe(1);
  });
});
