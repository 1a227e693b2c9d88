import { Router, type Request } from 'express';
import { z } from 'zod';
import { ApiPaths, ORDER_LINK_KEY_PARAM, OrderLinkKey, OrdersQuery, RequestReturnPayload } from '@pl/contracts';
import { notFound, parseInput } from '@pl/service-kit';
import { findOrder, listOrders, type OrderRecord } from '../db/orders.repo.js';
import type { CartContext } from '../domain/cart-context.js';
import { orderDetails } from '../domain/order-desk.js';
import { requestReturn } from '../domain/order-returns.js';
import { toOrder } from '../domain/order-view.js';
import { sessionOf } from './require-session.js';

const OrderParams = z.object({ id: z.guid() });
/** `?key=`: the order e-mail link's key; anything malformed is no key. */
const OrderQuery = z.object({ [ORDER_LINK_KEY_PARAM]: OrderLinkKey.optional() });

/**
 * The order this request may act on: its owner's session, or the order's own link key (a guest on
 * another device). Someone else's order, with or without a wrong key, is answered exactly like a
 * missing one.
 */
async function orderOf(ctx: CartContext, req: Request): Promise<{ order: OrderRecord; byOwner: boolean }> {
  const params = OrderParams.safeParse(req.params);
  const key = OrderQuery.safeParse(req.query).data?.[ORDER_LINK_KEY_PARAM];
  const order = params.success ? await findOrder(ctx.pool, params.data.id) : undefined;
  const byOwner = order !== undefined && req.principal.kind !== 'anonymous' && order.subject === req.principal.subject;
  if (!order || !(byOwner || (key !== undefined && ctx.orderLinks.opens(order.id, key)))) throw notFound('Order not found');
  return { order, byOwner };
}

export function ordersRoutes(ctx: CartContext): Router {
  const answer = async (order: OrderRecord) => toOrder(order, await orderDetails(ctx.pool, order.id));
  return Router()
    .get(ApiPaths.cart.orders, async (req, res) => {
      const { subject } = sessionOf(req);
      const { payment } = parseInput(OrdersQuery, req.query);
      res.set('cache-control', 'no-store').json((await listOrders(ctx.pool, subject, payment)).map((o) => toOrder(o)));
    })
    .get(`${ApiPaths.cart.orders}/:id`, async (req, res) => {
      const { order } = await orderOf(ctx, req);
      res.set('cache-control', 'no-store').json(await answer(order));
    })
    .post(`${ApiPaths.cart.orders}/:id/returns`, async (req, res) => {
      const { order, byOwner } = await orderOf(ctx, req);
      const payload = parseInput(RequestReturnPayload, req.body);
      // The history names the customer when their own session asked; a link's holder stays unnamed.
      const actor = byOwner && order.customerKind === 'customer' ? { kind: 'customer' as const, id: order.subject } : null;
      await requestReturn(ctx, order.id, actor, payload);
      // The order as the request left it (read again: the return moved it on).
      res.set('cache-control', 'no-store').json(await answer((await findOrder(ctx.pool, order.id))!));
    });
}
