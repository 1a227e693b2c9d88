import { prepared, type Queryable } from '@pl/service-kit';
import type { Allocation } from '../domain/hold-allocation.js';
import type { VariantRef } from './inventory.repo.js';

export type HoldStatus = 'active' | 'released' | 'expired' | 'committed' | 'lost';

export interface HoldRecord {
  id: string;
  variantId: string;
  productId: string;
  sku: string;
  qty: number;
  holder: string;
  /** As stored: an active hold whose time is up stays 'active' until the sweeper (or a writer) marks it. */
  status: HoldStatus;
  /** Its time is up: it counts for nothing any more, whatever `status` still says. */
  lapsed: boolean;
  expiresAt: Date;
  orderId: string | null;
}

const HOLD_COLUMNS = `h.id, h.variant_id AS "variantId", v.product_id AS "productId", v.sku, h.qty, h.holder, h.status,
  h.expires_at AS "expiresAt", h.order_id AS "orderId"`;

/** A hold and its allocations in one statement; expires `ttlSeconds` after the (post-lock) clock. */
export async function insertHold(
  db: Queryable,
  hold: { variantId: string; qty: number; holder: string; ttlSeconds: number; allocations: readonly Allocation[] },
): Promise<{ id: string; expiresAt: Date }> {
  const { rows } = await db.query<{ id: string; expiresAt: Date }>(
    `WITH h AS (
       INSERT INTO holds (variant_id, qty, holder, expires_at)
       VALUES ($1, $2, $3, clock_timestamp() + make_interval(secs => $4))
       RETURNING id, expires_at
     ), a AS (
       INSERT INTO hold_allocations (hold_id, location_id, qty)
       SELECT h.id, x.location_id, x.qty FROM h, jsonb_to_recordset($5::jsonb) AS x(location_id text, qty int)
     )
     SELECT id, expires_at AS "expiresAt" FROM h`,
    [hold.variantId, hold.qty, hold.holder, hold.ttlSeconds, JSON.stringify(hold.allocations.map((a) => ({ location_id: a.locationId, qty: a.qty })))],
  );
  return rows[0] as { id: string; expiresAt: Date };
}

/** For reads: `lapsed` as of the statement's start. */
export async function findHold(db: Queryable, id: string): Promise<HoldRecord | undefined> {
  const { rows } = await db.query<HoldRecord>(
    `SELECT ${HOLD_COLUMNS}, h.expires_at <= now() AS lapsed FROM holds h JOIN variants v ON v.id = h.variant_id WHERE h.id = $1`,
    [id],
  );
  return rows[0];
}

/** For writers that hold the variant's lock: locks the hold, `lapsed` by the clock after the lock. */
export async function lockHold(db: Queryable, id: string): Promise<HoldRecord | undefined> {
  const { rows } = await db.query<HoldRecord>(
    `SELECT ${HOLD_COLUMNS}, h.expires_at <= clock_timestamp() AS lapsed
       FROM holds h JOIN variants v ON v.id = h.variant_id WHERE h.id = $1 FOR UPDATE OF h`,
    [id],
  );
  return rows[0];
}

/** Which variant a hold is of, to lock that variant first (the one lock order: variant, then hold). */
export async function variantIdOfHold(db: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ variantId: string }>(`SELECT variant_id AS "variantId" FROM holds WHERE id = $1`, [id]);
  return rows[0]?.variantId;
}

export async function allocationsOf(db: Queryable, holdId: string): Promise<Allocation[]> {
  const { rows } = await db.query<Allocation>(
    `SELECT location_id AS "locationId", qty FROM hold_allocations WHERE hold_id = $1 ORDER BY location_id`,
    [holdId],
  );
  return rows;
}

export async function setHoldStatus(db: Queryable, id: string, status: Exclude<HoldStatus, 'active'>, orderId?: string): Promise<void> {
  await db.query(`UPDATE holds SET status = $2, order_id = $3, updated_at = now() WHERE id = $1`, [id, status, orderId ?? null]);
}

