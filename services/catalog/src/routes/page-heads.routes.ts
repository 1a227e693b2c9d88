import { Router } from 'express';
import { z } from 'zod';
import { CatalogInternalPaths, type PageHead } from '@pl/contracts';
import { notFound, parseInput, type Pool } from '@pl/service-kit';
import { findProduct } from '../db/products.repo.js';
import { productPageHead } from '../domain/product-page-head.js';
import { toProduct } from '../domain/product-view.js';
import { publicOriginOf } from './public-origin.js';

const Params = z.object({ id: z.guid('Product id must be a UUID') });

/** What a product page's first HTML says of the listing (decision 073): asked by the gateway, behind the internal token. A draft has no page. */
export function pageHeadsRoutes(pool: Pool): Router {
  return Router().get(CatalogInternalPaths.productPageHead(':id'), async (req, res) => {
    const { id } = parseInput(Params, req.params);
    const product = await findProduct(pool, id);
    if (!product) throw notFound('Product not found');
    res.set('cache-control', 'no-store').json(productPageHead(toProduct(product), publicOriginOf(req)) satisfies PageHead);
  });
}
