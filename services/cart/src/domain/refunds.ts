// Refunds reach the payment provider exactly once each. The action that owes money (a
// cancellation, a received return) writes a pending refunds row in its own transaction; this pass
// sends it under the idempotency key refund-<id>, so a retry after a lost answer, or a second
// instance, gets the first refund back rather than a second one. The provider's answer (or its
// webhook, for refunds that settle later) settles the row, and the settling is announced
// (order.refund-settled, through the outbox) so the owner's order page shows it without a reload.
import { OrderRefundSettledData, Subjects } from '@pl/contracts';
import { withTransaction, writeOutbox } from '@pl/service-kit';
import type pg from 'pg';
import { claimDueRefunds, markRefundFailed, markRefundSent, scheduleRefundRetry, type DueRefund, type SettledRefund } from '../db/refunds.repo.js';
import { RefundRefusedError } from '../payments/payment-provider.js';
import type { CartContext } from './cart-context.js';

const BATCH = 10;
/** How often refunds left for later are looked for besides the kicks. */
export const REFUND_PASS_INTERVAL_MS = 5000;
/** Longer than a provider call with its retries can take: a claimed refund is not sent twice at once. */
const LEASE_MS = 2 * 60_000;
const MAX_RETRY_MS = 60 * 60_000;

/** 10 s, 20 s, 40 s … up to an hour between attempts. */
export const refundRetryDelayMs = (attempts: number) => Math.min(MAX_RETRY_MS, 10_000 * 2 ** Math.max(0, attempts - 1));

export const refundIdempotencyKey = (refundId: string) => `refund-${refundId}`;

/** Tells the order's owner that one of its refunds settled, in the transaction that settled it. */
export async function announceRefundSettled(tx: pg.PoolClient, settled: SettledRefund | undefined): Promise<void> {
  if (!settled) return;
  const data = OrderRefundSettledData.parse(settled);
  await writeOutbox(tx, { subject: Subjects.orderRefundSettled(data.orderId), type: 'order.refund-settled', data });
}

/** Sends every due refund; answers how many were handled. */
export async function sendDueRefunds(ctx: CartContext): Promise<number> {
  let handled = 0;
  for (;;) {
    const due = await claimDueRefunds(ctx.pool, BATCH, LEASE_MS);
    for (const refund of due) {
      await sendRefund(ctx, refund);
      handled++;
    }
    if (due.length < BATCH) return handled;
  }
}

async function sendRefund(ctx: CartContext, refund: DueRefund): Promise<void> {
  if (!refund.providerPaymentId) {
    await withTransaction(ctx.pool, async (tx) => announceRefundSettled(tx, await markRefundFailed(tx, refund.id, 'The payment has no provider reference to refund')));
    return;
  }
  try {
    const answer = await ctx.payments.refund({
      providerPaymentId: refund.providerPaymentId,
      amountCents: refund.amountCents,
      idempotencyKey: refundIdempotencyKey(refund.id),
      metadata: { orderId: refund.orderId, refundId: refund.id },
    });
    await withTransaction(ctx.pool, async (tx) => announceRefundSettled(tx, await markRefundSent(tx, refund.id, answer.providerRefundId, answer.status)));
    ctx.logger.info({ refundId: refund.id, orderId: refund.orderId, status: answer.status }, 'refund sent to the payment provider');
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 300) : String(err);
    if (err instanceof RefundRefusedError) {
      ctx.logger.error({ refundId: refund.id, orderId: refund.orderId, reason: message }, 'the payment provider refused a refund');
      await withTransaction(ctx.pool, async (tx) => announceRefundSettled(tx, await markRefundFailed(tx, refund.id, message)));
      return;
    }
    ctx.logger.warn({ err, refundId: refund.id, attempts: refund.attempts + 1 }, 'refund not sent; retrying later');
    await scheduleRefundRetry(ctx.pool, refund.id, message, refundRetryDelayMs(refund.attempts + 1));
  }
}
