import { Router } from 'express';
import { PosWebhookPath } from '@pl/contracts';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import { receivePosWebhook } from '../domain/receive-pos-webhook.js';
import { SIGNATURE_HEADER } from '../domain/webhook-signature.js';

/**
 * POST /api/webhooks/pos: deliveries from the POS. No session (the gateway routes webhooks without
 * one): the signature is the authentication. The body arrives raw (createServiceApp rawBodyRoutes)
 * because the signature covers the exact bytes.
 */
export function posWebhookRoutes(ctx: PosSyncContext): Router {
  return Router().post(PosWebhookPath, async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const { duplicate } = await receivePosWebhook(ctx, raw, req.get(SIGNATURE_HEADER));
    req.log.info({ eventId: req.get('pos-event-id'), duplicate }, 'POS webhook received');
    res.json({ received: true, duplicate });
  });
}
