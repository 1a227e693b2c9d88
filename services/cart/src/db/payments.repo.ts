import type { CheckoutDetailsPayload } from '@pl/contracts';
import { prepared, type Queryable } from '@pl/service-kit';

export interface PaymentSnapshotLine {
  lineId: string;
  sku: string;
  title: string;
  /** The cart line's picture (the listing's cover photo, or its illustration); absent in snapshots from before it was kept. */
  image?: string | null;
  conditionGrade: string;
  unitPriceCents: number;
  qty: number;
  holdIds: string[];
}

/** What the order will be made of, fixed when the intent was created. */
export interface PaymentSnapshot {
  lines: PaymentSnapshotLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  checkout: CheckoutDetailsPayload | null;
  /** Who paid: a guest's session or a customer's account (absent in snapshots older than the order desk). */
  subjectKind?: 'guest' | 'customer';
}

export interface PaymentRecord {
  id: string;
  cartId: string;
  subject: string;
  idempotencyKey: string;
  provider: string;
  providerPaymentId: string | null;
  clientSecret: string | null;
  amountCents: number;
  snapshot: PaymentSnapshot;
  /** 'failed': the provider reported a failed attempt; the intent can still succeed with another card. */
  status: 'creating' | 'pending' | 'failed' | 'succeeded' | 'refunded';
}

const COLUMNS = `id, cart_id AS "cartId", subject, idempotency_key AS "idempotencyKey", provider, provider_payment_id AS "providerPaymentId",
  client_secret AS "clientSecret", amount_cents AS "amountCents", snapshot, status`;

export async function findPaymentById(db: Queryable, id: string): Promise<PaymentRecord | undefined> {
  return (await db.query<PaymentRecord>(prepared(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id]))).rows[0];
}

export async function findPaymentByKey(db: Queryable, key: string): Promise<PaymentRecord | undefined> {
  return (await db.query<PaymentRecord>(prepared(`SELECT ${COLUMNS} FROM payments WHERE idempotency_key = $1`, [key]))).rows[0];
}

export async function findPaymentByProviderId(db: Queryable, providerPaymentId: string, options: { lock?: boolean } = {}): Promise<PaymentRecord | undefined> {
  return (await db.query<PaymentRecord>(prepared(`SELECT ${COLUMNS} FROM payments WHERE provider_payment_id = $1 ${options.lock ? 'FOR UPDATE' : ''}`, [providerPaymentId]))).rows[0];
}

export async function findPaymentByClientSecret(db: Queryable, clientSecret: string): Promise<PaymentRecord | undefined> {
  return (await db.query<PaymentRecord>(prepared(`SELECT ${COLUMNS} FROM payments WHERE client_secret = $1`, [clientSecret]))).rows[0];
}

export async function insertPayment(db: Queryable, p: { cartId: string; subject: string; idempotencyKey: string; provider: string; amountCents: number; snapshot: PaymentSnapshot }): Promise<PaymentRecord> {
  const { rows } = await db.query<PaymentRecord>(
    prepared(
      `INSERT INTO payments (cart_id, subject, idempotency_key, provider, amount_cents, snapshot) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [p.cartId, p.subject, p.idempotencyKey, p.provider, p.amountCents, JSON.stringify(p.snapshot)],
    ),
  );
  return rows[0]!;
}

export async function setPaymentIntent(db: Queryable, id: string, intent: { providerPaymentId: string; clientSecret: string }): Promise<void> {
  await db.query(prepared(`UPDATE payments SET provider_payment_id = $2, client_secret = $3, status = 'pending', updated_at = now() WHERE id = $1`, [id, intent.providerPaymentId, intent.clientSecret]));
}

export async function setPaymentSnapshot(db: Queryable, id: string, snapshot: PaymentSnapshot): Promise<void> {
  await db.query(prepared(`UPDATE payments SET snapshot = $2, updated_at = now() WHERE id = $1`, [id, JSON.stringify(snapshot)]));
}

export async function setPaymentStatus(db: Queryable, id: string, status: PaymentRecord['status']): Promise<void> {
  await db.query(prepared(`UPDATE payments SET status = $2, updated_at = now() WHERE id = $1`, [id, status]));
}
