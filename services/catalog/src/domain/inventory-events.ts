import type pg from 'pg';
import { Subjects, type InventoryUpdatedData } from '@pl/contracts';
import { writeOutbox } from '@pl/service-kit';
import { levelsWithHolds, type VariantRef } from '../db/inventory.repo.js';
import { stockTotals } from './product-view.js';

export const INVENTORY_UPDATED = { type: 'inventory.updated', version: 1 } as const;

/**
 * Records `inventory.updated` for one variant in the caller's transaction, with the totals its
 * change produced: the event exists exactly when the change commits. Callers hold the variant's
 * lock and call this once per variant they changed, after their last change to it.
 */
export async function recordInventoryUpdated(client: pg.PoolClient, variant: VariantRef): Promise<InventoryUpdatedData> {
  const totals = stockTotals(await levelsWithHolds(client, [variant.id], { clock: true }));
  const data: InventoryUpdatedData = {
    productId: variant.productId,
    variantId: variant.id,
    sku: variant.sku,
    onHand: totals.onHand,
    reserved: totals.reserved,
    available: totals.available,
  };
  await writeOutbox(client, { subject: Subjects.inventoryUpdated(variant.sku), ...INVENTORY_UPDATED, data });
  return data;
}
