// The owner's sales report and the orders export (decision 053) against real PostgreSQL, with orders
// placed through the real checkout (test-card provider) and a real catalog.
import { parse } from 'csv-parse/sync';
import { PaymentIntentResponse, SalesPerDayReport } from '@pl/contracts';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

describe('the sales report and the orders export (admin)', () => {
  let app: CartTestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startCartWithCatalog();
    admin = await app.admin('admin-ada');
  }, 30_000);
  afterAll(() => app.stop());

  const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const lastWeek = `from=${day(-6)}&to=${day(0)}`;
  const get = async (path: string, token: string | null = admin) => fetch(`${app.cart.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** A paid order through the real checkout; answers its id. */
  async function paidOrder(input: { qty: number; priceCents: number; title?: string; shipTo?: string }): Promise<string> {
    const token = await app.guest();
    const sku = await app.product({ onHand: input.qty, priceCents: input.priceCents, ...(input.title ? { title: input.title } : {}) });
    expect((await app.call('POST', '/api/cart/lines', token, { variantId: sku, qty: input.qty })).status).toBe(201);
    const fulfilment = input.shipTo
      ? { type: 'shipping', address: { name: input.shipTo, line1: '12 Elm St', city: 'Columbus', state: 'OH', zipCode: '43215' } }
      : { type: 'pickup', locationId: 'dublin' };
    expect((await app.call('PUT', '/api/cart/checkout', token, { fulfilment, email: 'pat@example.com' })).status).toBe(200);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const paid = await app.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    expect(paid.body.status).toBe('succeeded');
    return paid.body.orderId;
  }

  describe('GET /api/admin/reports/sales', () => {
    beforeAll(async () => {
      await paidOrder({ qty: 1, priceCents: 2_500 });
      const real = await paidOrder({ qty: 2, priceCents: 1_000 });
      // Paid for real (the test-card provider takes no money: decision 042).
      await app.cart.pool.query('UPDATE orders SET test_order = false WHERE id = $1', [real]);
      const cancelled = await paidOrder({ qty: 1, priceCents: 9_900 });
      expect((await app.call('POST', `/api/admin/orders/${cancelled}/cancel`, admin, { reason: 'Damaged in the store' })).status).toBe(200);
      const earlier = await paidOrder({ qty: 3, priceCents: 500 });
      await app.cart.pool.query(`UPDATE orders SET created_at = now() - interval '3 days' WHERE id = $1`, [earlier]);
    });

    it('gives orders, units and sales per day, every day present, cancelled orders left out', async () => {
      const res = await get(`/api/admin/reports/sales?${lastWeek}`);
      expect(res.status).toBe(200);
      const report = SalesPerDayReport.parse(await res.json());

      expect(report).toMatchObject({ from: day(-6), to: day(0), timeZone: 'UTC' });
      expect(report.days.map((d) => d.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(day));
      expect(report.days[3]).toEqual({ date: day(-3), orders: 1, units: 3, sales: '15.00', testOrders: 1 });
      expect(report.days[6]).toEqual({ date: day(0), orders: 2, units: 3, sales: '45.00', testOrders: 1 });
      expect(report.days.filter((d) => d.orders === 0)).toHaveLength(5);
      expect(report.totals).toEqual({ orders: 3, units: 6, sales: '60.00', testOrders: 2 });
    });

    it('answers a range without orders with zeros', async () => {
      const report = SalesPerDayReport.parse(await (await get('/api/admin/reports/sales?from=2020-01-01&to=2020-01-02')).json());
      expect(report.days).toEqual([
        { date: '2020-01-01', orders: 0, units: 0, sales: '0.00', testOrders: 0 },
        { date: '2020-01-02', orders: 0, units: 0, sales: '0.00', testOrders: 0 },
      ]);
      expect(report.totals).toEqual({ orders: 0, units: 0, sales: '0.00', testOrders: 0 });
    });

    it.each([
      ['no range', ''],
      ['a bad day', 'from=2026-13-01&to=2026-12-02'],
      ['from after to', 'from=2026-03-02&to=2026-03-01'],
      ['more than a year', 'from=2024-01-01&to=2026-01-01'],
      ['an unknown time zone', 'from=2026-03-01&to=2026-03-02&timeZone=Nowhere'],
    ])('refuses %s with a 400 and a message', async (_case, query) => {
      for (const path of ['sales', 'orders.csv']) {
        const res = await get(`/api/admin/reports/${path}?${query}`);
        expect(res.status).toBe(400);
        expect((await res.json()).message).toEqual(expect.any(String));
      }
    });

    it('refuses guests (401) and customers who are not admins (403)', async () => {
      const customer = await app.customer();
      for (const path of [`sales?${lastWeek}`, `orders.csv?${lastWeek}`]) {
        expect((await get(`/api/admin/reports/${path}`, null)).status).toBe(401);
        expect((await get(`/api/admin/reports/${path}`, customer)).status).toBe(403);
      }
    });
  });

  describe('GET /api/admin/reports/orders.csv', () => {
    it('is an attachment of the orders placed in the range, formulas made inert', async () => {
      const formula = '=HYPERLINK("http://x","y")';
      await paidOrder({ qty: 1, priceCents: 1_200, title: formula, shipTo: formula });

      const res = await get(`/api/admin/reports/orders.csv?${lastWeek}`);

      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="orders-${day(-6)}-to-${day(0)}.csv"`);
      const rows = parse(await res.text(), { bom: true, columns: true }) as Array<Record<string, string>>;
      expect(rows.map((r) => r.Status).sort()).toEqual(['cancelled', 'paid', 'paid', 'paid', 'paid']);
      const shipped = rows.find((r) => r.Fulfilment === 'shipping')!;
      expect(shipped).toMatchObject({ 'Ship to': `'${formula}, Columbus, OH 43215`, Units: '1', Subtotal: '12.00', Tax: '0.96', 'Test order': 'true' });
      expect(shipped.Items!.startsWith(`'${formula} (`)).toBe(true);
      expect(rows.every((r) => /^PL-\d+$/.test(r.Order!))).toBe(true);
    });

    it('streams thousands of orders page by page, none twice, none left out (several placed at the same instant)', async () => {
      await app.cart.pool.query(
        `WITH p AS (
           INSERT INTO payments (cart_id, subject, idempotency_key, provider, amount_cents, snapshot, status)
           SELECT gen_random_uuid(), 'guest:bulk', 'bulk-' || i, 'test-card', 1080, '{}', 'succeeded' FROM generate_series(1, 3000) i
           RETURNING id, idempotency_key)
         INSERT INTO orders (payment_id, subject, email, status, lines, subtotal_cents, tax_cents, total_cents, fulfilment, test_order, created_at)
         SELECT id, 'guest:bulk', 'bulk@example.com', 'paid',
                '[{"title":"Lamp","sku":"L-1","conditionGrade":"NEW","unitPriceCents":1000,"qty":1}]', 1000, 80, 1080,
                '{"type":"pickup","locationId":"dublin"}', true,
                date_trunc('second', now()) - make_interval(secs => split_part(idempotency_key, '-', 2)::int / 3)
           FROM p`,
      );

      const res = await get(`/api/admin/reports/orders.csv?${lastWeek}`);
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const rows = parse(await res.text(), { bom: true, columns: true }) as Array<Record<string, string>>;

      expect(rows).toHaveLength(3005);
      expect(new Set(rows.map((r) => r.Order)).size).toBe(3005);
      const placed = rows.map((r) => r['Placed at']!);
      expect([...placed].sort()).toEqual(placed);
    }, 60_000);
  });
});
