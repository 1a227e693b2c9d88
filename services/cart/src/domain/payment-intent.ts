// POST /api/create-payment-intent: the server computes what is charged from the cart's lines at the
// catalog's prices now (refusing when the shopper was shown another total), holds every line for
// the payment window, and creates the payment with a key derived from the cart's content and
// prices, so asking again for the same cart gives the same intent and a new price a new one.
import { createHash } from 'node:crypto';
import { centsToDecimal, type PaymentIntentResponse } from '@pl/contracts';
import { AppError, badRequest, conflict, type PoolClient } from '@pl/service-kit';
import { findCart, findLinesOfCart, setLinePrices, updateLine } from '../db/carts.repo.js';
import { withAdvisoryLock } from '../db/cart-lock.js';
import { findPaymentByKey, insertPayment, setPaymentIntent, setPaymentSnapshot, type PaymentSnapshot } from '../db/payments.repo.js';
import { releaseQuietly, type CartContext } from './cart-context.js';
import { cartLockKey, holderOf } from './cart-lines.js';
import { cartTotals, isHeld, isLostUnique, isPayable, type CartLineRecord, type HoldFacts } from './cart-view.js';
import { holdFactsOf } from './hold-facts.js';
import { CartErrorCodes } from './error-codes.js';
import { refuseUnlessShown, withCurrentPrices } from './line-prices.js';

/**
 * A one-of-a-kind line that is no longer the shopper's is never charged (the cart's total already
 * leaves it out): paying waits until it is held again or removed, and the message names it.
 */
function refuseUnpayable(lines: readonly CartLineRecord[], now: Date, facts: HoldFacts): void {
  const unpayable = lines.filter((l) => !isPayable(l, now, facts));
  if (unpayable.length === 0) return;
  const say = (l: CartLineRecord) =>
    isLostUnique(l, facts, now)
      ? `${l.title} was sold in the store: remove it to pay for the rest.`
      : `Your reservation of ${l.title} ran out: hold it again or remove it before paying.`;
  throw conflict(unpayable.map(say).join(' '), CartErrorCodes.lineUnavailable);
}

/** The same lines (ids, skus, quantities, prices) give the same key; any change gives another. */
export function paymentKey(cartId: string, lines: readonly CartLineRecord[], totalCents: number): string {
  const content = lines.map((l) => [l.id, l.sku, l.qty, l.unitPriceCents]).sort();
  return createHash('sha256').update(JSON.stringify([cartId, content, totalCents])).digest('hex');
}

/** Extends the line's live holds to the payment window, or holds its units afresh; a refusal is the catalog's 409. */
async function holdForPayment(ctx: CartContext, client: PoolClient, cartId: string, line: CartLineRecord, preferLocationId: string | undefined): Promise<CartLineRecord> {
  const ttlSeconds = ctx.settings.paymentHoldSeconds;
  if (isHeld(line)) {
    try {
      const extended = await Promise.all(line.holdIds.map((id) => ctx.catalog.extendHold(id, ttlSeconds)));
      const holdExpiresAt = new Date(Math.min(...extended.map((h) => Date.parse(h.expiresAt))));
      await updateLine(client, line.id, { qty: line.qty, holdIds: line.holdIds, holdExpiresAt });
      return { ...line, holdExpiresAt };
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 409) throw err;
      // One of them lapsed meanwhile: hold the whole line again below.
    }
  }
  await releaseQuietly(ctx, line.holdIds);
  const hold = await ctx.catalog.createHold({ sku: line.sku, qty: line.qty, holder: holderOf(cartId), ttlSeconds, preferLocationId }).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 409) throw new AppError(409, err.code, `${line.title}: ${err.message}`);
    throw err;
  });
  const change = { qty: line.qty, holdIds: [hold.id], holdExpiresAt: new Date(hold.expiresAt) };
  await updateLine(client, line.id, change);
  return { ...line, ...change };
}

/**
 * `shownTotal`: the total the shopper was shown, when the page says it; a cart that now costs
 * another amount is refused before anything is held or created (line-prices.ts).
 */
export async function createPaymentIntent(ctx: CartContext, subject: string, kind: 'guest' | 'customer', shownTotal?: string): Promise<PaymentIntentResponse> {
  const cart = await findCart(ctx.pool, subject);
  return withAdvisoryLock(ctx.pool, cartLockKey(cart?.id ?? `none:${subject}`), async (client) => {
    const stored = cart ? await findLinesOfCart(client, cart.id) : [];
    if (!cart || stored.length === 0) throw badRequest('Your cart is empty', CartErrorCodes.empty);
    if (kind === 'guest' && !cart.checkout?.email) throw badRequest('Please enter your e-mail address before paying', CartErrorCodes.checkoutDetailsRequired);
    const now = new Date();
    const [lines, facts] = await Promise.all([withCurrentPrices(ctx, stored, { strict: true }), holdFactsOf(ctx, stored, now)]);
    refuseUnpayable(lines, now, facts);
    refuseUnlessShown(shownTotal, cartTotals(lines).totalCents);
    await setLinePrices(client, lines.filter((l, i) => l.unitPriceCents !== stored[i]!.unitPriceCents || l.compareAtCents !== stored[i]!.compareAtCents));

    const held: CartLineRecord[] = [];
    // A pickup's units come from its store when it has them (the order then takes them from there).
    const fulfilment = cart.checkout?.fulfilment;
    const store = fulfilment?.type === 'pickup' ? fulfilment.locationId : undefined;
    for (const line of lines) held.push(await holdForPayment(ctx, client, cart.id, line, store));

    const totals = cartTotals(held);
    const snapshot: PaymentSnapshot = {
      lines: held.map((l) => ({ lineId: l.id, sku: l.sku, title: l.title, image: l.image, conditionGrade: l.conditionGrade, unitPriceCents: l.unitPriceCents, qty: l.qty, holdIds: l.holdIds })),
      ...totals,
      checkout: cart.checkout,
      subjectKind: kind,
    };
    const key = paymentKey(cart.id, held, totals.totalCents);
    let payment = await findPaymentByKey(client, key);
    // A failed attempt leaves the intent open: the shopper may try another card on it.
    if (payment && payment.status !== 'creating' && payment.status !== 'pending' && payment.status !== 'failed') throw badRequest('This cart has already been paid', CartErrorCodes.alreadyPaid);
    if (payment) await setPaymentSnapshot(client, payment.id, snapshot);
    else payment = await insertPayment(client, { cartId: cart.id, subject, idempotencyKey: key, provider: ctx.payments.name, amountCents: totals.totalCents, snapshot });

    let clientSecret = payment.clientSecret;
    if (!clientSecret) {
      // 'creating' after a crash between insert and provider call: the same key finds the same intent at Stripe.
      const intent = await ctx.payments.createIntent({ amountCents: totals.totalCents, idempotencyKey: key, metadata: { paymentId: payment.id, cartId: cart.id } });
      await setPaymentIntent(client, payment.id, intent);
      clientSecret = intent.clientSecret;
    }
    return { clientSecret, provider: ctx.payments.name, publishableKey: ctx.payments.publishableKey, amount: centsToDecimal(totals.totalCents) };
  });
}
