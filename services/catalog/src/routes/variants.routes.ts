import { Router } from 'express';
import { z } from 'zod';
import { CatalogInternalPaths, SKU_PATTERN, VariantInfoQuery, type VariantInfo } from '@pl/contracts';
import { notFound, parseInput, type Pool } from '@pl/service-kit';
import { findVariantInfo } from '../db/variant-info.repo.js';
import { holdRefusal } from '../domain/holds.js';

const VariantParams = z.object({ sku: z.string().regex(SKU_PATTERN, 'unknown sku format') });

/**
 * The cart's read of a variant by sku (internal API, behind INTERNAL_API_TOKEN). Asked with a
 * quantity, it also says whether a hold of it would be refused right now: the cart answers such a
 * shopper before writing or locking anything.
 */
export function variantsRoutes(pool: Pool): Router {
  return Router().get(CatalogInternalPaths.variant(':sku'), async (req, res) => {
    const { sku } = parseInput(VariantParams, req.params);
    const { qty, holder } = parseInput(VariantInfoQuery, req.query);
    const [info, refusal] = await Promise.all([findVariantInfo(pool, sku), qty === undefined ? undefined : holdRefusal(pool, { sku, qty, holder })]);
    if (!info) throw notFound(`Unknown SKU ${sku}`);
    res.json({ ...info, ...(refusal ? { refusal } : {}) } satisfies VariantInfo);
  });
}
