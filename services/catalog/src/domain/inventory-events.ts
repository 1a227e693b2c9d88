import type pg from 'pg';
import { Subjects, type InventoryUpdatedData } from '@pl/contracts';
import { writeOutboxMany } from '@pl/service-kit';
import { levelsWithHolds, type LevelWithHolds, type VariantRef } from '../db/inventory.repo.js';
import { stockTotals } from './product-view.js';

export const INVENTORY_UPDATED = { type: 'inventory.updated', version: 1 } as const;

/**
 * Records `inventory.updated` for one variant in the caller's transaction, with the totals its
 * change produced: the event exists exactly when the change commits. Callers hold the variant's
 * lock and call this once per variant they changed, after their last change to it.
 */
export async function recordInventoryUpdated(client: pg.PoolClient, variant: VariantRef): Promise<InventoryUpdatedData> {
  return (await recordInventoryUpdatedMany(client, [variant]))[0]!;
}

/**
 * recordInventoryUpdated for several variants: their levels in one read, their events in one write,
 * in the order given. `known` gives the counts (location id -> on hand) of variants created in this
 * very transaction (no hold can name them yet), which need no read: a first sync announces 100 of
 * them a batch.
 */
export async function recordInventoryUpdatedMany(
  client: pg.PoolClient,
  variants: readonly VariantRef[],
  known: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(),
): Promise<InventoryUpdatedData[]> {
  if (variants.length === 0) return [];
  const levels = new Map<string, LevelWithHolds[]>();
  for (const [variantId, counts] of known) {
    levels.set(
      variantId,
      [...counts].map(([locationId, onHand]) => ({ variantId, locationId, onHand, reserved: 0, reservedByHolder: 0, reservedUntil: null })),
    );
  }
  const toRead = variants.filter((v) => !known.has(v.id)).map((v) => v.id);
  for (const level of toRead.length > 0 ? await levelsWithHolds(client, toRead, { clock: true }) : []) {
    levels.set(level.variantId, [...(levels.get(level.variantId) ?? []), level]);
  }
  const events = variants.map((variant) => {
    const totals = stockTotals(levels.get(variant.id) ?? []);
    const data: InventoryUpdatedData = {
      productId: variant.productId,
      variantId: variant.id,
      sku: variant.sku,
      onHand: totals.onHand,
      reserved: totals.reserved,
      available: totals.available,
    };
    return { subject: Subjects.inventoryUpdated(variant.sku), ...INVENTORY_UPDATED, data };
  });
  await writeOutboxMany(client, events);
  return events.map((e) => e.data);
}
