import { AdminOrder, Order, OrderRefundSettledData, OrderRestockData, OrderStatusChangedData, PaymentIntentResponse } from '@pl/contracts';
import { RETURN_WINDOW_DAYS } from '../src/domain/shop-rules.js';
import { testLogger } from '@pl/service-kit/testing';
import { insertProduct } from '../../catalog/test/factories.js';
import { restockOrder } from '../../catalog/src/domain/restock-order.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

describe('cancellations, returns and refunds', () => {
  let app: CartTestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startCartWithCatalog();
    admin = await app.admin('admin-ada');
  });
  afterAll(() => app.stop());

  const pickup = { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'pat@example.com' };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

  /** A paid order of these products (each: grade, price, units) through the real checkout; its id, owner token and skus. */
  async function paidOrder(products: Array<{ grade?: string; priceCents?: number; qty?: number }> = [{}], owner?: string) {
    const token = owner ?? (await app.guest());
    const skus: string[] = [];
    for (const p of products) {
      const { variants } = await insertProduct(app.catalog.pool, {
        title: `Item ${p.grade ?? 'OPEN_BOX'} ${Math.random().toString(36).slice(2, 7)}`,
        conditionGrade: p.grade ?? 'OPEN_BOX',
        variants: [{ priceCents: p.priceCents ?? 2500, levels: [{ locationId: 'dublin', onHand: 5 }] }],
      });
      skus.push(variants[0]!.sku);
      expect((await app.call('POST', '/api/cart/lines', token, { variantId: variants[0]!.sku, qty: p.qty ?? 1 })).status).toBe(201);
    }
    expect((await app.call('PUT', '/api/cart/checkout', token, pickup)).status).toBe(200);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const paid = await app.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, ...card });
    expect(paid.body.status).toBe('succeeded');
    return { id: paid.body.orderId as string, token, skus };
  }
  /** A paid order handed over at the store. */
  async function pickedUpOrder(...args: Parameters<typeof paidOrder>) {
    const order = await paidOrder(...args);
    expect((await act(order.id, 'ready-for-pickup')).status).toBe(200);
    expect((await act(order.id, 'picked-up', { idChecked: true })).status).toBe(200);
    return order;
  }
  const act = (id: string, action: string, body: unknown = {}, token = admin) => app.call('POST', `/api/admin/orders/${id}/${action}`, token, body);
  const outbox = async (subject: string) => (await app.cart.pool.query(`SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq`, [subject])).rows.map((r) => r.payload.data ?? r.payload);
  const statusEvents = async (id: string) => (await outbox(`order.status-changed.${id}`)).map((d) => OrderStatusChangedData.parse(d));
  // The owner's order page hears of each settled refund (it was pending when the status changed).
  const refundEvents = async (id: string) => (await outbox(`order.refund-settled.${id}`)).map((d) => OrderRefundSettledData.parse(d));
  const restockEvents = async (id: string) => (await outbox(`order.restock.${id}`)).map((d) => OrderRestockData.parse(d));
  const refundsOf = async (id: string) => (await app.cart.pool.query(`SELECT reason, amount_cents, status, provider_refund_id FROM refunds WHERE order_id = $1 ORDER BY created_at`, [id])).rows;
  /** What the catalog's order.restock consumer does with each event (the test has no bus between the two). */
  const deliverRestocks = async (id: string) => {
    for (const event of await restockEvents(id)) await restockOrder(app.catalog.pool, testLogger('restock'), event);
  };
  const returnItems = (id: string, token: string | undefined, lines: unknown[], key?: string) => app.call('POST', `/api/orders/${id}/returns${key ? `?key=${key}` : ''}`, token, { lines });

  describe('cancelling', () => {
    it('refunds the whole payment, puts every unit back on sale and tells the owner, once', async () => {
      const { id, token, skus } = await paidOrder([{ priceCents: 2500, qty: 2 }]);
      expect(await app.onHand(skus[0]!)).toBe(3);

      const res = await act(id, 'cancel', { reason: 'Damaged in the store' });
      expect(res.status).toBe(200);
      const order = AdminOrder.parse(res.body);
      expect(order.status).toBe('cancelled');
      expect(order.refunds).toEqual([expect.objectContaining({ reason: 'cancellation', amount: '54.00', status: 'succeeded' })]);
      expect(order.history.at(-1)).toMatchObject({ status: 'cancelled', actor: { kind: 'admin', id: 'admin-ada' }, details: { reason: 'Damaged in the store', refund: '54.00' } });
      expect(await statusEvents(id)).toEqual([expect.objectContaining({ status: 'cancelled', previous: 'paid', refund: '54.00', reason: 'Damaged in the store' })]);
      expect(await restockEvents(id)).toEqual([{ orderId: id, key: 'cancel', reason: 'cancellation', units: [{ sku: skus[0], qty: 2 }] }]);

      await deliverRestocks(id);
      await deliverRestocks(id); // a redelivery puts nothing back twice
      expect(await app.onHand(skus[0]!)).toBe(5);

      const again = await act(id, 'cancel', { reason: 'Damaged in the store' });
      expect(again.status).toBe(200);
      expect(await refundsOf(id)).toHaveLength(1);
      expect(await statusEvents(id)).toHaveLength(1);
      expect(await refundEvents(id)).toEqual([{ orderId: id, number: order.number, subject: expect.any(String), refundId: expect.any(String), status: 'succeeded' }]);

      const own = Order.parse((await app.call('GET', `/api/orders/${id}`, token)).body);
      expect([own.status, own.note, own.refunds!.map((r) => [r.amount, r.status])]).toEqual(['cancelled', 'Cancelled by the store: Damaged in the store', [['54.00', 'succeeded']]]);
    });

    it('cancels a ready pickup, but not one handed over; a reason is required', async () => {
      const ready = await paidOrder();
      await act(ready.id, 'ready-for-pickup');
      const missing = await act(ready.id, 'cancel', {});
      expect([missing.status, missing.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect((await act(ready.id, 'cancel', { reason: 'Customer called' })).body.status).toBe('cancelled');

      const done = await pickedUpOrder();
      const refused = await act(done.id, 'cancel', { reason: 'Too late' });
      expect([refused.status, refused.body]).toEqual([409, { code: 'ORDER_TRANSITION', message: 'This order is already picked up: it can no longer be cancelled.' }]);
      expect(await refundsOf(done.id)).toEqual([]);
      expect(await restockEvents(done.id)).toEqual([]);
    });

    it('makes one cancellation, one refund and one event from ten admins at once', async () => {
      const { id } = await paidOrder();
      const answers = await Promise.all(Array.from({ length: 10 }, () => act(id, 'cancel', { reason: 'Duplicate order' })));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(await refundsOf(id)).toEqual([expect.objectContaining({ amount_cents: 2700, status: 'succeeded' })]);
      expect(await statusEvents(id)).toHaveLength(1);
      expect(await restockEvents(id)).toHaveLength(1);
    });
  });

  describe('returns', () => {
    it('takes a return per line with a reason from the owner; For Parts lines are final sale', async () => {
      const { id, token } = await pickedUpOrder([{ grade: 'USED', priceCents: 4000 }, { grade: 'FOR_PARTS', priceCents: 1000 }]);
      const before = Order.parse((await app.call('GET', `/api/orders/${id}`, token)).body);
      expect(before.lines.map((l) => [l.conditionGrade, l.finalSale, l.returnable])).toEqual([
        ['USED', false, true],
        ['FOR_PARTS', true, false],
      ]);
      expect(Date.parse(before.returnableUntil!) - Date.now()).toBeGreaterThan((RETURN_WINDOW_DAYS - 1) * 86_400_000);

      const parts = await returnItems(id, token, [{ index: 1, reason: 'does_not_work' }]);
      expect([parts.status, parts.body.message]).toEqual([409, expect.stringContaining('For Parts and As-Is items are final sale and cannot be returned.')]);

      const res = await returnItems(id, token, [{ index: 0, reason: 'not_as_described', comment: 'Scratched screen' }]);
      expect(res.status).toBe(200);
      const order = Order.parse(res.body);
      expect(order.status).toBe('return_requested');
      // $40.00 and its share of the 8% tax.
      expect(order.lines[0]!.return).toMatchObject({ status: 'requested', reason: 'not_as_described', comment: 'Scratched screen', refund: '43.20' });
      expect(order.lines[0]!.returnable).toBe(false);
      expect((await returnItems(id, token, [{ index: 0, reason: 'damaged' }])).status).toBe(409);
      expect(await statusEvents(id)).toContainEqual(expect.objectContaining({ status: 'return_requested', items: [order.lines[0]!.title] }));
    });

    it("opens returns to a guest with the order's link key, and to nobody else", async () => {
      const { id } = await pickedUpOrder();
      const key = (await outbox('order.placed')).find((d) => d.orderId === id)!.accessKey as string;
      const stranger = await app.guest();
      const other = await app.customer();
      expect((await returnItems(id, stranger, [{ index: 0, reason: 'changed_mind' }])).status).toBe(404);
      expect((await returnItems(id, other, [{ index: 0, reason: 'changed_mind' }])).status).toBe(404);
      expect((await returnItems(id, stranger, [{ index: 0, reason: 'changed_mind' }], `${key.slice(0, -1)}x`)).status).toBe(404);
      const byLink = await returnItems(id, stranger, [{ index: 0, reason: 'changed_mind' }], key);
      expect([byLink.status, byLink.body.status]).toEqual([200, 'return_requested']);
    });

    it('refuses before pickup, after the window, unknown lines and bad reasons; changes nothing', async () => {
      const paid = await paidOrder();
      const early = await returnItems(paid.id, paid.token, [{ index: 0, reason: 'damaged' }]);
      expect([early.status, early.body.message]).toEqual([409, 'This order is paid and not yet prepared: a return can be requested once it has been picked up or delivered.']);

      const old = await pickedUpOrder();
      await app.cart.pool.query(`UPDATE orders SET fulfilled_at = now() - make_interval(days => $2) WHERE id = $1`, [old.id, RETURN_WINDOW_DAYS + 1]);
      const late = await returnItems(old.id, old.token, [{ index: 0, reason: 'damaged' }]);
      expect([late.status, late.body.message]).toEqual([409, expect.stringMatching(/^Returns for this order closed on \d{4}-\d{2}-\d{2} \(7 days after pickup or delivery\)\.$/)]);
      expect(Order.parse((await app.call('GET', `/api/orders/${old.id}`, old.token)).body).lines[0]!.returnable).toBe(false);

      const open = await pickedUpOrder();
      expect((await returnItems(open.id, open.token, [{ index: 3, reason: 'damaged' }])).status).toBe(409);
      expect((await returnItems(open.id, open.token, [{ index: 0, reason: 'broken' }])).status).toBe(400);
      expect((await returnItems(open.id, open.token, [])).status).toBe(400);
      expect((await returnItems(open.id, open.token, [{ index: 0, reason: 'damaged' }, { index: 0, reason: 'damaged' }])).status).toBe(400);
      expect((await app.cart.pool.query(`SELECT count(*)::int AS n FROM order_returns WHERE order_id = ANY($1)`, [[paid.id, old.id, open.id]])).rows[0].n).toBe(0);
    });

    it('receives a return: each unit restocked at the grade chosen or unsellable, the lines refunded, the order returned', async () => {
      const { id, token, skus } = await pickedUpOrder([{ grade: 'OPEN_BOX', priceCents: 5000, qty: 2 }, { grade: 'USED', priceCents: 2000 }]);
      expect((await returnItems(id, token, [{ index: 0, reason: 'damaged' }, { index: 1, reason: 'changed_mind' }])).status).toBe(200);

      const badCount = await act(id, 'returns/receive', { lines: [{ index: 0, units: [{ outcome: 'unsellable' }] }] });
      expect([badCount.status, badCount.body.message]).toEqual([400, expect.stringContaining('say what became of each of its 2 unit(s)')]);
      const notAsked = await act((await paidOrder()).id, 'returns/receive', { lines: [{ index: 0, units: [{ outcome: 'unsellable' }] }] });
      expect(notAsked.status).toBe(409);

      // The first line first: one unit back as Open Box, one regraded Used at $35.00.
      const first = await act(id, 'returns/receive', { lines: [{ index: 0, units: [{ outcome: 'restock', grade: 'OPEN_BOX' }, { outcome: 'restock', grade: 'USED', price: '35.00' }] }] });
      expect(first.status).toBe(200);
      expect(AdminOrder.parse(first.body).status).toBe('return_requested');
      const second = AdminOrder.parse((await act(id, 'returns/receive', { lines: [{ index: 1, units: [{ outcome: 'unsellable' }] }] })).body);
      expect(second.status).toBe('returned');
      // $100.00 + $8.00 tax, then $20.00 + $1.60.
      expect(second.refunds!.map((r) => [r.reason, r.amount, r.status])).toEqual([
        ['return', '108.00', 'succeeded'],
        ['return', '21.60', 'succeeded'],
      ]);
      expect(second.lines.map((l) => l.return?.status)).toEqual(['received', 'received']);
      expect(await statusEvents(id)).toContainEqual(expect.objectContaining({ status: 'returned', previous: 'return_requested', refund: '21.60' }));

      const restocks = await restockEvents(id);
      expect(restocks).toHaveLength(1); // the unsellable line put nothing back
      expect(restocks[0]!.units).toEqual([{ sku: skus[0], qty: 1 }, { sku: skus[0], qty: 1, grade: 'USED', priceCents: 3500 }]);
      const onHandBefore = await app.onHand(skus[0]!);
      await deliverRestocks(id);
      await deliverRestocks(id);
      expect(await app.onHand(skus[0]!)).toBe(onHandBefore + 1);
      const regraded = (
        await app.catalog.pool.query(
          `SELECT p.condition_grade AS grade, p.one_of_a_kind AS unique, v.price_cents AS price, l.location_id AS location, l.on_hand AS "onHand"
             FROM variants v JOIN products p ON p.id = v.product_id JOIN inventory_levels l ON l.variant_id = v.id WHERE v.sku LIKE $1`,
          [`${skus[0]}-R%`],
        )
      ).rows;
      expect(regraded).toEqual([{ grade: 'USED', unique: true, price: 3500, location: 'dublin', onHand: 1 }]);
      expect((await act(id, 'returns/receive', { lines: [{ index: 1, units: [{ outcome: 'unsellable' }] }] })).status).toBe(200);
      expect(await refundsOf(id)).toHaveLength(2);
      expect((await refundEvents(id)).map((e) => [e.orderId, e.status])).toEqual([
        [id, 'succeeded'],
        [id, 'succeeded'],
      ]);
    });
  });

  it('keeps every new admin route to admins: guests 401, customers 403', async () => {
    const { id } = await paidOrder();
    for (const [path, body] of [
      [`/api/admin/orders/${id}/cancel`, { reason: 'x' }],
      [`/api/admin/orders/${id}/returns/receive`, { lines: [{ index: 0, units: [{ outcome: 'unsellable' }] }] }],
    ] as const) {
      expect((await app.call('POST', path, undefined, body)).status).toBe(401);
      expect((await app.call('POST', path, await app.customer(), body)).status).toBe(403);
    }
    expect((await app.call('GET', `/api/orders/${id}`, admin)).status).toBe(404); // an admin's own session is not the owner's
  });

  it("answers identity's internal lookup with the order of a number, and null for none", async () => {
    const { id } = await paidOrder();
    const { number } = Order.parse((await app.call('GET', `/api/admin/orders/${id}`, admin)).body);
    const internal = (body: unknown) =>
      fetch(`${app.cart.url}/internal/orders/lookup`, { method: 'POST', headers: { authorization: `Bearer ${app.internalToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const found = await internal({ number });
    expect(await found.json()).toEqual({ order: { orderId: id, number, email: 'pat@example.com', subject: expect.any(String), customerKind: 'guest', accessKey: expect.stringMatching(/^[\w-]{43}$/) } });
    expect(await (await internal({ number: 'PL-999999999' })).json()).toEqual({ order: null });
    expect((await internal({ number: 'nope' })).status).toBe(400);
    expect((await fetch(`${app.cart.url}/internal/orders/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number }) })).status).toBe(401);
  });
});
