import type pg from 'pg';
import { Subjects, type InventoryUpdatedData } from '@pl/contracts';
import { badRequest, notFound, writeOutbox } from '@pl/service-kit';
import { changeLevel, levelsOf, lockVariantBySku } from '../db/inventory.repo.js';
import { stockTotals } from './product-view.js';

export const INVENTORY_UPDATED = { type: 'inventory.updated', version: 1 } as const;

export interface StockChange {
  sku: string;
  locationId: string;
  /** A recount: the new on-hand quantity at this location. */
  onHand?: number;
  /** Received (+) or sold / written off (−) at this location. */
  onHandDelta?: number;
  /** Reservation placed (+) or released (−). */
  reservedDelta?: number;
}

/**
 * Changes one inventory level and records `inventory.updated` for the variant in the same
 * transaction (the caller's), so the event exists exactly when the change does. The variant row
 * is locked first: concurrent changes to one variant run one after another and every event
 * carries the totals that its own change produced.
 */
export async function recordStockChange(client: pg.PoolClient, change: StockChange): Promise<InventoryUpdatedData> {
  for (const [name, value] of Object.entries({ onHand: change.onHand, onHandDelta: change.onHandDelta, reservedDelta: change.reservedDelta })) {
    if (value !== undefined && !Number.isSafeInteger(value)) throw badRequest(`${name} must be a whole number`);
  }
  if (change.onHand !== undefined && change.onHandDelta !== undefined) throw badRequest('Give either onHand or onHandDelta, not both');

  const variant = await lockVariantBySku(client, change.sku);
  if (!variant) throw notFound(`Unknown SKU ${change.sku}`);
  await changeLevel(client, {
    variantId: variant.id,
    locationId: change.locationId,
    onHand: change.onHand,
    onHandDelta: change.onHandDelta ?? 0,
    reservedDelta: change.reservedDelta ?? 0,
  });
  const totals = stockTotals(await levelsOf(client, variant.id));
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
