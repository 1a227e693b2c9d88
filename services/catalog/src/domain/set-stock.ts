import type { SetStockRequest, SetStockResult } from '@pl/contracts';
import { notFound, withTransaction, type Pool } from '@pl/service-kit';
import { levelsWithHolds, locationExists, lockVariantBySku, setOnHand } from '../db/inventory.repo.js';
import { unknownSku } from './holds.js';
import { recordInventoryUpdated } from './inventory-events.js';
import { stockTotals } from './product-view.js';

/**
 * A count from the POS: what is on hand of a sku at a location, absolute. Repeating a count
 * changes nothing and announces nothing. A count below what is held there is accepted (the shelf
 * is the truth); those holds then cannot be committed from that location.
 */
export async function setStock(pool: Pool, request: SetStockRequest): Promise<SetStockResult> {
  return withTransaction(pool, async (client) => {
    const variant = await lockVariantBySku(client, request.sku);
    if (!variant) throw unknownSku(request.sku);
    if (!(await locationExists(client, request.locationId))) throw notFound(`Unknown location ${request.locationId}`);
    const changed = await setOnHand(client, variant.id, request.locationId, request.onHand);
    const totals = changed ? await recordInventoryUpdated(client, variant) : stockTotals(await levelsWithHolds(client, [variant.id], { clock: true }));
    return {
      sku: variant.sku,
      locationId: request.locationId,
      onHand: request.onHand,
      changed,
      totalOnHand: totals.onHand,
      totalReserved: totals.reserved,
      totalAvailable: totals.available,
    };
  });
}
