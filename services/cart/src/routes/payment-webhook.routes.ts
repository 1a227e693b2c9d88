import { Router } from 'express';
import { ApiPaths } from '@pl/contracts';
import type { CartContext } from '../domain/cart-context.js';
import { handlePaymentEvent } from '../domain/payment-events.js';

/**
 * POST /api/webhooks/payments/stripe (the gateway routes it here without session or CSRF checks:
 * the signature is the authentication). The body arrives raw (createServiceApp rawBodyRoutes)
 * because the signature covers the exact bytes. Mounted only for a provider that has webhooks.
 */
export function paymentWebhookRoutes(ctx: CartContext): Router {
  const router = Router();
  const { payments } = ctx;
  if (payments.name !== 'stripe' || !payments.verifyWebhook) return router;
  router.post(ApiPaths.cart.stripeWebhook, async (req, res) => {
    const signature = req.get('stripe-signature');
    const event = payments.verifyWebhook!(req.body as Buffer, signature);
    const outcome = await handlePaymentEvent(ctx, payments.name, event);
    req.log.info({ eventId: event.id, kind: event.kind, outcome }, 'payment webhook handled');
    res.json({ received: true });
  });
  return router;
}
