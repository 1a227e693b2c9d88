import { Router } from 'express';
import { ApiPaths, TestCardConfirmPayload, type TestCardConfirmResult } from '@pl/contracts';
import { badRequest, notFound, parseInput } from '@pl/service-kit';
import { findPaymentByClientSecret } from '../db/payments.repo.js';
import type { CartContext } from '../domain/cart-context.js';
import { confirmPayment } from '../domain/confirm-payment.js';
import { createPaymentIntent } from '../domain/payment-intent.js';
import { decideTestCard } from '../payments/test-card-provider.js';
import { sessionOf } from './require-session.js';

type Result = typeof TestCardConfirmResult._output;

export function checkoutRoutes(ctx: CartContext): Router {
  const router = Router().post(ApiPaths.cart.createPaymentIntent, async (req, res) => {
    const { subject, kind } = sessionOf(req);
    // The browser never says what to charge: any body at all is refused.
    if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Object.keys(req.body).length > 0)) {
      throw badRequest('This request takes no body');
    }
    res.json(await createPaymentIntent(ctx, subject, kind));
  });
  if (ctx.payments.name === 'test-card') {
    // The test-card provider's "card network": the form posts here, and a success goes through
    // confirmPayment exactly as a provider webhook would.
    router.post(ApiPaths.cart.testCardConfirm, async (req, res) => {
      const body = parseInput(TestCardConfirmPayload, req.body);
      const payment = await findPaymentByClientSecret(ctx.pool, body.clientSecret);
      if (!payment || payment.provider !== 'test-card' || !payment.providerPaymentId) throw notFound('Payment not found');
      const decision = decideTestCard(body);
      let result: Result;
      if (!decision.ok) result = { status: 'failed', message: decision.message, orderId: null };
      else {
        const order = await confirmPayment(ctx, { providerPaymentId: payment.providerPaymentId, amountCents: payment.amountCents });
        result = order?.status === 'refunded' ? { status: 'failed', message: order.note ?? 'Your payment was refunded.', orderId: order.id } : { status: 'succeeded', orderId: order?.id ?? null };
      }
      res.json(result);
    });
  }
  return router;
}
