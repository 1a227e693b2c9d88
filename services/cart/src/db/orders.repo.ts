import type { AdminOrderQuery, Fulfilment, OrderStatus, Shipment } from '@pl/contracts';
import { containsPattern, prepared, type Queryable } from '@pl/service-kit';

export interface OrderLineRecord {
  title: string;
  sku: string;
  /** The picture the line was bought with, kept from the cart line (orders.lines is jsonb: older orders have none). */
  image?: string | null;
  conditionGrade: string;
  unitPriceCents: number;
  qty: number;
}

export interface OrderRecord {
  id: string;
  number: string;
  paymentId: string;
  subject: string;
  customerKind: 'guest' | 'customer';
  email: string | null;
  status: OrderStatus;
  stockState: 'pending' | 'committed' | 'lost';
  lines: OrderLineRecord[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  fulfilment: Fulfilment;
  note: string | null;
  createdAt: Date;
  carrier: string | null;
  trackingNumber: string | null;
  /** When it became ready for pickup (overdue pickups count from here). */
  readyAt: Date | null;
  /** When it was picked up or delivered (the return window counts from here). */
  fulfilledAt: Date | null;
  /** A pickup's other locations its units came from (empty: all at the chosen store, or shipped). */
  transferFrom: string[];
  /** Paid in test mode: no money was taken (decision 042). */
  testOrder: boolean;
}

const COLUMNS = `id, number, payment_id AS "paymentId", subject, customer_kind AS "customerKind", email, status, stock_state AS "stockState", lines,
  subtotal_cents AS "subtotalCents", tax_cents AS "taxCents", shipping_cents AS "shippingCents", total_cents AS "totalCents",
  fulfilment, note, created_at AS "createdAt", carrier, tracking_number AS "trackingNumber", ready_at AS "readyAt", fulfilled_at AS "fulfilledAt", transfer_from AS "transferFrom", test_order AS "testOrder"`;

export interface OrderHistoryRecord {
  orderId: string;
  status: OrderStatus;
  actorKind: 'system' | 'admin' | 'customer';
  actorId: string | null;
  details: Record<string, unknown> | null;
  at: Date;
}

export async function findOrderByPayment(db: Queryable, paymentId: string): Promise<OrderRecord | undefined> {
  return (await db.query<OrderRecord>(prepared(`SELECT ${COLUMNS} FROM orders WHERE payment_id = $1`, [paymentId]))).rows[0];
}

export async function findOrder(db: Queryable, id: string): Promise<OrderRecord | undefined> {
  return (await db.query<OrderRecord>(prepared(`SELECT ${COLUMNS} FROM orders WHERE id = $1`, [id]))).rows[0];
}

/** A subject's orders, newest first; only the one paid by `providerPaymentId` when given. */
export async function listOrders(db: Queryable, subject: string, providerPaymentId?: string): Promise<OrderRecord[]> {
  if (providerPaymentId === undefined) return (await db.query<OrderRecord>(prepared(`SELECT ${COLUMNS} FROM orders WHERE subject = $1 ORDER BY created_at DESC, number DESC`, [subject]))).rows;
  return (
    await db.query<OrderRecord>(
      prepared(`SELECT ${COLUMNS} FROM orders WHERE subject = $1 AND payment_id = (SELECT id FROM payments WHERE provider_payment_id = $2)`, [subject, providerPaymentId]),
    )
  ).rows;
}

export async function insertOrder(
  db: Queryable,
  o: Omit<OrderRecord, 'id' | 'number' | 'status' | 'stockState' | 'note' | 'createdAt' | 'carrier' | 'trackingNumber' | 'readyAt' | 'fulfilledAt' | 'transferFrom'>,
): Promise<OrderRecord> {
  const { rows } = await db.query<OrderRecord>(
    prepared(
      `INSERT INTO orders (payment_id, subject, customer_kind, email, status, lines, subtotal_cents, tax_cents, shipping_cents, total_cents, fulfilment, test_order)
     VALUES ($1, $2, $10, $3, 'paid', $4, $5, $6, $7, $8, $9, $11) RETURNING ${COLUMNS}`,
      [o.paymentId, o.subject, o.email, JSON.stringify(o.lines), o.subtotalCents, o.taxCents, o.shippingCents, o.totalCents, JSON.stringify(o.fulfilment), o.customerKind, o.testOrder],
    ),
  );
  return rows[0]!;
}

export async function settleOrder(
  db: Queryable,
  id: string,
  change: { stockState: 'committed' | 'lost'; status: OrderRecord['status']; note: string | null; transferFrom?: string[] },
): Promise<void> {
  await db.query(prepared(`UPDATE orders SET stock_state = $2, status = $3, note = $4, transfer_from = $5 WHERE id = $1`, [id, change.stockState, change.status, change.note, change.transferFrom ?? []]));
}

/** For a writer that decides from the order's status: the row stays locked until its transaction ends. */
export async function lockOrder(db: Queryable, id: string): Promise<OrderRecord | undefined> {
  return (await db.query<OrderRecord>(prepared(`SELECT ${COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [id]))).rows[0];
}

/**
 * Moves the order on; a shipment is kept with it, becoming ready starts the overdue clock, being
 * picked up or delivered the return window, and a note (a cancellation's reason) replaces the old.
 */
export async function setOrderStatus(db: Queryable, id: string, status: OrderStatus, extra: { shipment?: Shipment; note?: string } = {}): Promise<void> {
  await db.query(
    prepared(
      `UPDATE orders SET status = $2, status_changed_at = now(),
            ready_at = CASE WHEN $2 = 'ready_for_pickup' THEN now() ELSE ready_at END,
            fulfilled_at = CASE WHEN $2 IN ('picked_up', 'delivered') THEN now() ELSE fulfilled_at END,
            carrier = coalesce($3, carrier), tracking_number = coalesce($4, tracking_number), note = coalesce($5, note)
      WHERE id = $1`,
      [id, status, extra.shipment?.carrier ?? null, extra.shipment?.trackingNumber ?? null, extra.note ?? null],
    ),
  );
}

/** The order with this number (as stored: PL-100001), for identity's lookup. */
export async function findOrderByNumber(db: Queryable, number: string): Promise<OrderRecord | undefined> {
  return (await db.query<OrderRecord>(prepared(`SELECT ${COLUMNS} FROM orders WHERE number = $1`, [number]))).rows[0];
}

export async function insertHistory(db: Queryable, entry: Omit<OrderHistoryRecord, 'at'>): Promise<void> {
  await db.query(prepared(`INSERT INTO order_history (order_id, status, actor_kind, actor_id, details) VALUES ($1, $2, $3, $4, $5)`, [
    entry.orderId,
    entry.status,
    entry.actorKind,
    entry.actorId,
    entry.details === null ? null : JSON.stringify(entry.details),
  ]));
}

/** The order's history, oldest entry first. */
export async function findHistory(db: Queryable, orderId: string): Promise<OrderHistoryRecord[]> {
  const { rows } = await db.query<OrderHistoryRecord>(
    prepared(
      `SELECT order_id AS "orderId", status, actor_kind AS "actorKind", actor_id AS "actorId", details, at
       FROM order_history WHERE order_id = $1 ORDER BY id`,
      [orderId],
    ),
  );
  return rows;
}

/** The order desk's filters as SQL; `overdueBefore` is when a ready pickup turns overdue. */
function deskFilter(q: AdminOrderQuery, overdueBefore: Date): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  const where: string[] = [];
  if (q.status) where.push(`status = ${p(q.status)}`);
  if (q.fulfilment) where.push(`fulfilment ->> 'type' = ${p(q.fulfilment)}`);
  if (q.locationId) where.push(`fulfilment ->> 'type' = 'pickup' AND fulfilment ->> 'locationId' = ${p(q.locationId)}`);
  if (q.from) where.push(`created_at >= ${p(q.from)}::date`);
  if (q.to) where.push(`created_at < ${p(q.to)}::date + 1`);
  if (q.overdue !== undefined) where.push(`${q.overdue ? '' : 'NOT '}(status = 'ready_for_pickup' AND ready_at < ${p(overdueBefore)})`);
  if (q.q) {
    const text = q.q.toLowerCase();
    const like = p(containsPattern(text));
    where.push(`(lower(number) = ${p(text)} OR lower(number) = ${p(`pl-${text}`)} OR lower(email) LIKE ${like} OR lower(fulfilment -> 'address' ->> 'name') LIKE ${like})`);
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

export async function listDeskOrders(db: Queryable, q: AdminOrderQuery, overdueBefore: Date): Promise<{ records: OrderRecord[]; total: number }> {
  const { where, params } = deskFilter(q, overdueBefore);
  const [page, count] = await Promise.all([
    db.query<OrderRecord>(
      `SELECT ${COLUMNS} FROM orders ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, q.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM orders ${where}`, params),
  ]);
  return { records: page.rows, total: count.rows[0]!.total };
}

/** How many orders are in each status, per pickup location (null: shipped orders). */
export async function countDeskOrders(db: Queryable): Promise<Array<{ status: OrderStatus; locationId: string | null; count: number }>> {
  const { rows } = await db.query<{ status: OrderStatus; locationId: string | null; count: number }>(
    `SELECT status, fulfilment ->> 'locationId' AS "locationId", count(*)::int AS count
       FROM orders GROUP BY 1, 2 ORDER BY 1, 2 NULLS LAST`,
  );
  return rows;
}
