import { prepared, type Queryable } from '@pl/service-kit';
import { ON_SALE } from './on-sale.js';

export interface VariantRef {
  id: string;
  productId: string;
  sku: string;
}

export interface LevelWithHolds {
  variantId: string;
  locationId: string;
  onHand: number;
  /** Units in active holds that have not expired (at the moment of reading). */
  reserved: number;
  /** The part of `reserved` held by the holder asked about (0 when none was given). */
  reservedByHolder: number;
  /** When the last of those holds ends (ISO), or null when none is active. */
  reservedUntil: string | null;
}

/**
 * Locks the variant row for the rest of the transaction. Every stock and hold change of a variant
 * starts here, so they run one after another (across instances) and each decision sees the
 * previous one. It must be a statement of its own: in READ COMMITTED a statement that waited
 * for a lock still reads with the snapshot it started with, so the holds read AFTER the lock
 * (next statement) include those committed by the transaction we waited for.
 */
export async function lockVariantBySku(db: Queryable, sku: string): Promise<VariantRef | undefined> {
  const { rows } = await db.query<VariantRef>(`SELECT id, product_id AS "productId", sku FROM variants WHERE sku = $1 FOR UPDATE`, [sku]);
  return rows[0];
}

export async function lockVariantById(db: Queryable, id: string): Promise<VariantRef | undefined> {
  const { rows } = await db.query<VariantRef>(`SELECT id, product_id AS "productId", sku FROM variants WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

/** The allocations of the holds active at `at` on one stock level (`level`: a row with variant_id and location_id). */
const activeHoldsOn = (level: string, at: string) =>
  `FROM holds h JOIN hold_allocations a ON a.hold_id = h.id
    WHERE h.variant_id = ${level}.variant_id AND a.location_id = ${level}.location_id AND h.status = 'active' AND h.expires_at > ${at}`;

/** The active holds on one stock level at `at`: how many units they reserve (`reserved`, null when none) and when the last ends (`until`). */
export const activeHoldsAt = (level: string, at: string, more = '') => `SELECT sum(a.qty) AS reserved${more}, max(h.expires_at) AS until ${activeHoldsOn(level, at)}`;

/** The units active holds reserve on one stock level at `at`, as a number (0 when none). */
export const unitsHeldAt = (level: string, at: string) => `coalesce((SELECT sum(a.qty) ${activeHoldsOn(level, at)}), 0)`;

/** An instant as the API writes it: ISO 8601 in UTC with milliseconds. */
export const isoInstant = (expression: string) => `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Stock per location with the holds that count now. Writers pass `clock: true` after locking:
 * clock_timestamp() is read after the lock was granted, so a later writer of the same variant
 * always sees a later time, and a hold one writer treated as expired can never count again.
 * Readers use now() (the statement's start), which is enough to show stock.
 */
export async function levelsWithHolds(
  db: Queryable,
  variantIds: readonly string[],
  options: { holder?: string; clock?: boolean } = {},
): Promise<LevelWithHolds[]> {
  if (variantIds.length === 0) return [];
  return (await queryLevels(db, 'l.variant_id = ANY($1::uuid[])', [variantIds], options)).map(({ variant: _, ...level }) => level);
}

/**
 * A variant and its levels with holds in one statement, without locking: the quick look before a
 * hold. A draft's variant is not found: shoppers may not hold what is not on sale (decision 055;
 * a listing is never unpublished, so what this look finds on sale stays on sale under the lock).
 */
export async function glanceAtSku(db: Queryable, sku: string, holder: string): Promise<{ variant: VariantRef; levels: LevelWithHolds[] } | undefined> {
  const rows = await queryLevels(db, `v.sku = $1 AND EXISTS (SELECT 1 FROM products p WHERE p.id = v.product_id AND ${ON_SALE('p')})`, [sku], { holder });
  const first = rows[0];
  if (!first) return undefined;
  return { variant: first.variant, levels: rows.filter((r) => r.locationId !== null).map(({ variant: _, ...level }) => level) };
}

async function queryLevels(
  db: Queryable,
  where: string,
  params: unknown[],
  options: { holder?: string; clock?: boolean },
): Promise<Array<LevelWithHolds & { variant: VariantRef }>> {
  const at = options.clock ? 'clock_timestamp()' : 'now()';
  const { rows } = await db.query<LevelWithHolds & { variant: VariantRef }>(
    prepared(
      `SELECT json_build_object('id', v.id, 'productId', v.product_id, 'sku', v.sku) AS variant,
              l.variant_id AS "variantId", l.location_id AS "locationId", l.on_hand AS "onHand",
              coalesce(r.reserved, 0)::int AS reserved, coalesce(r.mine, 0)::int AS "reservedByHolder",
              ${isoInstant('r.until')} AS "reservedUntil"
         FROM variants v
         LEFT JOIN inventory_levels l ON l.variant_id = v.id
         LEFT JOIN LATERAL (${activeHoldsAt('l', at, `, sum(a.qty) FILTER (WHERE h.holder = $${params.length + 1}) AS mine`)}) r ON true
        WHERE ${where}
        ORDER BY l.variant_id, l.location_id`,
      [...params, options.holder ?? null],
    ),
  );
  return rows;
}

export async function locationExists(db: Queryable, locationId: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM locations WHERE id = $1`, [locationId]);
  return (rowCount ?? 0) > 0;
}

export async function unknownLocations(db: Queryable, locationIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM unnest($1::text[]) AS given(id) WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE l.id = given.id) ORDER BY id`,
    [[...new Set(locationIds)]],
  );
  return rows.map((r) => r.id);
}

/** Sets what is on hand at one location; answers whether anything changed (a repeated count changes nothing). */
export async function setOnHand(db: Queryable, variantId: string, locationId: string, onHand: number): Promise<boolean> {
  return (await setOnHandMany(db, [{ variantId, locationId, onHand }])).length > 0;
}

export interface StockLevelKey {
  variantId: string;
  locationId: string;
}

/**
 * Sets what is on hand at many levels in one statement; answers the levels that changed. A zero
 * count where the variant has no level yet creates none. Each level once (the last count of it wins).
 */
export async function setOnHandMany(db: Queryable, counts: ReadonlyArray<StockLevelKey & { onHand: number }>): Promise<StockLevelKey[]> {
  const last = new Map(counts.map((c) => [`${c.variantId} ${c.locationId}`, c]));
  if (last.size === 0) return [];
  const levels = [...last.values()];
  const { rows } = await db.query<StockLevelKey>(
    prepared(
      `INSERT INTO inventory_levels AS l (variant_id, location_id, on_hand)
       SELECT d.variant_id, d.location_id, d.on_hand FROM unnest($1::uuid[], $2::text[], $3::int[]) AS d(variant_id, location_id, on_hand)
        WHERE d.on_hand > 0 OR EXISTS (SELECT 1 FROM inventory_levels x WHERE x.variant_id = d.variant_id AND x.location_id = d.location_id)
       ON CONFLICT (variant_id, location_id) DO UPDATE
          SET on_hand = excluded.on_hand, updated_at = now()
        WHERE l.on_hand IS DISTINCT FROM excluded.on_hand
       RETURNING l.variant_id AS "variantId", l.location_id AS "locationId"`,
      [levels.map((l) => l.variantId), levels.map((l) => l.locationId), levels.map((l) => l.onHand)],
    ),
  );
  return rows;
}

/** Takes sold units off the shelf; false when the location no longer has them (a recount in between). */
export async function takeOnHand(db: Queryable, variantId: string, locationId: string, qty: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE inventory_levels SET on_hand = on_hand - $3, updated_at = now() WHERE variant_id = $1 AND location_id = $2 AND on_hand >= $3`,
    [variantId, locationId, qty],
  );
  return (rowCount ?? 0) > 0;
}

/** Units received at a level (a manifest's): added to what is on hand there. */
export interface UnitsReceived {
  variantId: string;
  locationId: string;
  qty: number;
}

/** Adds received units to their levels in one statement (several of one level summed), levels in key order. */
export async function addOnHand(db: Queryable, received: readonly UnitsReceived[]): Promise<void> {
  if (received.length === 0) return;
  await db.query(
    `INSERT INTO inventory_levels AS l (variant_id, location_id, on_hand)
     SELECT variant_id, location_id, sum(qty) FROM jsonb_to_recordset($1::jsonb) AS d(variant_id uuid, location_id text, qty int)
      GROUP BY variant_id, location_id ORDER BY variant_id, location_id
     ON CONFLICT (variant_id, location_id) DO UPDATE SET on_hand = l.on_hand + EXCLUDED.on_hand, updated_at = now()`,
    [JSON.stringify(received.map((r) => ({ variant_id: r.variantId, location_id: r.locationId, qty: r.qty })))],
  );
}
