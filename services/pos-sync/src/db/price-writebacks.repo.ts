// Prices the shop set, on their way to the POS (migration 010, decision 057): one row per change the
// catalog announced, gathered into batches that are rows of writebacks (kind 'price').
import type { Queryable } from '@pl/service-kit';

export interface PriceWriteback {
  changeId: string;
  sku: string;
  priceCents: number;
  source: string;
  /** When the catalog made the change (ISO). */
  changedAt: string;
}

/** Records prices for the POS in one statement; answers how many were new (a redelivered event's are not). */
export async function recordPriceWritebacks(db: Queryable, changes: readonly PriceWriteback[]): Promise<number> {
  if (changes.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO price_writebacks (change_id, sku, price_cents, source, changed_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::timestamptz[])
     ON CONFLICT (change_id) DO NOTHING`,
    [changes.map((c) => c.changeId), changes.map((c) => c.sku), changes.map((c) => c.priceCents), changes.map((c) => c.source), changes.map((c) => c.changedAt)],
  );
  return rowCount ?? 0;
}

/**
 * One gatherer at a time across every instance, for its transaction; false when another holds it
 * (it is doing the same work).
 */
export async function tryLockPriceBatching(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtextextended('pl:pos-sync-price-batches', 0)) AS locked`);
  return rows[0]!.locked;
}

export const SUPERSEDED_NOTE = 'A newer price for this sku came before this one was sent';

/**
 * A price not yet in a batch is never sent once a newer one of its sku is recorded (whatever became
 * of that one): the newest price per sku wins, also over a change that arrived late. Answers how many.
 */
export async function supersedeOlderPrices(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE price_writebacks p SET status = 'superseded', note = $1
      WHERE p.status = 'pending' AND p.writeback IS NULL
        AND EXISTS (SELECT 1 FROM price_writebacks n WHERE n.sku = p.sku AND (n.changed_at, n.change_id) > (p.changed_at, p.change_id))`,
    [SUPERSEDED_NOTE],
  );
  return rowCount ?? 0;
}

/**
 * The next batch's prices (change ids), oldest first: up to `size` pending prices in no batch, each of
 * an sku with no older price in a batch still pending (that one goes first, or fails, before a newer
 * one is batched, so the POS never gets them in the wrong order). Empty while fewer than `size` wait
 * and none of them has waited `lingerMs` (more may be on the way: a markdown run announces thousands).
 */
export async function nextPriceBatch(db: Queryable, size: number, lingerMs: number): Promise<string[]> {
  const { rows } = await db.query<{ changeId: string; lingered: boolean }>(
    `SELECT p.change_id AS "changeId", p.created_at <= now() - make_interval(secs => $2::double precision / 1000) AS lingered
       FROM price_writebacks p
      WHERE p.status = 'pending' AND p.writeback IS NULL
        AND NOT EXISTS (SELECT 1 FROM price_writebacks o WHERE o.sku = p.sku AND o.status = 'pending' AND o.writeback IS NOT NULL)
      ORDER BY p.changed_at, p.change_id LIMIT $1`,
    [size, lingerMs],
  );
  return rows.length >= size || rows.some((r) => r.lingered) ? rows.map((r) => r.changeId) : [];
}

/** Makes these prices one batch: a pending write-back keyed `key` (the POS's Idempotency-Key). */
export async function assignPriceBatch(db: Queryable, key: string, changeIds: string[]): Promise<void> {
  await db.query(
    `WITH batch AS (INSERT INTO writebacks (order_id, kind) VALUES ($1, 'price') RETURNING order_id)
     UPDATE price_writebacks p SET writeback = batch.order_id FROM batch WHERE p.change_id = ANY($2::text[])`,
    [key, changeIds],
  );
}

/** A batch's prices, by sku: the body it is sent with, the same on every attempt. */
export async function pricesOfBatch(db: Queryable, key: string): Promise<Array<{ sku: string; priceCents: number }>> {
  const { rows } = await db.query<{ sku: string; priceCents: number }>(
    `SELECT sku, price_cents AS "priceCents" FROM price_writebacks WHERE writeback = $1 ORDER BY sku COLLATE "C"`,
    [key],
  );
  return rows;
}

/** The POS answered the batch: its prices are sent, apart from the skus it does not have (skipped, with `note`). */
export async function markPricesAnswered(db: Queryable, key: string, unknownSkus: string[], note: string): Promise<void> {
  await db.query(
    `UPDATE price_writebacks SET status = CASE WHEN sku = ANY($2::text[]) THEN 'skipped' ELSE 'sent' END,
            note = CASE WHEN sku = ANY($2::text[]) THEN $3 END
      WHERE writeback = $1 AND status = 'pending'`,
    [key, unknownSkus, note],
  );
}

/** For the dashboard: prices still to reach the POS, those refused (or given up), and the latest refusal. */
export async function countPriceWritebacks(db: Queryable): Promise<{ pending: number; failed: number; lastFailure: string | null }> {
  const { rows } = await db.query<{ pending: number; failed: number; lastFailure: string | null }>(
    `SELECT (SELECT count(*)::int FROM price_writebacks WHERE status = 'pending') AS pending,
            (SELECT count(*)::int FROM price_writebacks WHERE status = 'failed') AS failed,
            (SELECT note FROM price_writebacks WHERE status = 'failed' ORDER BY created_at DESC, change_id DESC LIMIT 1) AS "lastFailure"`,
  );
  return rows[0]!;
}

/** Deletes up to `limit` prices done with (sent, superseded, skipped) recorded before `before`; answers how many. */
export async function deleteDonePrices(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM price_writebacks WHERE change_id IN (
       SELECT change_id FROM price_writebacks WHERE status IN ('sent', 'superseded', 'skipped') AND created_at < $1 LIMIT $2)`,
    [before, limit],
  );
  return rowCount ?? 0;
}

/** Deletes up to `limit` price batches sent before `before` whose prices are all gone; answers how many. */
export async function deleteEmptyPriceBatches(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM writebacks WHERE order_id IN (
       SELECT w.order_id FROM writebacks w
        WHERE w.kind = 'price' AND w.status IN ('sent', 'skipped') AND w.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM price_writebacks p WHERE p.writeback = w.order_id)
        LIMIT $2)`,
    [before, limit],
  );
  return rowCount ?? 0;
}
