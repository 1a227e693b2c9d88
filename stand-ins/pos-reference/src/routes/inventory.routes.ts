import { Router } from 'express';
import { PosError } from '../errors.js';
import type { PosActions } from '../pos-actions.js';
import { IdempotencyKey } from './schemas.js';

export function inventoryRoutes(actions: PosActions): Router {
  return Router()
    .post('/v1/inventory/counts', (req, res) => {
      res.json({ count: actions.setCount(req.body) });
    })
    .post('/v1/inventory/adjustments', (req, res) => {
      const key = IdempotencyKey.safeParse(req.get('idempotency-key'));
      if (!key.success) throw new PosError('invalid_request', 'An Idempotency-Key header of 1–255 characters is required');
      const result = actions.adjust(key.data, req.body);
      if (result.replayed) res.set('Idempotent-Replayed', 'true');
      res.json(result.response);
    });
}
