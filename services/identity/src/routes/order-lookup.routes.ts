import { Router } from 'express';
import { ApiPaths, ORDER_LOOKUP_MESSAGE, OrderLookupPayload, type OrderLookupResult } from '@pl/contracts';
import { parseInput } from '@pl/service-kit';
import { clientKeyOf } from '../domain/client-ip.js';
import type { IdentityContext } from '../domain/identity-context.js';
import { requestOrderLink } from '../domain/order-lookup.js';

/** POST /api/orders/lookup: the same answer whether or not an order matches (the link goes by mail). */
export function orderLookupRoutes(ctx: IdentityContext): Router {
  return Router().post(ApiPaths.cart.orderLookup, async (req, res) => {
    await requestOrderLink(ctx, parseInput(OrderLookupPayload, req.body), clientKeyOf(req, ctx.trustedProxy));
    res.set('cache-control', 'no-store').json({ message: ORDER_LOOKUP_MESSAGE } satisfies OrderLookupResult);
  });
}
