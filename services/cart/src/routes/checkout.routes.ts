import { Router } from 'express';
import { ApiPaths, CreatePaymentIntentPayload, TestCardConfirmPayload, type PaymentMode } from '@pl/contracts';
import { parseInput } from '@pl/service-kit';
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
    // The browser never says what to charge, only what it showed: a body with anything else is refused.
    const { total } = req.body === undefined ? {} : parseInput(CreatePaymentIntentPayload, req.body);
    res.json(await createPaymentIntent(ctx, subject, kind, total));
  });
  if (ctx.payments.name === 'test-card') {
    router.post(ApiPaths.cart.testCardConfirm, async (req, res) => {
      res.json(await payWithTestCard(ctx, parseInput(TestCardConfirmPayload, req.body)));
    });
  }
  return router;
}
