// The one way an order comes into being: a provider's verified confirmation (Stripe webhook or
// the test-card route) calls confirmPayment. It is safe to run any number of times, concurrently,
// on any instance: the order is unique per payment, its stock is committed in the catalog under
// the order's lock with the order id as idempotency key, and a repeat finishes what a crash left.
import { centsToDecimal, OrderPlacedData, OrderRestockData, Subjects, type Fulfilment } from '@pl/contracts';
import { AppError, inTransaction, withTransaction, writeOutbox } from '@pl/service-kit';
import { withAdvisoryLock } from '../db/cart-lock.js';
import { deleteLines, findCart } from '../db/carts.repo.js';
import { findOrder, findOrderByPayment, insertHistory, insertOrder, settleOrder, type OrderRecord } from '../db/orders.repo.js';
import { findPaymentByProviderId, setPaymentStatus, type PaymentRecord } from '../db/payments.repo.js';
import { recordProcessedEvent, type ProcessedEvent } from '../db/processed-events.repo.js';
import { releaseQuietly, type CartContext } from './cart-context.js';
import { CartErrorCodes } from './error-codes.js';

/** Why a paid order was refunded, naming what was lost (the order page and the payment-failed toast show it). */
export const lostUnitNote = (titles: readonly string[]) =>
  `${titles.length > 0 ? titles.join(', ') : 'An item in this order'} sold out before the payment completed. The payment has been refunded.`;

export interface ProviderConfirmation {
  providerPaymentId: string;
  /** What the provider says was charged, in cents: must equal what the server asked for. */
  amountCents: number;
}

/** Fulfilment as the shopper last saved it; a customer who never chose one picks up at the first store. */
async function fulfilmentOf(ctx: CartContext, payment: PaymentRecord): Promise<{ fulfilment: Fulfilment; email: string | null }> {
  const checkout = (await findCart(ctx.pool, payment.subject))?.checkout ?? payment.snapshot.checkout;
  if (checkout) return { fulfilment: checkout.fulfilment, email: checkout.email ?? null };
  // REVIEW: the checkout page saves details before paying; this only covers a customer who skipped it.
  const [first] = await ctx.catalog.locationIds();
  return { fulfilment: { type: 'pickup', locationId: first ?? 'unknown' }, email: null };
}

/** Returns the order of the payment (creating it the first time), or undefined for an unknown payment. */
export async function confirmPayment(
  ctx: CartContext,
  confirmation: ProviderConfirmation,
  /** The provider event this confirmation came from: recorded as processed in the order's transaction. */
  event?: ProcessedEvent,
): Promise<OrderRecord | undefined> {
  const known = await findPaymentByProviderId(ctx.pool, confirmation.providerPaymentId);
  if (!known) {
    ctx.logger.warn({ providerPaymentId: confirmation.providerPaymentId }, 'confirmation for an unknown payment ignored');
    return undefined;
  }
  if (confirmation.amountCents !== known.amountCents) {
    ctx.logger.error({ paymentId: known.id, expected: known.amountCents, got: confirmation.amountCents }, 'confirmed amount differs from the payment: no order');
    throw new AppError(409, CartErrorCodes.paymentAmountMismatch, 'The confirmed amount does not match the payment');
  }
  const details = await fulfilmentOf(ctx, known);
  const order = await withTransaction(ctx.pool, async (client) => {
    const payment = (await findPaymentByProviderId(client, confirmation.providerPaymentId, { lock: true }))!;
    if (event) await recordProcessedEvent(client, event);
    const existing = await findOrderByPayment(client, payment.id);
    if (existing) return existing;
    await setPaymentStatus(client, payment.id, 'succeeded');
    const { snapshot } = payment;
    const created = await insertOrder(client, {
      paymentId: payment.id,
      subject: payment.subject,
      customerKind: snapshot.subjectKind ?? 'customer',
      email: details.email,
      lines: snapshot.lines.map(({ title, sku, image, conditionGrade, unitPriceCents, qty }) => ({ title, sku, image: image ?? null, conditionGrade, unitPriceCents, qty })),
      subtotalCents: snapshot.subtotalCents,
      taxCents: snapshot.taxCents,
      shippingCents: 0,
      totalCents: snapshot.totalCents,
      fulfilment: details.fulfilment,
      // The provider confirming it is the one that took the payment: test mode took no money.
      testOrder: ctx.payments.testMode,
    });
    await insertHistory(client, { orderId: created.id, status: 'paid', actorKind: 'system', actorId: null, details: null });
    return created;
  });
  if (order.stockState !== 'pending') return order;
  return settleStock(ctx, known, order.id);
}

