import { Router } from 'express';
import { CartInternalPaths, MergeGuestCartRequest } from '@pl/contracts';
import { parseInput } from '@pl/service-kit';
import type { CartContext } from '../domain/cart-context.js';
import { mergeGuestCart } from '../domain/merge-carts.js';

/**
 * The gateway's merge at sign-in (internal API, behind INTERNAL_API_TOKEN): answered once the
 * guest's lines are in the customer's cart, so the sign-in's answer reaches a browser whose next
 * cart read shows them. Asking again for the same sign-in changes nothing.
 */
export function mergesRoutes(ctx: CartContext): Router {
  return Router().post(CartInternalPaths.merges, async (req, res) => {
    await mergeGuestCart(ctx, parseInput(MergeGuestCartRequest, req.body));
    res.status(204).end();
  });
}
