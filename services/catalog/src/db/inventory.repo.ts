import type pg from 'pg';
import type { InventoryLevel } from '@pl/contracts';
import { conflict, notFound } from '@pl/service-kit';

export interface LockedVariant {
  id: string;
  productId: string;
  sku: string;
}

/** Locks the variant row for the rest of the transaction: stock changes to one variant queue up, so each event's totals are exact. */
export async function lockVariantBySku(client: pg.PoolClient, sku: string): Promise<LockedVariant | undefined> {
  const { rows } = await client.query<LockedVariant>(
    `SELECT id, product_id AS "productId", sku FROM variants WHERE sku = $1 FOR UPDATE`,
    [sku],
  );
  return rows[0];
}

export interface LevelChange {
  variantId: string;
  locationId: string;
  /** Replaces on_hand (a recount); otherwise onHandDelta is added. */
  onHand?: number;
  onHandDelta: number;
  reservedDelta: number;
}

/** Applies a change to one level, creating it if needed. A result below zero is refused by the table's CHECKs. */
export async function changeLevel(client: pg.PoolClient, change: LevelChange): Promise<InventoryLevel> {
  const result = await client.query<InventoryLevel>(
    `INSERT INTO inventory_levels AS l (variant_id, location_id, on_hand, reserved)
     VALUES ($1, $2, coalesce($3::int, $4::int), $5::int)
     ON CONFLICT (variant_id, location_id) DO UPDATE
        SET on_hand = coalesce($3::int, l.on_hand + $4::int),
            reserved = l.reserved + $5::int,
            updated_at = now()
     RETURNING location_id AS "locationId", on_hand AS "onHand", reserved`,
    [change.variantId, change.locationId, change.onHand ?? null, change.onHandDelta, change.reservedDelta],
  ).catch((err: { code?: string }) => {
    if (err.code === '23514') throw conflict('Not enough stock for this change', 'INSUFFICIENT_STOCK');
    if (err.code === '23503') throw notFound(`Unknown location ${change.locationId}`);
    throw err;
  });
  return result.rows[0] as InventoryLevel;
}

export async function levelsOf(client: pg.PoolClient, variantId: string): Promise<InventoryLevel[]> {
  const { rows } = await client.query<InventoryLevel>(
    `SELECT location_id AS "locationId", on_hand AS "onHand", reserved FROM inventory_levels WHERE variant_id = $1 ORDER BY location_id`,
    [variantId],
  );
  return rows;
}