/**
 * Commits every hold of the order as a sale. If a unit was lost anyway (its hold expired and
 * someone else took it), the payment is refunded and the order marked so: never fulfilled twice.
 */
async function settleStock(ctx: CartContext, payment: PaymentRecord, orderId: string): Promise<OrderRecord> {
  return withAdvisoryLock(ctx.pool, `order:${orderId}`, async (client) => {
    const order = (await findOrder(client, orderId))!;
    if (order.stockState !== 'pending') return order;
    const holdIds = payment.snapshot.lines.flatMap((l) => l.holdIds);
    const uncommitted: string[] = [];
    const takenFrom = new Set<string>();
    for (const id of holdIds) {
      try {
        for (const a of (await ctx.catalog.commitHold(id, orderId)).allocations) takenFrom.add(a.locationId);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 409) throw err; // the catalog is down: a repeat confirmation finishes
        ctx.logger.warn({ orderId, holdId: id, reason: err.message }, 'a held unit was lost before the order could take it');
        uncommitted.push(id);
      }
    }
    const lostLines = payment.snapshot.lines.filter((l) => l.holdIds.length === 0 || l.holdIds.some((id) => uncommitted.includes(id)));
    const lost = lostLines.length > 0;
    if (lost) {
      await ctx.payments.refund({ providerPaymentId: payment.providerPaymentId!, idempotencyKey: `refund-${orderId}` });
      await releaseQuietly(ctx, uncommitted);
    }
    const transferFrom = lost ? [] : otherLocations(order, takenFrom);
    // On the locked client itself: waiting for a second connection while holding the lock could starve the pool.
    await inTransaction(client, async (tx) => {
      await settleOrder(
        tx,
        orderId,
        lost ? { stockState: 'lost', status: 'refunded', note: lostUnitNote(lostLines.map((l) => l.title)) } : { stockState: 'committed', status: 'paid', note: null, transferFrom },
      );
      if (lost) {
        await setPaymentStatus(tx, payment.id, 'refunded');
        await insertHistory(tx, { orderId, status: 'refunded', actorKind: 'system', actorId: null, details: { lostItems: lostLines.map((l) => l.title) } });
        // The units of the lines that were committed go back on sale: the order that took them was never a sale.
        const committed = payment.snapshot.lines.filter((l) => l.holdIds.length > 0 && !l.holdIds.some((id) => uncommitted.includes(id)));
        if (committed.length > 0) {
          const restock = OrderRestockData.parse({ orderId, key: 'unsold', reason: 'unsold', units: committed.map((l) => ({ sku: l.sku, qty: l.qty })) });
          await writeOutbox(tx, { subject: Subjects.orderRestock(orderId), type: 'order.restock', data: restock });
        }
      }
      // The lines that were paid for leave the cart; anything added since stays.
      await deleteLines(tx, payment.snapshot.lines.map((l) => l.lineId));
      if (!lost) {
        const data = OrderPlacedData.parse({
          orderId,
          number: order.number,
          subject: order.subject,
          customerKind: order.customerKind,
          email: order.email,
          fulfilment: order.fulfilment,
          accessKey: ctx.orderLinks.keyOf(orderId),
          ...(transferFrom.length > 0 ? { transferFrom } : {}),
          lines: order.lines.map((l) => ({ sku: l.sku, qty: l.qty, title: l.title, price: centsToDecimal(l.unitPriceCents), image: l.image ?? null })),
          total: centsToDecimal(order.totalCents),
        });
        await writeOutbox(tx, { subject: Subjects.orderPlaced, type: 'order.placed', data });
      }
    });
    return (await findOrder(client, orderId))!;
  });
}

/** For a pickup: the other locations its units were taken from (the chosen store lacked them), so the confirmation can say it takes longer. */
function otherLocations(order: OrderRecord, takenFrom: ReadonlySet<string>): string[] {
  if (order.fulfilment.type !== 'pickup') return [];
  const store = order.fulfilment.locationId;
  return [...takenFrom].filter((l) => l !== store);
}
