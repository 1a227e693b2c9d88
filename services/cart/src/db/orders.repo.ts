import type { Fulfilment } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';

export interface OrderLineRecord {
  title: string;
  sku: string;
  conditionGrade: string;
  unitPriceCents: number;
  qty: number;
}

export interface OrderRecord {
  id: string;
  number: string;
  paymentId: string;
  subject: string;
  email: string | null;
  status: 'paid' | 'refunded' | 'cancelled' | 'fulfilled';
  stockState: 'pending' | 'committed' | 'lost';
  lines: OrderLineRecord[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  fulfilment: Fulfilment;
  note: string | null;
  createdAt: Date;
}

const COLUMNS = `id, number, payment_id AS "paymentId", subject, email, status, stock_state AS "stockState", lines,
  subtotal_cents AS "subtotalCents", tax_cents AS "taxCents", shipping_cents AS "shippingCents", total_cents AS "totalCents",
  fulfilment, note, created_at AS "createdAt"`;

export async function findOrderByPayment(db: Queryable, paymentId: string): Promise<OrderRecord | undefined> {
  return (await db.query<OrderRecord>(`SELECT ${COLUMNS} FROM orders WHERE payment_id = $1`, [paymentId])).rows[0];
}

export async function findOrder(db: Queryable, id: string): Promise<OrderRecord | undefined> {
  return (await db.query<OrderRecord>(`SELECT ${COLUMNS} FROM orders WHERE id = $1`, [id])).rows[0];
}

export async function listOrders(db: Queryable, subject: string): Promise<OrderRecord[]> {
  return (await db.query<OrderRecord>(`SELECT ${COLUMNS} FROM orders WHERE subject = $1 ORDER BY created_at DESC, number DESC`, [subject])).rows;
}

export async function insertOrder(db: Queryable, o: Omit<OrderRecord, 'id' | 'number' | 'status' | 'stockState' | 'note' | 'createdAt'>): Promise<OrderRecord> {
  const { rows } = await db.query<OrderRecord>(
    `INSERT INTO orders (payment_id, subject, email, status, lines, subtotal_cents, tax_cents, shipping_cents, total_cents, fulfilment)
     VALUES ($1, $2, $3, 'paid', $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [o.paymentId, o.subject, o.email, JSON.stringify(o.lines), o.subtotalCents, o.taxCents, o.shippingCents, o.totalCents, JSON.stringify(o.fulfilment)],
  );
  return rows[0]!;
}

export async function settleOrder(db: Queryable, id: string, change: { stockState: 'committed' | 'lost'; status: OrderRecord['status']; note: string | null }): Promise<void> {
  await db.query(`UPDATE orders SET stock_state = $2, status = $3, note = $4 WHERE id = $1`, [id, change.stockState, change.status, change.note]);
}
