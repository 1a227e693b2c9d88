import type { ManifestReceivedBatch, ManifestReceivedData } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';
import { versionKey, type StockKey } from './stock-versions.repo.js';

/**
 * Records that an order's sale must reach the POS, with the units it took (every sku, by location;
 * null when the catalog committed none); false when it was recorded before (a redelivered event).
 */
export async function recordWriteback(db: Queryable, orderId: string, units: WritebackLine[] | null): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO writebacks (order_id, units) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING`, [
    orderId,
    units === null ? null : JSON.stringify(units),
  ]);
  return rowCount === 1;
}

/** Notes a sale's units on a write-back recorded before they were kept with it. */
export async function noteSaleUnits(db: Queryable, orderId: string, units: WritebackLine[]): Promise<void> {
  await db.query(`UPDATE writebacks SET units = $2 WHERE order_id = $1 AND kind = 'sale' AND units IS NULL`, [orderId, JSON.stringify(units)]);
}

/** The key of a give-back's write-back: the order and the cart's action (its cancellation, one received return). */
export const returnWritebackKey = (orderId: string, key: string) => `${orderId}:${key}`;

/** Records units an order gave back (back on hand at these locations) for the POS; false when recorded before. */
export async function recordReturnWriteback(db: Queryable, writebackKey: string, units: WritebackLine[]): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO writebacks (order_id, kind, units) VALUES ($1, 'return', $2) ON CONFLICT (order_id) DO NOTHING`, [
    writebackKey,
    JSON.stringify(units),
  ]);
  return rowCount === 1;
}

/** The key of a manifest batch's write-back, also the POS's Idempotency-Key of the items it creates. */
export const manifestWritebackKey = (manifestId: string, batch: number) => `manifest-${manifestId}-${batch}`;

/**
 * Records a committed batch of a manifest's rows for the POS: its items (items to create, units to
 * receive), or the rows the catalog holds them in (version 2, asked for when sent); false when
 * recorded before.
 */
