import { Router } from 'express';
import { ApiPaths, TestCardConfirmPayload, type PaymentMode } from '@pl/contracts';
import { badRequest, parseInput } from '@pl/service-kit';
import type { CartContext } from '../domain/cart-context.js';
import { createPaymentIntent } from '../domain/payment-intent.js';
import { payWithTestCard } from '../domain/test-card-payment.js';
import { sessionOf } from './require-session.js';

export function checkoutRoutes(ctx: CartContext): Router {
  const mode: PaymentMode = { provider: ctx.payments.name, testMode: ctx.payments.testMode };
  const router = Router();
  // The one answer to "are payments real?": the provider the payment intent names too. Every page's
  // test-mode banner asks it (decision 042); the same for every visitor, so caches may keep it a minute.
  router.get(ApiPaths.cart.paymentMode, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(mode);
  });
  router.post(ApiPaths.cart.createPaymentIntent, async (req, res) => {
    const { subject, kind } = sessionOf(req);
    // The browser never says what to charge: any body at all is refused.
    if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Object.keys(req.body).length > 0)) {
      throw badRequest('This request takes no body');
    }
    res.json(await createPaymentIntent(ctx, subject, kind));
  });
  if (ctx.payments.name === 'test-card') {
    router.post(ApiPaths.cart.testCardConfirm, async (req, res) => {
      res.json(await payWithTestCard(ctx, parseInput(TestCardConfirmPayload, req.body)));
    });
  }
  return router;
}
