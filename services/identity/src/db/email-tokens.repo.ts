import type { Queryable } from '@pl/service-kit';

export type TokenPurpose = 'password-reset' | 'email-verification';

export async function insertEmailToken(
  db: Queryable,
  t: { hash: Buffer; purpose: TokenPurpose; customerId: string; email: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO email_tokens (token_hash, purpose, customer_id, email, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [t.hash, t.purpose, t.customerId, t.email, t.ttlSeconds],
  );
}

/** The customer and address of an unused, unexpired token, without using it up. */
export async function findUsableToken(db: Queryable, hash: Buffer, purpose: TokenPurpose): Promise<{ customerId: string; email: string } | undefined> {
  const { rows } = await db.query<{ customerId: string; email: string }>(
    `SELECT customer_id AS "customerId", email FROM email_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [hash, purpose],
  );
  return rows[0];
}

/** Uses a token up, once: of two concurrent uses exactly one gets the row. */
export async function consumeToken(db: Queryable, hash: Buffer, purpose: TokenPurpose): Promise<{ customerId: string; email: string } | undefined> {
  const { rows } = await db.query<{ customerId: string; email: string }>(
    `UPDATE email_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING customer_id AS "customerId", email`,
    [hash, purpose],
  );
  return rows[0];
}

/** Kills a customer's outstanding links of one purpose (after a reset or a password change). */
export async function invalidateCustomerTokens(db: Queryable, customerId: string, purpose: TokenPurpose): Promise<void> {
  await db.query(`UPDATE email_tokens SET used_at = now() WHERE customer_id = $1 AND purpose = $2 AND used_at IS NULL`, [customerId, purpose]);
}

/** How many links of one purpose a customer was sent within the window. */
export async function countRecentTokens(db: Queryable, customerId: string, purpose: TokenPurpose, windowSeconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_tokens WHERE customer_id = $1 AND purpose = $2 AND created_at > now() - make_interval(secs => $3)`,
    [customerId, purpose, windowSeconds],
  );
  return rows[0]?.n ?? 0;
}
