import { Router } from 'express';
import { z } from 'zod';
import {
  CatalogInternalPaths,
  ErrorCodes,
  SetStockRequest,
  UpsertProductBatchRequest,
  UpsertProductRequest,
  type OrderAllocations,
  type UpsertProductBatchResult,
} from '@pl/contracts';
import { AppError, notFound, parseInput, type Pool } from '@pl/service-kit';
import { findOrderAllocations } from '../db/order-allocations.repo.js';
import { setStock } from '../domain/set-stock.js';
import { upsertProduct } from '../domain/upsert-product.js';

const OrderParams = z.object({ orderId: z.string().min(1).max(128) });

/** What pos-sync writes and reads (internal API, behind INTERNAL_API_TOKEN). The writes are idempotent, hence PUT. */
export function posWritesRoutes(pool: Pool): Router {
  return Router()
    .put(CatalogInternalPaths.stock, async (req, res) => {
      res.json(await setStock(pool, parseInput(SetStockRequest, req.body)));
    })
    .put(CatalogInternalPaths.products, async (req, res) => {
      const result = await upsertProduct(pool, parseInput(UpsertProductRequest, req.body));
      res.status(result.created ? 201 : 200).json(result);
    })
    .put(CatalogInternalPaths.productsBatch, async (req, res) => {
      const { products } = parseInput(UpsertProductBatchRequest, req.body);
      // One transaction per product, one after the other: a product the catalog refuses (its skus
      // belong to two products, say) is reported in its place and does not undo the others.
      const results: UpsertProductBatchResult['results'] = [];
      for (const product of products) {
        try {
          results.push(await upsertProduct(pool, product));
        } catch (err) {
          if (err instanceof AppError) {
            results.push({ error: { status: err.status, code: err.code, message: err.message } });
            continue;
          }
          // Not the product's fault as far as we know (a database error): reported in its place as
          // a 500, so the caller retries it later and still learns what the others became.
          req.log.error({ err, skus: product.variants.map((v) => v.sku) }, 'batch upsert: product failed');
          results.push({ error: { status: 500, code: ErrorCodes.internal, message: 'The catalog could not save this product' } });
        }
      }
      res.json({ results } satisfies UpsertProductBatchResult);
    })
    .get(CatalogInternalPaths.orderAllocations(':orderId'), async (req, res) => {
      const { orderId } = parseInput(OrderParams, req.params);
      const lines = await findOrderAllocations(pool, orderId);
      if (lines.length === 0) throw notFound(`Order ${orderId} took no stock`);
      res.json({ orderId, lines } satisfies OrderAllocations);
    });
}
