// The test-card provider's "card network": the payment form posts a card here, and a card the
// network accepts goes through confirmPayment exactly as a provider's webhook would.
import type { TestCardConfirmPayload, TestCardConfirmResult } from '@pl/contracts';
import { notFound } from '@pl/service-kit';
import { findPaymentByClientSecret } from '../db/payments.repo.js';
import { decideTestCard } from '../payments/test-card-provider.js';
import type { CartContext } from './cart-context.js';
import { confirmPayment } from './confirm-payment.js';
import { refuseChangedSince, refuseUnlessShown } from './line-prices.js';

/**
 * Pays the intent named by its client secret with the test card given; a refunded order (a unit
 * lost meanwhile) reads as failed. An intent not yet paid is charged only for the total the shopper
 * was shown and only while its prices are still the catalog's: else 409 and nothing is charged.
 */
export async function payWithTestCard(ctx: CartContext, card: TestCardConfirmPayload): Promise<TestCardConfirmResult> {
  const payment = await findPaymentByClientSecret(ctx.pool, card.clientSecret);
  if (!payment || payment.provider !== 'test-card' || !payment.providerPaymentId) throw notFound('Payment not found');
  // A paid one is answered again as it was (a repeated confirmation), whatever prices have done since.
  if (payment.status === 'pending' || payment.status === 'failed') {
    refuseUnlessShown(card.total, payment.amountCents);
    await refuseChangedSince(ctx, payment.snapshot.lines);
  }
  const decision = decideTestCard(card);
  if (!decision.ok) return { status: 'failed', message: decision.message, orderId: null };
  const order = await confirmPayment(ctx, { providerPaymentId: payment.providerPaymentId, amountCents: payment.amountCents });
  return order?.status === 'refunded' ? { status: 'failed', message: order.note ?? 'Your payment was refunded.', orderId: order.id } : { status: 'succeeded', orderId: order?.id ?? null };
}
