import { Router } from 'express';
import { PosError } from '../errors.js';
import { idempotencyKeyOf } from './inventory.routes.js';
import type { PosActions } from '../pos-actions.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { toWireProduct } from '../wire.js';
import type { CursorCodec } from './cursor.js';
import { parseInput, ProductListQuery } from './schemas.js';

export function productRoutes(store: CatalogStore, actions: PosActions, cursors: CursorCodec): Router {
  return Router()
    .get('/v1/products', (req, res) => {
      const query = parseInput(ProductListQuery, req.query, 'query');
      const since = query.updated_since === undefined ? null : Date.parse(query.updated_since);
      const after = query.cursor === undefined ? null : cursors.decode(query.cursor, since);
      const page = store.page({ since, after, limit: query.limit });
      const last = page.products.at(-1);
      res.json({
        products: page.products.map(toWireProduct),
        next_cursor: page.more && last ? cursors.encode({ updatedAt: last.updatedAt, id: last.id, since }) : null,
        total_count: page.total,
      });
    })
    .post('/v1/products/batch', (req, res) => {
      const result = actions.createProducts(idempotencyKeyOf(req.get('idempotency-key')), req.body);
      if (result.replayed) res.set('Idempotent-Replayed', 'true');
      res.json(result.response);
    })
    .post('/v1/prices/batch', (req, res) => {
      const result = actions.updatePrices(idempotencyKeyOf(req.get('idempotency-key')), req.body);
      if (result.replayed) res.set('Idempotent-Replayed', 'true');
      res.json(result.response);
    })
    .get('/v1/products/:id', (req, res) => {
      const product = store.get(req.params.id);
      if (!product) throw new PosError('not_found', `Unknown product ${req.params.id}`);
      res.json({ product: toWireProduct(product) });
    })
    .patch('/v1/products/:id', (req, res) => {
      res.json({ product: actions.updateProduct(req.params.id, req.body) });
    });
}
