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
      const result = actions.adjust(idempotencyKeyOf(req.get('idempotency-key')), req.body);
      if (result.replayed) res.set('Idempotent-Replayed', 'true');
      res.json(result.response);
    });
}

/** The Idempotency-Key header every write that may be retried carries (400 without one). */
export function idempotencyKeyOf(header: string | undefined): string {
  const key = IdempotencyKey.safeParse(header);
  if (!key.success) throw new PosError('invalid_request', 'An Idempotency-Key header of 1–255 characters is required');
  return key.data;
}
