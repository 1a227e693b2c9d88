import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths, ProductListQuery, type ProductList } from '@pl/contracts';
import { notFound, parseInput, type Pool } from '@pl/service-kit';
import { findProduct } from '../db/products.repo.js';
import { nextStockLapse } from '../db/product-list.repo.js';
import { priceDropOf } from '../domain/markdowns.js';
import { listProducts } from '../domain/product-listing.js';
import { toProduct } from '../domain/product-view.js';
import { reservationExpiry, type ReadCache } from '../domain/read-cache.js';

const ProductParams = z.object({ id: z.guid('Product id must be a UUID') });

/** The list and a product's page: public reads, answered through the read cache. */
export function productsRoutes(pool: Pool, cache: ReadCache): Router {
  return Router()
    .get(ApiPaths.catalog.products, async (req, res) => {
      const query = parseInput(ProductListQuery, req.query);
      // "In stock only" leaves out products whose units are held: the answer ends when any such hold lapses.
      const expiry = async (list: ProductList) => {
        const ends = reservationExpiry(list.data);
        return query.inStock ? Math.min(ends, await nextStockLapse(pool)) : ends;
      };
      await cache.answer(req, res, () => listProducts(pool, query, { sortGiven: req.query.sort !== undefined }), expiry);
    })
    .get(`${ApiPaths.catalog.products}/:id`, async (req, res) => {
      const { id } = parseInput(ProductParams, req.params);
      await cache.answer(
        req,
        res,
        async () => {
          const product = await findProduct(pool, id);
          if (!product) throw notFound('Product not found');
          return { ...toProduct(product), priceDrop: await priceDropOf(pool, product) };
        },
        (product) => reservationExpiry([product]),
      );
    });
}
