import { Router } from 'express';
import { z } from 'zod';
import {
  CatalogInternalPaths,
  ErrorCodes,
  ManifestReceivedQuery,
  SetStockRequest,
  UpsertProductBatchRequest,
  UpsertProductRequest,
  type OrderAllocations,
  type UpsertProductBatchResult,
} from '@pl/contracts';
import { AppError, notFound, parseInput, type Pool } from '@pl/service-kit';
import { receivedItemsJson } from '../db/manifests.repo.js';
import { findOrderAllocations } from '../db/order-allocations.repo.js';
import { setStock } from '../domain/set-stock.js';
import { upsertProduct, upsertProducts } from '../domain/upsert-product.js';

const OrderParams = z.object({ orderId: z.string().min(1).max(128) });
const ManifestParams = z.object({ manifestId: z.string().uuid('not a manifest id') });

const REFUSED_DATA = { status: 400, code: ErrorCodes.validation, message: 'The catalog cannot store this product as sent (the database refused its data)' };
const NOT_SAVED = { status: 500, code: ErrorCodes.internal, message: 'The catalog could not save this product' };
const refusedByDatabase = (err: unknown) => /^2[23]/.test(String((err as { code?: unknown }).code ?? ''));

/** What pos-sync writes and reads (internal API, behind INTERNAL_API_TOKEN): products and stock (idempotent, hence PUT), an order's units, a manifest batch's items. */
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
      // A product the catalog refuses (its skus belong to two products, say) is reported in its
      // place and does not undo the others.
      const outcomes = await upsertProducts(pool, products);
      const results: UpsertProductBatchResult['results'] = outcomes.map((outcome, i) => {
        if (!(outcome instanceof Error)) return outcome;
        if (outcome instanceof AppError) return { error: { status: outcome.status, code: outcome.code, message: outcome.message } };
        // A database error, reported in its place so the caller still learns what the others
        // became. Data the database refuses (class 22 data exception, 23 constraint) is the
        // product's fault and will not pass later either: a 400. Anything else may: a 500.
        req.log.error({ err: outcome, skus: products[i]!.variants.map((v) => v.sku) }, 'batch upsert: product failed');
        return { error: refusedByDatabase(outcome) ? REFUSED_DATA : NOT_SAVED };
      });
      res.json({ results } satisfies UpsertProductBatchResult);
    })
    .get(CatalogInternalPaths.orderAllocations(':orderId'), async (req, res) => {
      const { orderId } = parseInput(OrderParams, req.params);
      const lines = await findOrderAllocations(pool, orderId);
      if (lines.length === 0) throw notFound(`Order ${orderId} took no stock`);
      res.json({ orderId, lines } satisfies OrderAllocations);
    })
    .get(CatalogInternalPaths.manifestReceived(':manifestId'), async (req, res) => {
      const { manifestId } = parseInput(ManifestParams, req.params);
      // ManifestReceivedItems, as PostgreSQL wrote it.
      res.type('application/json').send(await receivedItemsJson(pool, manifestId, parseInput(ManifestReceivedQuery, req.query)));
    });
}
