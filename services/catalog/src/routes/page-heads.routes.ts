import { Router } from 'express';
import { z } from 'zod';
import { CatalogInternalPaths, ProductListQuery, type PageHead } from '@pl/contracts';
import { notFound, parseInput, type Pool } from '@pl/service-kit';
import { findProduct } from '../db/products.repo.js';
import { categoryPageHead, productPageHead } from '../domain/page-heads.js';
import { listProducts } from '../domain/product-listing.js';
import { toProduct } from '../domain/product-view.js';
import { publicOriginOf } from './public-origin.js';

const Params = z.object({ id: z.guid('Product id must be a UUID') });
const CategoryParams = z.object({ id: z.string().regex(/^[a-z-]{1,40}$/, 'not a category id') });

/** What a product or category page's first HTML says of it (decision 073): asked by the gateway, behind the internal token. A draft has no page. */
export function pageHeadsRoutes(pool: Pool): Router {
  return Router()
    .get(CatalogInternalPaths.productPageHead(':id'), async (req, res) => {
      const { id } = parseInput(Params, req.params);
      const product = await findProduct(pool, id);
      if (!product) throw notFound('Product not found');
      res.set('cache-control', 'no-store').json(productPageHead(toProduct(product), publicOriginOf(req)) satisfies PageHead);
    })
    .get(CatalogInternalPaths.categoryPageHead(':id'), async (req, res) => {
      const { id } = parseInput(CategoryParams, req.params);
      const origin = publicOriginOf(req);
      const query = ProductListQuery.safeParse({ category: id, limit: 1 });
      if (!query.success) throw notFound('No such category');
      // The count the page titles itself with: the product list's total for this category alone.
      const { total = 0, totalIsAtLeast = false } = await listProducts(pool, query.data, { sortGiven: false });
      const head = categoryPageHead(id, { total, totalIsAtLeast }, origin);
      if (!head) throw notFound('No such category');
      res.set('cache-control', 'no-store').json(head satisfies PageHead);
    });
}
