// The order desk's admin actions in the cart's audit trail (decision 051): who moved which order
// from what to what, in the transaction of the change; a refused action records nothing, and a
// customer's own return request is the order's history, not an admin action.
import { AuditRecordedData, PaymentIntentResponse } from '@pl/contracts';
import { insertProduct } from '../../catalog/test/factories.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

describe('the order desk in the audit trail', () => {
  let app: CartTestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startCartWithCatalog();
    admin = await app.admin('admin-grace', 'Grace Hopper');
  });
  afterAll(() => app.stop());

  /** A paid pickup order of one unit through the real checkout. */
  async function paidOrder() {
    const token = await app.guest();
    const { variants } = await insertProduct(app.catalog.pool, { title: 'Stand mixer', variants: [{ priceCents: 2500, levels: [{ locationId: 'dublin', onHand: 5 }] }] });
    expect((await app.call('POST', '/api/cart/lines', token, { variantId: variants[0]!.sku, qty: 1 })).status).toBe(201);
    expect((await app.call('PUT', '/api/cart/checkout', token, { fulfilment: { type: 'pickup', locationId: 'dublin' }, email: 'pat@example.com' })).status).toBe(200);
    const { clientSecret } = PaymentIntentResponse.parse((await app.call('POST', '/api/create-payment-intent', token)).body);
    const paid = await app.call('POST', '/api/payments/test-card/confirm', undefined, { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    const number = (await app.cart.pool.query(`SELECT number FROM orders WHERE id = $1`, [paid.body.orderId])).rows[0].number as string;
    return { id: paid.body.orderId as string, number, token };
  }
  const act = (id: string, action: string, body: unknown = {}) => app.call('POST', `/api/admin/orders/${id}/${action}`, admin, body);
  async function trailOf(orderId: string) {
    const { rows } = await app.cart.pool.query(`SELECT id, action, actor_subject, actor_name, target_type, target_label, before, after FROM admin_audit WHERE target_id = $1 ORDER BY seq`, [orderId]);
    const events = await app.cart.pool.query(`SELECT id, subject, payload FROM outbox WHERE type = 'audit.recorded' AND payload->'target'->>'id' = $1 ORDER BY seq`, [orderId]);
    expect(events.rows.map((e) => [e.id, e.subject])).toEqual(rows.map((r) => [r.id, 'audit.recorded.cart']));
    for (const e of events.rows) AuditRecordedData.parse(e.payload);
    return rows.map(({ id: _id, ...r }) => r);
  }

  it('records a cancellation with the reason and refund, once, and nothing for a refused one', async () => {
    const { id, number } = await paidOrder();
    expect((await act(id, 'cancel', { reason: '' })).status).toBe(400);
    expect(await trailOf(id)).toEqual([]);

    expect((await act(id, 'cancel', { reason: 'Customer called' })).status).toBe(200);
    expect((await act(id, 'cancel', { reason: 'Customer called' })).status).toBe(200); // a repeat changes nothing

    expect(await trailOf(id)).toEqual([
      {
        action: 'order.cancelled',
        actor_subject: 'admin-grace',
        actor_name: 'Grace Hopper',
        target_type: 'order',
        target_label: number,
        before: { status: 'paid' },
        after: { status: 'cancelled', reason: 'Customer called', refund: '27.00' },
      },
    ]);
  });

  it("records each step of a pickup and the return received, but not the customer's request", async () => {
    const { id, token } = await paidOrder();
    expect((await act(id, 'ready-for-pickup')).status).toBe(200);
    expect((await act(id, 'picked-up', { idChecked: true })).status).toBe(200);
    expect((await app.call('POST', `/api/orders/${id}/returns`, token, { lines: [{ index: 0, reason: 'damaged' }] })).status).toBe(200);
    expect((await act(id, 'returns/receive', { lines: [{ index: 0, units: [{ outcome: 'unsellable' }] }] })).status).toBe(200);

    const trail = await trailOf(id);
    expect(trail.map((t) => [t.action, t.before, t.after.status])).toEqual([
      ['order.ready-for-pickup', { status: 'paid' }, 'ready_for_pickup'],
      ['order.picked-up', { status: 'ready_for_pickup' }, 'picked_up'],
      ['return.received', { status: 'return_requested' }, 'returned'],
    ]);
    expect(trail[2]!.after).toMatchObject({ refund: '27.00', lines: [{ index: 0, title: 'Stand mixer', units: [{ outcome: 'unsellable' }] }] });
  });
});
