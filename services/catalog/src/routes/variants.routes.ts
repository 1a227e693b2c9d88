import { Router } from 'express';
import { z } from 'zod';
import { CatalogInternalPaths, SKU_PATTERN, VariantInfoQuery, VariantPricesQuery, type VariantInfo, type VariantPrices } from '@pl/contracts';
import { notFound, parseInput, type Pool } from '@pl/service-kit';
import { findVariantInfo, findVariantPrices } from '../db/variant-info.repo.js';
import { holdRefusal } from '../domain/holds.js';
import { photoImages, toProductPhoto } from '../domain/product-view.js';

const VariantParams = z.object({ sku: z.string().regex(SKU_PATTERN, 'unknown sku format') });

/**
 * The cart's read of a variant by sku (internal API, behind INTERNAL_API_TOKEN). Asked with a
 * quantity, it also says whether a hold of it would be refused right now: the cart answers such a
 * shopper before writing or locking anything. And the prices of several, which the cart's lines
 * show and are paid at.
 */
export function variantsRoutes(pool: Pool): Router {
  return Router()
    .get(CatalogInternalPaths.variant(':sku'), async (req, res) => {
      const { sku } = parseInput(VariantParams, req.params);
      const { qty, holder } = parseInput(VariantInfoQuery, req.query);
      const [info, refusal] = await Promise.all([findVariantInfo(pool, sku), qty === undefined ? undefined : holdRefusal(pool, { sku, qty, holder })]);
      if (!info) throw notFound(`Unknown SKU ${sku}`);
      const { photos, ...rest } = info;
      // The cover photo is the line's image in the cart, at checkout, on the order and in its e-mails.
      const cover = photos.find((p) => p.cover);
      const image = cover ? toProductPhoto(cover).src : rest.image;
      const images = photos.length > 0 ? photoImages(photos) : rest.images;
      res.json({ ...rest, image, images, ...(refusal ? { refusal } : {}) } satisfies VariantInfo);
    })
    // The cart's lines cost what the catalog asks now, not what it asked when they were added.
    .get(CatalogInternalPaths.variantPrices, async (req, res) => {
      const { skus } = parseInput(VariantPricesQuery, req.query);
      res.json({ variants: await findVariantPrices(pool, skus) } satisfies VariantPrices);
    });
}
