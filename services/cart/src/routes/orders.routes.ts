import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths, ORDER_LINK_KEY_PARAM, OrderLinkKey } from '@pl/contracts';
import { notFound } from '@pl/service-kit';
import { findHistory, findOrder, listOrders } from '../db/orders.repo.js';
import type { CartContext } from '../domain/cart-context.js';
import { toOrder } from '../domain/order-view.js';
import { sessionOf } from './require-session.js';

const OrderParams = z.object({ id: z.guid() });
/** `?key=`: the order e-mail link's key; anything malformed is no key. */
const OrderQuery = z.object({ [ORDER_LINK_KEY_PARAM]: OrderLinkKey.optional() });

/** Orders are read-only here: they are only ever created by confirmPayment. */
export function ordersRoutes(ctx: CartContext): Router {
  return Router()
    .get(ApiPaths.cart.orders, async (req, res) => {
      const { subject } = sessionOf(req);
      res.set('cache-control', 'no-store').json((await listOrders(ctx.pool, subject)).map((o) => toOrder(o)));
    })
    .get(`${ApiPaths.cart.orders}/:id`, async (req, res) => {
      const params = OrderParams.safeParse(req.params);
      const key = OrderQuery.safeParse(req.query).data?.[ORDER_LINK_KEY_PARAM];
      const order = params.success ? await findOrder(ctx.pool, params.data.id) : undefined;
      // The owner's session, or the order's own link key (a guest on another device). Someone else's
      // order, with or without a wrong key, is answered exactly like a missing one.
      const mayRead = order && (key ? ctx.orderLinks.opens(order.id, key) : req.principal.kind !== 'anonymous' && order.subject === req.principal.subject);
      if (!order || !mayRead) throw notFound('Order not found');
      res.set('cache-control', 'no-store').json(toOrder(order, await findHistory(ctx.pool, order.id)));
    });
}
