import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths, ProductListQuery } from '@pl/contracts';
import { notFound, parseInput, type Pool } from '@pl/service-kit';
import { findProduct } from '../db/products.repo.js';
import { listProducts } from '../domain/product-listing.js';
import { toProduct } from '../domain/product-view.js';

const ProductParams = z.object({ id: z.guid('Product id must be a UUID') });

export function productsRoutes(pool: Pool): Router {
  return Router()
    .get(ApiPaths.catalog.products, async (req, res) => {
      const query = parseInput(ProductListQuery, req.query);
      res.json(await listProducts(pool, query, { sortGiven: req.query.sort !== undefined }));
    })
    .get(`${ApiPaths.catalog.products}/:id`, async (req, res) => {
      const { id } = parseInput(ProductParams, req.params);
      const product = await findProduct(pool, id);
      if (!product) throw notFound('Product not found');
      res.json(toProduct(product));
    });
}
