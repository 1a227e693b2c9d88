import type { Queryable } from '@pl/service-kit';

export interface StockKey {
  sku: string;
  locationId: string;
}

/** A count's key in JS maps (never sent to PostgreSQL, where text cannot hold NUL). */
export const versionKey = (k: StockKey) => `${k.sku}\u0000${k.locationId}`;

/** Counts share this many locks per schema: a lock per count ran the lock table out (see lockStock). */
export const STOCK_LOCK_BUCKETS = 1024;

/**
 * Serialises every write of these counts to the catalog until the caller's transaction ends, so a
 * version check and the write it allows happen as one (a sync batch and a webhook never interleave).
 * Counts share STOCK_LOCK_BUCKETS locks by hash: a manifest batch of 20,000 skus took a lock each and
 * ran the embedded PostgreSQL out of its lock table ('out of shared memory'); two writers of different
 * counts in one bucket merely wait for each other. Locks are taken in one global order, so two callers
 * never deadlock; the schema is part of the key because advisory locks are shared by the whole database.
 */
export async function lockStock(db: Queryable, keys: StockKey[]): Promise<void> {
  if (keys.length === 0) return;
  const lockOf = `pg_advisory_xact_lock(hashtext(format('%s:pl:stock', current_schema())), b)`;
  if (keys.length >= 4 * STOCK_LOCK_BUCKETS) {
    // So many counts fill nearly every bucket: take them all without hashing each count.
    await db.query(`SELECT ${lockOf} FROM generate_series(0, ${STOCK_LOCK_BUCKETS - 1}) AS b ORDER BY b`);
    return;
  }
  await db.query(
    `SELECT ${lockOf} FROM (
       SELECT DISTINCT (hashtextextended(format('%s:%s', length(sku), sku || location_id), 0) & ${STOCK_LOCK_BUCKETS - 1})::int AS b
       FROM unnest($1::text[], $2::text[]) AS k(sku, location_id)) AS buckets ORDER BY b`,
    [keys.map((k) => k.sku), keys.map((k) => k.locationId)],
  );
}

/**
 * The newest version applied per count, keyed `sku + NUL + location` (see versionKey). One primary
 * key lookup per count (the LATERAL): a plain join let the planner hash the whole table while its
 * statistics still said it was small, which during a first sync of 40,000 products grew from 0.1 to
 * 67 ms a batch until autovacuum analysed it.
 */
export async function findStockVersions(db: Queryable, keys: StockKey[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<{ sku: string; location_id: string; version: string }>(
    `SELECT k.sku, k.location_id, s.version
       FROM unnest($1::text[], $2::text[]) AS k(sku, location_id)
       CROSS JOIN LATERAL (SELECT v.version FROM stock_versions v WHERE v.sku = k.sku AND v.location_id = k.location_id) s`,
    [keys.map((k) => k.sku), keys.map((k) => k.locationId)],
  );
  return new Map(rows.map((r) => [versionKey({ sku: r.sku, locationId: r.location_id }), Number(r.version)]));
}


/** Records applied versions; a lower version never replaces a higher one. */
export async function recordStockVersions(db: Queryable, counts: Array<StockKey & { version: number }>): Promise<void> {
  // One row per count (an upsert may not touch a row twice), with its highest version.
  const newest = new Map<string, StockKey & { version: number }>();
  for (const c of counts) if ((newest.get(versionKey(c))?.version ?? -1) < c.version) newest.set(versionKey(c), c);
  const entries = [...newest.values()];
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO stock_versions (sku, location_id, version)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
     ON CONFLICT (sku, location_id) DO UPDATE SET version = GREATEST(stock_versions.version, EXCLUDED.version), applied_at = now()`,
    [entries.map((e) => e.sku), entries.map((e) => e.locationId), entries.map((e) => e.version)],
  );
}

/** Forgets every applied version (the shop now talks to another POS, whose versions are its own). */
export async function forgetStockVersions(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM stock_versions`);
}
