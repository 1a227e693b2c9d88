// A provider's verified webhook events. Deliveries may repeat, race each other and arrive in any
// order; whatever the order, a payment that succeeded ends with exactly one order:
// - succeeded → confirmPayment (the test card's path too), which records the event in the
//   order's transaction; a repeat finds the order and finishes a stock commit a crash left;
// - payment_failed → the payment is marked failed (no order) unless it already succeeded, so a
//   late failure of an earlier attempt never undoes a paid order, and a later success still counts;
// - a refund's news → the refund row settles (refunds.repo settleRefund says which moves count).
import { AppError, withTransaction } from '@pl/service-kit';
import { findPaymentByProviderId, setPaymentStatus } from '../db/payments.repo.js';
import { settleRefund } from '../db/refunds.repo.js';
import { recordProcessedEvent } from '../db/processed-events.repo.js';
import { CHARGE_CURRENCY, type PaymentProvider, type ProviderEvent } from '../payments/payment-provider.js';
import type { CartContext } from './cart-context.js';
import { confirmPayment } from './confirm-payment.js';
import { announceRefundSettled } from './refunds.js';
import { CartErrorCodes } from './error-codes.js';

export type PaymentEventOutcome = 'order' | 'failed' | 'duplicate' | 'unknown-payment' | 'ignored' | 'refund-settled' | 'refund-unchanged';

export async function handlePaymentEvent(ctx: CartContext, source: PaymentProvider['name'], event: ProviderEvent): Promise<PaymentEventOutcome> {
  if (event.kind === 'ignored') return 'ignored';
  const processed = { source, id: event.id };

  if (event.kind === 'succeeded') {
    if (event.currency !== CHARGE_CURRENCY) {
      ctx.logger.error({ eventId: event.id, currency: event.currency }, 'payment confirmed in another currency: no order');
      throw new AppError(409, CartErrorCodes.paymentAmountMismatch, 'The confirmed amount does not match the payment');
    }
    const order = await confirmPayment(ctx, { providerPaymentId: event.providerPaymentId, amountCents: event.amountCents }, processed);
    return order ? 'order' : 'unknown-payment';
  }

  if (event.kind === 'refund') {
    return withTransaction(ctx.pool, async (client) => {
      if (!(await recordProcessedEvent(client, processed))) return 'duplicate';
      const { changed, settled } = await settleRefund(client, { providerRefundId: event.providerRefundId, refundId: event.refundId }, event.status);
      await announceRefundSettled(client, settled);
      ctx.logger.info({ eventId: event.id, providerRefundId: event.providerRefundId, status: event.status, settled: changed }, 'refund webhook');
      return changed ? 'refund-settled' : 'refund-unchanged';
    });
  }

  return withTransaction(ctx.pool, async (client) => {
    // Locking the payment first serialises this with confirmPayment, which takes the same lock.
    const payment = await findPaymentByProviderId(client, event.providerPaymentId, { lock: true });
    if (!(await recordProcessedEvent(client, processed))) return 'duplicate';
    if (!payment) {
      ctx.logger.warn({ eventId: event.id, providerPaymentId: event.providerPaymentId }, 'failure for an unknown payment ignored');
      return 'unknown-payment';
    }
    if (payment.status === 'creating' || payment.status === 'pending') await setPaymentStatus(client, payment.id, 'failed');
    ctx.logger.info({ paymentId: payment.id, eventId: event.id, reason: event.message }, 'payment attempt failed');
    return 'failed';
  });
}
