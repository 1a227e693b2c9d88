import { Router } from 'express';
import { CatalogInternalPaths, SetStockRequest, UpsertProductRequest } from '@pl/contracts';
import { parseInput, type Pool } from '@pl/service-kit';
import { setStock } from '../domain/set-stock.js';
import { upsertProduct } from '../domain/upsert-product.js';

/** What pos-sync writes (internal API, behind INTERNAL_API_TOKEN). Both are idempotent, hence PUT. */
export function posWritesRoutes(pool: Pool): Router {
  return Router()
    .put(CatalogInternalPaths.stock, async (req, res) => {
      res.json(await setStock(pool, parseInput(SetStockRequest, req.body)));
    })
    .put(CatalogInternalPaths.products, async (req, res) => {
      const result = await upsertProduct(pool, parseInput(UpsertProductRequest, req.body));
      res.status(result.created ? 201 : 200).json(result);
    });
}
