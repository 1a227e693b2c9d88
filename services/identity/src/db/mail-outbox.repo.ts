import type { PoolClient, Queryable } from '@pl/service-kit';

export type MailKind = 'password-reset' | 'email-verification' | 'order' | 'order-link';
/** 'address-in-use': a notice went to an address's owner instead of another account's verification link (decision 044). */
export type MailOutcome = 'sent' | 'address-in-use' | 'no-account' | 'no-order' | 'throttled' | 'stale' | 'failed';

export interface PendingMail {
  id: string;
  kind: MailKind;
  customerId: string | null;
  toAddress: string;
  attempts: number;
  /** What an order mail is about (the event's facts); null for the account mails. */
  payload: unknown;
}

/**
 * Queues a mail in the caller's transaction: it is sent if and only if the change behind it commits.
 * With a `dedupeKey` (an event id) the same key queues nothing a second time.
 */
export async function enqueueMail(
  db: Queryable,
  mail: { kind: MailKind; toAddress: string; customerId?: string; payload?: unknown; dedupeKey?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO mail_outbox (kind, to_address, customer_id, payload, dedupe_key) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (dedupe_key) DO NOTHING`,
    [mail.kind, mail.toAddress, mail.customerId ?? null, mail.payload === undefined ? null : JSON.stringify(mail.payload), mail.dedupeKey ?? null],
  );
}

/** Claims the oldest due mail for the rest of the transaction; other instances skip it. */
export async function claimNextMail(client: PoolClient): Promise<PendingMail | undefined> {
  const { rows } = await client.query<PendingMail>(
    `SELECT id, kind, customer_id AS "customerId", to_address AS "toAddress", attempts, payload
       FROM mail_outbox WHERE done_at IS NULL AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return rows[0];
}

export async function finishMail(db: Queryable, id: string, outcome: MailOutcome, error?: string): Promise<void> {
  await db.query(`UPDATE mail_outbox SET done_at = now(), outcome = $2, last_error = $3 WHERE id = $1`, [id, outcome, error ?? null]);
}

/** Notices sent to an address (any case) in the last `withinSeconds`. */
export async function countAddressNotices(db: Queryable, address: string, withinSeconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE outcome = 'address-in-use' AND lower(to_address) = lower($1) AND done_at > now() - make_interval(secs => $2)`,
    [address, withinSeconds],
  );
  return rows[0]?.n ?? 0;
}

/** A failed send: try again after `delaySeconds`. */
export async function retryMailLater(db: Queryable, id: string, delaySeconds: number, error: string): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1`,
    [id, delaySeconds, error.slice(0, 500)],
  );
}
