import type { SetStockRequest, SetStockResult } from '@pl/contracts';
import { notFound, withTransaction, type Pool } from '@pl/service-kit';
import type { Queryable } from '@pl/service-kit';
import { loseUncoveredHolds } from '../db/holds.repo.js';
import { levelsWithHolds, locationExists, lockVariantBySku, setOnHand } from '../db/inventory.repo.js';
import { unknownSku } from './holds.js';
import { recordInventoryUpdated } from './inventory-events.js';
import { lockSkus } from '../db/product-write.repo.js';
import { makeDraftProducts, waitingDrafts } from '../manifests/manifest-drafts.js';
import { stockTotals } from './product-view.js';

/**
 * Records a count (the caller holds the variant's lock): the shelf is the truth, so a count below
 * what is held there ends the holds it can no longer cover, newest first ('lost': the store sold
 * the unit in person). Answers whether the count changed anything.
 */
export async function countOnHand(db: Queryable, variantId: string, locationId: string, onHand: number): Promise<boolean> {
  const changed = await setOnHand(db, variantId, locationId, onHand);
  if (changed) await loseUncoveredHolds(db, [{ variantId, locationId }]);
  return changed;
}

/**
 * A count from the POS: what is on hand of a sku at a location, absolute. Repeating a count
 * changes nothing and announces nothing.
 */
export async function setStock(pool: Pool, request: SetStockRequest): Promise<SetStockResult> {
  return withTransaction(pool, async (client) => {
    let variant = await lockVariantBySku(client, request.sku);
    // A manifest's draft waiting for its intake: a count of just the units waiting with it (the POS's
    // answer to creating the item) leaves it a row; another count makes it its product now.
    if (!variant) {
      await lockSkus(client, [request.sku]);
      const draft = (await waitingDrafts(client, [request.sku])).get(request.sku);
      if (draft && (draft.units.get(request.locationId) ?? 0) === request.onHand) {
        const units = [...draft.units.values()].reduce((n, u) => n + u, 0);
        return { sku: request.sku, locationId: request.locationId, onHand: request.onHand, changed: false, totalOnHand: units, totalReserved: 0, totalAvailable: units };
      }
      if ((await makeDraftProducts(client, [request.sku])).size > 0) variant = await lockVariantBySku(client, request.sku);
    }
    if (!variant) throw unknownSku(request.sku);
    if (!(await locationExists(client, request.locationId))) throw notFound(`Unknown location ${request.locationId}`);
    const changed = await countOnHand(client, variant.id, request.locationId, request.onHand);
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
