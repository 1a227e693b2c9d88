import { Router } from 'express';
import { z } from 'zod';
import { ApiPaths } from '@pl/contracts';
import { notFound } from '@pl/service-kit';
import { findHistories, findOrder, listOrders } from '../db/orders.repo.js';
import type { CartContext } from '../domain/cart-context.js';
import { toOrder } from '../domain/order-view.js';
import { sessionOf } from './require-session.js';

const OrderParams = z.object({ id: z.guid() });

/** Orders are read-only here: they are only ever created by confirmPayment. */
export function ordersRoutes(ctx: CartContext): Router {
  return Router()
    .get(ApiPaths.cart.orders, async (req, res) => {
      const { subject } = sessionOf(req);
      res.set('cache-control', 'no-store').json((await listOrders(ctx.pool, subject)).map((o) => toOrder(o)));
    })
    .get(`${ApiPaths.cart.orders}/:id`, async (req, res) => {
      const { subject } = sessionOf(req);
      const params = OrderParams.safeParse(req.params);
      const order = params.success ? await findOrder(ctx.pool, params.data.id) : undefined;
      // Someone else's order is answered exactly like a missing one.
      if (!order || order.subject !== subject) throw notFound('Order not found');
      const history = (await findHistories(ctx.pool, [order.id])).get(order.id) ?? [];
      res.set('cache-control', 'no-store').json(toOrder(order, history));
    });
}
