import { ErrorCodes, type UpsertProductRequest, type UpsertProductResult } from '@pl/contracts';
import { badRequest, conflict, notFound, withTransaction, type Pool } from '@pl/service-kit';
import { unknownLocations, type VariantRef } from '../db/inventory.repo.js';
import { insertProduct, insertVariant, lockSkus, lockVariantsBySkus, updateProduct, updateVariantPrice } from '../db/product-write.repo.js';
import { recordInventoryUpdated } from './inventory-events.js';
import { countOnHand } from './set-stock.js';

/**
 * Creates or updates a product from the POS, found by its variants' skus. The request is the
 * product's state: repeating it changes nothing and announces nothing. Variants the request does
 * not name are kept (they may be held or sold). One inventory.updated per variant that was
 * created or whose stock changed.
 */
export async function upsertProduct(pool: Pool, request: UpsertProductRequest): Promise<UpsertProductResult> {
  const skus = request.variants.map((v) => v.sku);
  const duplicate = skus.find((sku, i) => skus.indexOf(sku) !== i);
  if (duplicate) throw badRequest(`variants: SKU ${duplicate} appears twice`, ErrorCodes.validation);

  return withTransaction(pool, async (client) => {
    await lockSkus(client, skus);
    const [unknown] = await unknownLocations(client, request.variants.flatMap((v) => v.stock.map((s) => s.locationId)));
    if (unknown) throw notFound(`Unknown location ${unknown}`);

    const existing = new Map((await lockVariantsBySkus(client, skus)).map((v) => [v.sku, v]));
    const productIds = [...new Set([...existing.values()].map((v) => v.productId))];
    if (productIds.length > 1) throw conflict('These SKUs belong to different products', ErrorCodes.conflict);

    const { variants, ...fields } = request;
    const created = productIds.length === 0;
    const productId = created ? await insertProduct(client, fields) : (productIds[0] as string);
    if (!created) await updateProduct(client, productId, fields);

    const announce: VariantRef[] = [];
    for (const v of variants) {
      const before = existing.get(v.sku);
      const variant = before ?? (await insertVariant(client, productId, v));
      if (before) await updateVariantPrice(client, before.id, v.priceCents, v.compareAtCents ?? null);
      let stockChanged = false;
      for (const s of v.stock) stockChanged = (await countOnHand(client, variant.id, s.locationId, s.onHand)) || stockChanged;
      if (!before || stockChanged) announce.push(variant);
    }
    for (const variant of announce) await recordInventoryUpdated(client, variant);
    return { productId, created };
  });
}
