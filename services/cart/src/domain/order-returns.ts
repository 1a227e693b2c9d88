// Money and units going back: the store cancels an order before it is handed over or shipped, a
// customer asks to return lines of an order picked up or delivered, the store receives them. Each
// action locks the order row, decides (order-transitions.ts, return-policy.ts) and writes, in one
// transaction, the order's new state, its history entry, the refund owed, the events that put the
// units back on sale (order.restock, for the catalog) and tell the owner (order.status-changed).
// The refund itself goes to the provider after the commit (refunds.ts), under its own key.
import type pg from 'pg';
import {
  centsToDecimal,
  decimalToCents,
  OrderRestockData,
  Subjects,
  type CancelOrderPayload,
  type OrderRestockData as RestockData,
  type ReceiveReturnPayload,
  type RequestReturnPayload,
} from '@pl/contracts';
import { badRequest, withTransaction, writeOutbox, type Queryable } from '@pl/service-kit';
import { insertHistory, setOrderStatus, type OrderRecord } from '../db/orders.repo.js';
import { insertRefund, refundedCents } from '../db/refunds.repo.js';
import { findReturns, insertReturns, markReturnsReceived } from '../db/returns.repo.js';
import type { CartContext } from './cart-context.js';
import { announceStatus, auditOrderAction, lockForAction, refuseAction, type Actor } from './order-desk.js';
import { decideCancel, decideReturnReceipt, decideReturnRequest, type Transition } from './order-transitions.js';
import { lineRefundCents, whyNotReturnable } from './return-policy.js';

async function restock(tx: pg.PoolClient, data: RestockData) {
  await writeOutbox(tx, { subject: Subjects.orderRestock(data.orderId), type: 'order.restock', data: OrderRestockData.parse(data) });
}

/** Whatever is left of the payment caps a refund (the tax shares of single lines may round up by a cent). */
async function refundable(tx: Queryable, order: OrderRecord, cents: number): Promise<number> {
  return Math.max(0, Math.min(cents, order.totalCents - (await refundedCents(tx, order.id))));
}

/** The store cancels the order: the whole payment back, every unit back on sale. Repeating it changes nothing. */
export async function cancelOrder(ctx: CartContext, orderId: string, actor: Actor, { reason }: CancelOrderPayload): Promise<void> {
  const moved = await withTransaction(ctx.pool, async (tx) => {
    const order = await lockForAction(tx, orderId);
    const decision: Transition = decideCancel(order);
    if (decision.kind === 'refuse') throw refuseAction(decision.message);
    if (decision.kind === 'already') return false;
    const amount = await refundable(tx, order, order.totalCents);
    await setOrderStatus(tx, order.id, 'cancelled', { note: `Cancelled by the store: ${reason}` });
    const refund = amount > 0 ? await insertRefund(tx, { orderId: order.id, reason: 'cancellation', amountCents: amount }) : null;
    await insertHistory(tx, { orderId: order.id, status: 'cancelled', actorKind: actor.kind, actorId: actor.id, details: { reason, refund: centsToDecimal(amount), refundId: refund?.id ?? null } });
    await auditOrderAction(tx, actor, order, 'order.cancelled', { status: order.status }, { status: 'cancelled', reason, refund: centsToDecimal(amount) });
    if (order.stockState === 'committed') {
      await restock(tx, { orderId: order.id, key: 'cancel', reason: 'cancellation', units: order.lines.map((l) => ({ sku: l.sku, qty: l.qty })) });
    }
    await announceStatus(ctx, tx, order, 'cancelled', { refundCents: amount, items: order.lines.map((l) => l.title), reason });
    return true;
  });
  if (moved) await ctx.refunds.kick();
}

