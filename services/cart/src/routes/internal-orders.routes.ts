import { Router } from 'express';
import { CartInternalPaths, InternalOrderLookupRequest, type InternalOrderLookupResult } from '@pl/contracts';
import { parseInput } from '@pl/service-kit';
import { findOrderByNumber } from '../db/orders.repo.js';
import type { CartContext } from '../domain/cart-context.js';

/**
 * Identity's order lookup (internal API, behind INTERNAL_API_TOKEN): the order with this number, or
 * null. Identity compares the e-mail and mails the link; the shopper is told the same either way.
 */
export function internalOrdersRoutes(ctx: CartContext): Router {
  return Router().post(CartInternalPaths.orderLookup, async (req, res) => {
    const { number } = parseInput(InternalOrderLookupRequest, req.body);
    const order = await findOrderByNumber(ctx.pool, number);
    const result: InternalOrderLookupResult = {
      order: order
        ? { orderId: order.id, number: order.number, email: order.email, subject: order.subject, customerKind: order.customerKind, accessKey: ctx.orderLinks.keyOf(order.id) }
        : null,
    };
    res.json(result);
  });
}
