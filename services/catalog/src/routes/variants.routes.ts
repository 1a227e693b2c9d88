import { Router } from 'express';
import { z } from 'zod';
import { CatalogInternalPaths, type VariantInfo } from '@pl/contracts';
import { notFound, parseInput, type Pool } from '@pl/service-kit';
import { findVariantInfo } from '../db/variant-info.repo.js';

const VariantParams = z.object({ sku: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'unknown sku format') });

/** The cart's read of a variant by sku (internal API, behind INTERNAL_API_TOKEN). */
export function variantsRoutes(pool: Pool): Router {
  return Router().get(CatalogInternalPaths.variant(':sku'), async (req, res) => {
    const { sku } = parseInput(VariantParams, req.params);
    const info: VariantInfo | undefined = await findVariantInfo(pool, sku);
    if (!info) throw notFound(`Unknown SKU ${sku}`);
    res.json(info);
  });
}