export async function recordManifestWriteback(db: Queryable, data: ManifestReceivedData | ManifestReceivedBatch): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO writebacks (order_id, kind, manifest) VALUES ($1, 'manifest', $2) ON CONFLICT (order_id) DO NOTHING`, [
    manifestWritebackKey(data.manifestId, data.batch),
    JSON.stringify(data),
  ]);
  return rowCount === 1;
}

/** Units per sku and location. In `lines` (what the POS is told) a sale's units are positive and a give-back's negative: units taken. */
export type WritebackLine = StockKey & { qty: number };

export interface DueWriteback {
  /** The sale's order id, a give-back's key (returnWritebackKey), a manifest batch's (manifestWritebackKey) or a price batch's. */
  orderId: string;
  kind: 'sale' | 'return' | 'manifest' | 'price';
  /** A manifest batch's items, or the rows that hold them in the catalog (kind 'manifest'). */
  manifest: ManifestReceivedData | ManifestReceivedBatch | null;
  /** The units, positive: a sale's as the catalog committed them (every sku), a give-back's from the catalog's event. */
  units: WritebackLine[] | null;
  attempts: number;
  /** The lines an earlier attempt sent (null before the first): a retry sends exactly those again. */
  lines: WritebackLine[] | null;
  /** Whether it first went to the POS longer than `retryWindowMs` ago (see claimDueWritebacks). */
  retryWindowClosed: boolean;
}

/**
 * Claims due pending write-backs, oldest first, leased for `leaseMs` (see claimDueEvents).
 * `retryWindowMs` is how long after its first attempt a write-back may still be sent (by the
 * database's clock, the one that recorded the attempt).
 */
export async function claimDueWritebacks(db: Queryable, limit: number, leaseMs: number, retryWindowMs: number): Promise<DueWriteback[]> {
  const { rows } = await db.query<DueWriteback>(
    `UPDATE writebacks SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
     WHERE order_id IN (
       SELECT order_id FROM writebacks WHERE status = 'pending' AND next_attempt_at <= now()
       ORDER BY created_at, order_id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING order_id AS "orderId", kind, units, manifest, attempts, lines,
       coalesce(first_attempted_at < now() - make_interval(secs => $3::double precision / 1000), false) AS "retryWindowClosed"`,
    [limit, leaseMs, retryWindowMs],
  );
  return rows;
}

/** Notes, before the first call to the POS, when the sale first went there and what it carries (both kept by later attempts). */
export async function noteWritebackAttempt(db: Queryable, orderId: string, lines: WritebackLine[]): Promise<void> {
  await db.query(
    `UPDATE writebacks SET first_attempted_at = coalesce(first_attempted_at, now()), lines = coalesce(lines, $2::jsonb) WHERE order_id = $1`,
    [orderId, JSON.stringify(lines)],
  );
}

/**
 * Which of these skus the POS is known to have: those it sent a count of (stock_versions records
 * every count applied from it). `settled` is false while that cannot be told yet: nothing from the
 * POS applied (no sync since it was set up), or a sync filling stock_versions for the first time
 * (nothing in it is older than the run, which a dead instance's run no longer counts as after
 * `abandonedAfterMs`).
 */
export async function knownPosSkus(db: Queryable, skus: string[], abandonedAfterMs: number): Promise<{ skus: Set<string>; settled: boolean }> {
  const { rows } = await db.query<{ skus: string[] | null; settled: boolean }>(
    `SELECT (SELECT array_agg(DISTINCT sku) FROM stock_versions WHERE sku = ANY($1::text[])) AS skus,
            EXISTS (SELECT 1 FROM stock_versions) AND NOT EXISTS (
              SELECT 1 FROM sync_runs r
              WHERE r.status = 'running' AND r.heartbeat_at >= now() - make_interval(secs => $2::double precision / 1000)
                AND NOT EXISTS (SELECT 1 FROM stock_versions s WHERE s.applied_at < r.started_at)) AS settled`,
    [skus, abandonedAfterMs],
  );
  return { skus: new Set(rows[0]!.skus ?? []), settled: rows[0]!.settled };
}

export async function markWritebackSent(db: Queryable, orderId: string): Promise<void> {
  await db.query(`UPDATE writebacks SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE order_id = $1`, [orderId]);
}

/**
 * Gives up: the POS or the catalog refused in a way no retry changes, or the POS may no longer
 * recognise a retry. `attempted` is false when nothing was tried this time.
 */
export async function markWritebackFailed(db: Queryable, orderId: string, error: string, { attempted = true }: { attempted?: boolean } = {}): Promise<void> {
  // A price batch's prices fail with it, in the same statement.
  await db.query(
    `WITH w AS (UPDATE writebacks SET status = 'failed', attempts = attempts + $3::int, last_error = $2 WHERE order_id = $1 RETURNING order_id, kind)
     UPDATE price_writebacks p SET status = 'failed', note = $2 FROM w WHERE w.kind = 'price' AND p.writeback = w.order_id AND p.status = 'pending'`,
    [orderId, error, attempted ? 1 : 0],
  );
}

/** Done without the POS: the order has nothing the POS keeps; `note` says so. */
export async function markWritebackSkipped(db: Queryable, orderId: string, note: string): Promise<void> {
  await db.query(`UPDATE writebacks SET status = 'skipped', last_error = $2 WHERE order_id = $1`, [orderId, note]);
}

/** For the dashboard: sales (and give-backs) still to reach the POS, and those it refused (or that were given up). */
export async function countWritebacks(db: Queryable): Promise<{ pending: number; failed: number }> {
  const { rows } = await db.query<{ pending: number; failed: number }>(
    `SELECT (SELECT count(*)::int FROM writebacks WHERE status = 'pending' AND kind IN ('sale', 'return')) AS pending,
            (SELECT count(*)::int FROM writebacks WHERE status = 'failed' AND kind IN ('sale', 'return')) AS failed`,
  );
  return rows[0]!;
}

/** For the dashboard: manifest batches still to reach the POS, those it refused (or that were given up), and the latest refusal. */
export async function countManifestWritebacks(db: Queryable): Promise<{ pending: number; failed: number; lastFailure: string | null }> {
  const { rows } = await db.query<{ pending: number; failed: number; lastFailure: string | null }>(
    `SELECT (SELECT count(*)::int FROM writebacks WHERE status = 'pending' AND kind = 'manifest') AS pending,
            (SELECT count(*)::int FROM writebacks WHERE status = 'failed' AND kind = 'manifest') AS failed,
            (SELECT last_error FROM writebacks WHERE status = 'failed' AND kind = 'manifest' ORDER BY created_at DESC, order_id DESC LIMIT 1) AS "lastFailure"`,
  );
  return rows[0]!;
}

/** Tries again later; `attempted` is false when nothing was tried (no POS configured yet), so the back-off does not grow. */
export async function scheduleWritebackRetry(db: Queryable, orderId: string, retry: { error: string; delayMs: number; attempted: boolean }): Promise<void> {
  await db.query(
    `UPDATE writebacks SET attempts = attempts + $4::int, last_error = $2, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000)
     WHERE order_id = $1`,
    [orderId, retry.error, retry.delayMs, retry.attempted ? 1 : 0],
  );
}

/** Makes every pending write-back due now (new settings: what waited for a POS can go). */
export async function makePendingWritebacksDue(db: Queryable): Promise<void> {
  await db.query(`UPDATE writebacks SET next_attempt_at = now() WHERE status = 'pending' AND next_attempt_at > now()`);
}

/**
 * Units taken but not yet confirmed by the POS, keyed like stock versions: the POS's counts do not
 * include them yet. Every pending write-back counts, however long it has waited (for settings, for
 * a first sync, for the POS to answer): what its first attempt sent once there was one, else all of
 * its units (a give-back's as negative: units the POS's count lacks).
 */
export async function pendingSoldUnits(db: Queryable, keys: StockKey[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<{ sku: string; locationId: string; qty: number }>(
    `SELECT l.sku, l."locationId", sum(l.qty)::int AS qty
       FROM writebacks w
       CROSS JOIN LATERAL jsonb_to_recordset(
         coalesce(w.lines,
                  CASE WHEN w.kind = 'sale' THEN w.units
                       ELSE (SELECT jsonb_agg(u || jsonb_build_object('qty', -(u->>'qty')::int)) FROM jsonb_array_elements(w.units) u) END)
       ) AS l(sku text, "locationId" text, qty int)
       JOIN unnest($1::text[], $2::text[]) AS k(sku, location_id) ON k.sku = l.sku AND k.location_id = l."locationId"
      WHERE w.status = 'pending' AND w.kind IN ('sale', 'return')
      GROUP BY l.sku, l."locationId"`,
    [keys.map((k) => k.sku), keys.map((k) => k.locationId)],
  );
  return new Map(rows.map((r) => [versionKey(r), r.qty]));
}