/** The owner (or the holder of the order's link) asks to return lines, each with a reason. */
export async function requestReturn(ctx: CartContext, orderId: string, actor: Actor | null, { lines }: RequestReturnPayload, now = new Date()): Promise<void> {
  await withTransaction(ctx.pool, async (tx) => {
    const order = await lockForAction(tx, orderId);
    const decision = decideReturnRequest(order);
    if (decision.kind === 'refuse') throw refuseAction(decision.message);
    const asked = new Set((await findReturns(tx, order.id)).map((r) => r.lineIndex));
    const indexes = new Set<number>();
    for (const line of lines) {
      if (indexes.has(line.index)) throw badRequest(`Item ${line.index + 1} is listed twice.`);
      indexes.add(line.index);
      const why = whyNotReturnable(order, line.index, asked, now);
      if (why) throw refuseAction(why);
    }
    await insertReturns(
      tx,
      order.id,
      lines.map((l) => ({ index: l.index, reason: l.reason, comment: l.comment || null, refundCents: lineRefundCents(order, l.index) })),
    );
    const items = lines.map((l) => order.lines[l.index]!.title);
    const details = { lines: lines.map((l) => ({ index: l.index, title: order.lines[l.index]!.title, reason: l.reason, comment: l.comment || null })) };
    await insertHistory(tx, { orderId: order.id, status: 'return_requested', actorKind: actor ? actor.kind : 'customer', actorId: actor?.id ?? null, details });
    if (decision.kind === 'move') {
      await setOrderStatus(tx, order.id, 'return_requested');
      await announceStatus(ctx, tx, order, 'return_requested', { items });
    }
  });
}

/**
 * The store has the returned lines in hand: what became of each unit (back on sale at a grade,
 * possibly another, or unsellable), the refund of those lines, and the units back in the catalog.
 */
export async function receiveReturn(ctx: CartContext, orderId: string, actor: Actor, { lines }: ReceiveReturnPayload): Promise<void> {
  const refunded = await withTransaction(ctx.pool, async (tx) => {
    const order = await lockForAction(tx, orderId);
    const returns = new Map((await findReturns(tx, order.id)).map((r) => [r.lineIndex, r]));
    const open = [...returns.values()].filter((r) => r.status === 'requested');
    // A repeated receipt of lines already received changes nothing (a retried click).
    if (lines.every((l) => returns.get(l.index)?.status === 'received')) return false;
    for (const line of lines) {
      const ret = returns.get(line.index);
      const orderLine = order.lines[line.index];
      if (!ret || !orderLine) throw refuseAction(`No return was requested for item ${line.index + 1}.`);
      if (ret.status === 'received') throw refuseAction(`${orderLine.title}: this return was already received.`);
      if (line.units.length !== orderLine.qty) throw badRequest(`${orderLine.title}: say what became of each of its ${orderLine.qty} unit(s).`);
    }
    const decision = decideReturnReceipt(order, open.length - lines.length);
    if (decision.kind === 'refuse') throw refuseAction(decision.message);

    await markReturnsReceived(tx, order.id, lines);
    const cents = await refundable(tx, order, lines.reduce((sum, l) => sum + returns.get(l.index)!.refundCents, 0));
    const refund = cents > 0 ? await insertRefund(tx, { orderId: order.id, reason: 'return', amountCents: cents }) : null;
    const items = lines.map((l) => order.lines[l.index]!.title);
    const units = lines.flatMap((l) => {
      const orderLine = order.lines[l.index]!;
      return l.units.flatMap((u) => {
        if (u.outcome === 'unsellable') return [];
        if (u.grade === orderLine.conditionGrade) return [{ sku: orderLine.sku, qty: 1 }];
        return [{ sku: orderLine.sku, qty: 1, grade: u.grade, priceCents: u.price ? decimalToCents(u.price) : orderLine.unitPriceCents }];
      });
    });
    if (units.length > 0 && order.stockState === 'committed') {
      await restock(tx, { orderId: order.id, key: `return-${refund?.id ?? lines.map((l) => l.index).join('-')}`, reason: 'return', units });
    }
    const details = { lines: lines.map((l) => ({ index: l.index, title: order.lines[l.index]!.title, units: l.units })), refund: centsToDecimal(cents), refundId: refund?.id ?? null };
    await insertHistory(tx, { orderId: order.id, status: decision.kind === 'move' ? 'returned' : 'return_requested', actorKind: actor.kind, actorId: actor.id, details });
    await auditOrderAction(tx, actor, order, 'return.received', { status: order.status }, { status: decision.kind === 'move' ? 'returned' : order.status, ...details });
    if (decision.kind === 'move') {
      await setOrderStatus(tx, order.id, 'returned');
      await announceStatus(ctx, tx, order, 'returned', { refundCents: cents, items });
    }
    return refund !== null;
  });
  if (refunded) await ctx.refunds.kick();
}
