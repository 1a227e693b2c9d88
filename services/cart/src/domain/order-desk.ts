// The store's order desk: moving an order on (ready for pickup, picked up, shipped, delivered) and
// reading orders the way the store needs them. An action locks the order row, decides from its
// status (order-transitions.ts), and writes the new status, the history entry and the
// order.status-changed event in one transaction: two admins clicking at once make one step, one
// entry and one event; a retried click answers the order as it is.
import type pg from 'pg';
import {
  centsToDecimal,
  ORDER_TRANSITION_ERROR,
  OrderStatusChangedData,
  Subjects,
  type AdminOrder,
  type AdminOrderQuery,
  type OrderAction,
  type OrderStatus,
  type Shipment,
} from '@pl/contracts';
import { conflict, notFound, recordAdminAction, withTransaction, writeOutbox, type Queryable } from '@pl/service-kit';
import { countDeskOrders, findHistory, findOrder, insertHistory, listDeskOrders, lockOrder, setOrderStatus, type OrderRecord } from '../db/orders.repo.js';
import { findRefunds } from '../db/refunds.repo.js';
import { findReturns } from '../db/returns.repo.js';
import { findPaymentById } from '../db/payments.repo.js';
import type { CartContext } from './cart-context.js';
import { decideTransition, deskActions } from './order-transitions.js';
import { isOverdue, shipmentOf, toAdminOrderSummary, toOrder, type OrderDetails } from './order-view.js';

export interface Actor {
  kind: 'admin' | 'customer';
  id: string;
  /** An admin's name as signed in, for the audit trail. */
  name?: string | null;
}

/**
 * An admin's action on an order in the audit trail (decision 051), in the transaction of the change;
 * a customer's own request (a return asked for) is the order's history, not an admin action.
 */
export async function auditOrderAction(tx: pg.PoolClient, actor: Actor, order: Pick<OrderRecord, 'id' | 'number'>, action: string, before: unknown, after: unknown): Promise<void> {
  if (actor.kind !== 'admin') return;
  await recordAdminAction(tx, { service: 'cart', actor: { subject: actor.id, name: actor.name ?? null }, action, target: { type: 'order', id: order.id, label: order.number }, before, after });
}

/** When a ready pickup that nobody collected turns overdue. */
export const overdueBefore = (ctx: CartContext, now = new Date()) => new Date(now.getTime() - ctx.settings.pickupOverdueDays * 86_400_000);

/** 409 ORDER_TRANSITION with the reason an action does not fit where the order is. */
export const refuseAction = (message: string) => conflict(message, ORDER_TRANSITION_ERROR);

/** Locks the order for an action (every action decides under this lock); an order still settling with the provider waits. */
export async function lockForAction(tx: Queryable, orderId: string): Promise<OrderRecord> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound('Order not found');
  if (order.stockState === 'pending') throw refuseAction('This order is still being settled with the payment provider. Try again in a moment.');
  return order;
}

/** What happened to the order for its owner's pages and mails (order.status-changed, through the outbox). */
export async function announceStatus(
  ctx: CartContext,
  tx: pg.PoolClient,
  order: OrderRecord,
  status: OrderStatus,
  extra: { shipment?: Shipment; refundCents?: number; items?: string[]; reason?: string } = {},
): Promise<void> {
  const data = OrderStatusChangedData.parse({
    orderId: order.id,
    number: order.number,
    subject: order.subject,
    email: order.email,
    status,
    previous: order.status,
    fulfilment: order.fulfilment,
    shipment: extra.shipment ?? shipmentOf(order),
    accessKey: ctx.orderLinks.keyOf(order.id),
    ...(extra.refundCents !== undefined ? { refund: centsToDecimal(extra.refundCents) } : {}),
    ...(extra.items ? { items: extra.items } : {}),
    ...(extra.reason ? { reason: extra.reason } : {}),
  });
  await writeOutbox(tx, { subject: Subjects.orderStatusChanged(order.id), type: 'order.status-changed', data });
}

export async function actOnOrder(ctx: CartContext, orderId: string, action: OrderAction, actor: Actor, input: { shipment?: Shipment } = {}): Promise<void> {
  await withTransaction(ctx.pool, async (tx) => {
    const order = await lockForAction(tx, orderId);
    const decision = decideTransition({ status: order.status, fulfilment: order.fulfilment, shipment: shipmentOf(order) }, action, input);
    if (decision.kind === 'refuse') throw refuseAction(decision.message);
    if (decision.kind === 'already') return;
    await setOrderStatus(tx, order.id, decision.to, { shipment: decision.shipment });
    const details = decision.shipment ? { ...decision.shipment } : action === 'picked_up' ? { idChecked: true } : null;
    await insertHistory(tx, { orderId: order.id, status: decision.to, actorKind: actor.kind, actorId: actor.id, details });
    await auditOrderAction(tx, actor, order, `order.${decision.to.replaceAll('_', '-')}`, { status: order.status }, { status: decision.to, ...(details ?? {}) });
    await announceStatus(ctx, tx, order, decision.to, { shipment: decision.shipment });
  });
}

/** Everything the order page shows beside the order: its history, returns and refunds. */
export async function orderDetails(db: Queryable, orderId: string): Promise<OrderDetails> {
  const [history, returns, refunds] = await Promise.all([findHistory(db, orderId), findReturns(db, orderId), findRefunds(db, orderId)]);
  return { history, returns, refunds };
}

export async function listOrdersForDesk(ctx: CartContext, query: AdminOrderQuery) {
  const before = overdueBefore(ctx);
  const { records, total } = await listDeskOrders(ctx.pool, query, before);
  return { data: records.map((o) => toAdminOrderSummary(o, before)), total };
}

export const countOrdersForDesk = (ctx: CartContext) => countDeskOrders(ctx.pool);

/** One order as the store sees it: with its payment, where its units came from and its whole history. */
export async function orderForDesk(ctx: CartContext, orderId: string): Promise<AdminOrder> {
  const order = await findOrder(ctx.pool, orderId);
  if (!order) throw notFound('Order not found');
  const [details, payment, allocations] = await Promise.all([orderDetails(ctx.pool, order.id), findPaymentById(ctx.pool, order.paymentId), allocationsOf(ctx, order)]);
  const { history } = details;
  return {
    ...toOrder(order, details),
    customer: { kind: order.customerKind, id: order.subject },
    payment: {
      provider: payment?.provider ?? 'unknown',
      reference: payment?.providerPaymentId ?? null,
      status: payment?.status ?? 'unknown',
      amount: centsToDecimal(payment?.amountCents ?? order.totalCents),
    },
    allocations,
    history: history.map((h) => ({ status: h.status, at: h.at.toISOString(), actor: { kind: h.actorKind, id: h.actorId }, details: h.details })),
    overdue: isOverdue(order, overdueBefore(ctx)),
    actions: deskActions(order),
  };
}

/** Where the units came from; an order whose stock was never committed took none. The catalog being down leaves it empty (logged). */
async function allocationsOf(ctx: CartContext, order: OrderRecord) {
  if (order.stockState !== 'committed') return [];
  try {
    return await ctx.catalog.orderAllocations(order.id);
  } catch (err) {
    ctx.logger.warn({ err, orderId: order.id }, 'could not read the order\'s allocations from the catalog');
    return [];
  }
}
