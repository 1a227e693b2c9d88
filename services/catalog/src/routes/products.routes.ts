import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths, CategoryId, type ProductList } from '@pl/contracts';
import { notFound, parseInput, type Pool } from '@pl/service-kit';
import { findProduct, listProducts } from '../db/products.repo.js';
import { toProduct } from '../domain/product-view.js';

const ListQuery = z.object({ category: CategoryId.optional() });
const ProductParams = z.object({ id: z.guid('Product id must be a UUID') });

export function productsRoutes(pool: Pool): Router {
  return Router()
    .get(ApiPaths.catalog.products, async (req, res) => {
      const query = parseInput(ListQuery, req.query);
      const body: ProductList = { data: (await listProducts(pool, { categoryId: query.category })).map(toProduct) };
      res.json(body);
    })
    .get(`${ApiPaths.catalog.products}/:id`, async (req, res) => {
      const { id } = parseInput(ProductParams, req.params);
      const product = await findProduct(pool, id);
      if (!product) throw notFound('Product not found');
      res.json(toProduct(product));
    });
}