/** Answers the new expiry. */
export async function setHoldExpiry(db: Queryable, id: string, ttlSeconds: number): Promise<Date> {
  const { rows } = await db.query<{ expiresAt: Date }>(
    `UPDATE holds SET expires_at = clock_timestamp() + make_interval(secs => $2), updated_at = now() WHERE id = $1 RETURNING expires_at AS "expiresAt"`,
    [id, ttlSeconds],
  );
  return rows[0]!.expiresAt;
}

/**
 * Locks variants that have lapsed active holds, skipping variants another transaction is busy
 * with (another instance's sweeper, a checkout): they are picked up on a later pass.
 */
export async function lockVariantsWithLapsedHolds(db: Queryable, limit: number): Promise<VariantRef[]> {
  const { rows } = await db.query<VariantRef>(
    `SELECT v.id, v.product_id AS "productId", v.sku FROM variants v
      WHERE v.id IN (SELECT DISTINCT variant_id FROM holds WHERE status = 'active' AND expires_at <= clock_timestamp() LIMIT $1)
      ORDER BY v.id
      FOR UPDATE OF v SKIP LOCKED`,
    [limit],
  );
  return rows;
}

/** Marks the lapsed active holds of (locked) variants expired; answers the variants that had some. */
export async function markLapsedHoldsExpired(db: Queryable, variantIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ variantId: string }>(
    `UPDATE holds SET status = 'expired', updated_at = now()
      WHERE variant_id = ANY($1::uuid[]) AND status = 'active' AND expires_at <= clock_timestamp()
      RETURNING variant_id AS "variantId"`,
    [variantIds],
  );
  return [...new Set(rows.map((r) => r.variantId))];
}

/**
 * After counts at some levels went below what the active holds there take: ends the newest of
 * them ('lost': the store sold the unit in person) until the rest fit on the shelf. The oldest keeps
 * its unit: that shopper was first. A lost hold frees whatever it held elsewhere too (the hold ends
 * whole). One statement for all the levels; the callers hold the variants' locks.
 * REVIEW: a hold spread over two recounted levels is weighed at both in one pass, so a hold lost at
 * one still takes its units at the other; counted one level at a time it would not. Holds span one
 * level unless a shopper takes more units than one store has.
 */
export async function loseUncoveredHolds(db: Queryable, levels: ReadonlyArray<{ variantId: string; locationId: string }>): Promise<void> {
  if (levels.length === 0) return;
  await db.query(
    prepared(
      `WITH level AS (SELECT * FROM unnest($1::uuid[], $2::text[]) AS k(variant_id, location_id)),
       held AS (
         SELECT h.id, level.variant_id, level.location_id,
                sum(a.qty) OVER (PARTITION BY level.variant_id, level.location_id ORDER BY h.created_at, h.id) AS running
           FROM level
           JOIN holds h ON h.variant_id = level.variant_id AND h.status = 'active' AND h.expires_at > clock_timestamp()
           JOIN hold_allocations a ON a.hold_id = h.id AND a.location_id = level.location_id
       )
       UPDATE holds h SET status = 'lost', updated_at = now()
         FROM held JOIN inventory_levels l ON l.variant_id = held.variant_id AND l.location_id = held.location_id
        WHERE h.id = held.id AND held.running > l.on_hand`,
      [levels.map((l) => l.variantId), levels.map((l) => l.locationId)],
    ),
  );
}

/** The holds with these ids (unknown ids are left out), `lapsed` as of the statement's start. */
export async function findHolds(db: Queryable, ids: readonly string[]): Promise<HoldRecord[]> {
  const { rows } = await db.query<HoldRecord>(
    `SELECT ${HOLD_COLUMNS}, h.expires_at <= now() AS lapsed FROM holds h JOIN variants v ON v.id = h.variant_id WHERE h.id = ANY($1::uuid[])`,
    [ids],
  );
  return rows;
}

/**
 * Deletes up to `limit` released, expired or lost holds (and, by cascade, their allocations) that ended
 * before `before`. Committed holds stay: they are the record of what each order took.
 */
export async function deleteEndedHolds(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM holds WHERE id IN (
       SELECT id FROM holds WHERE status IN ('released', 'expired', 'lost') AND updated_at < $1 LIMIT $2)`,
    [before, limit],
  );
  return rowCount ?? 0;
}
