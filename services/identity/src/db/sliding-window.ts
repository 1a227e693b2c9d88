import type { Queryable } from '@pl/service-kit';

export interface WindowState {
  /** Events inside the window. */
  count: number;
  /** When count >= limit: seconds until the window holds limit - 1 events again. */
  retryAfterSeconds: number;
}

/**
 * Counts the rows of `table` matching `where` whose `at` lies inside the last `windowSeconds`, and
 * how long until the limit-th newest of them leaves the window (the moment one more is allowed).
 * `table` and `where` are fixed strings from this folder, never input; values go in `params`,
 * numbered from $3 ($1 is the window, $2 the limit).
 */
export async function slidingWindow(
  db: Queryable,
  q: { table: string; where: string; params: unknown[]; windowSeconds: number; limit: number },
): Promise<WindowState> {
  const { rows } = await db.query<{ count: number; retry: number | null }>(
    `WITH w AS (SELECT at FROM ${q.table} WHERE ${q.where} AND at > now() - make_interval(secs => $1))
     SELECT (SELECT count(*) FROM w)::int AS count,
            (SELECT extract(epoch FROM at + make_interval(secs => $1) - now()) FROM w ORDER BY at DESC OFFSET $2::int - 1 LIMIT 1)::float8 AS retry`,
    [q.windowSeconds, q.limit, ...q.params],
  );
  const row = rows[0] ?? { count: 0, retry: null };
  return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil(row.retry ?? 1)) };
}

/**
 * Serialises the check-then-record of one limit key across every instance for the rest of the
 * caller's transaction, so concurrent requests cannot all slip under a limit at once.
 */
export async function lockLimitKey(db: Queryable, key: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`identity-limit:${key}`]);
}
