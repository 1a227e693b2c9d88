import type { Queryable } from '@pl/service-kit';

export interface SessionRow {
  id: string;
  customerId: string;
  expiresAt: Date;
}

export async function insertSession(
  db: Queryable,
  s: { id: string; customerId: string; ttlSeconds: number; userAgent?: string; ip: string },
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO sessions (id, customer_id, expires_at, user_agent, ip)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5)
     RETURNING id, customer_id AS "customerId", expires_at AS "expiresAt"`,
    [s.id, s.customerId, s.ttlSeconds, s.userAgent ?? null, s.ip],
  );
  return rows[0] as SessionRow;
}

/** The session's customer and whether they are an admin, if it is neither revoked nor expired. */
export async function findActiveSession(db: Queryable, id: string): Promise<{ customerId: string; isAdmin: boolean; lastSeenAt: Date } | undefined> {
  const { rows } = await db.query<{ customerId: string; isAdmin: boolean; lastSeenAt: Date }>(
    `SELECT s.customer_id AS "customerId", c.is_admin AS "isAdmin", s.last_seen_at AS "lastSeenAt"
       FROM sessions s JOIN customers c ON c.id = s.customer_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [id],
  );
  return rows[0];
}

/** Records activity at most every few minutes, so session checks do not turn into a write each. */
export async function touchSession(db: Queryable, id: string, everySeconds: number): Promise<void> {
  await db.query(`UPDATE sessions SET last_seen_at = now() WHERE id = $1 AND last_seen_at < now() - make_interval(secs => $2)`, [id, everySeconds]);
}

/** Revokes one session; returns its customer when it was active until now. */
export async function revokeSession(db: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ customerId: string }>(
    `UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING customer_id AS "customerId"`,
    [id],
  );
  return rows[0]?.customerId;
}

/** Revokes every unrevoked session of a customer except `keep`; returns the ids it revoked. */
export async function revokeCustomerSessions(db: Queryable, customerId: string, options: { keep?: string } = {}): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE customer_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR id <> $2)
      RETURNING id`,
    [customerId, options.keep ?? null],
  );
  return rows.map((r) => r.id).sort();
}
