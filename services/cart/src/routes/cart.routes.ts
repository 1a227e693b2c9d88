import { Router, type Response } from 'express';
import { z } from 'zod';
import { AddToCartPayload, ApiPaths, CheckoutDetailsPayload, UpdateCartLinePayload } from '@pl/contracts';
import { notFound, parseInput } from '@pl/service-kit';
import { findCartWithLines } from '../db/carts.repo.js';
import type { CartContext } from '../domain/cart-context.js';
import { addLine, removeLine, setLineQty } from '../domain/cart-lines.js';
import { toCart } from '../domain/cart-view.js';
import { saveCheckoutDetails } from '../domain/checkout-details.js';
import { holdFactsOf } from '../domain/hold-facts.js';
import { withCurrentPrices } from '../domain/line-prices.js';
import { sessionOf } from './require-session.js';

const LineParams = z.object({ id: z.guid() });
const lineIdOf = (params: unknown) => {
  const parsed = LineParams.safeParse(params);
  if (!parsed.success) throw notFound('Cart line not found');
  return parsed.data.id;
};

export function cartRoutes(ctx: CartContext): Router {
  const sendCart = async (res: Response, subject: string | undefined, status = 200) => {
    // Reading never creates a cart: the first added line does. Without a session there is none.
    const { cart, lines: stored } = subject ? await findCartWithLines(ctx.pool, subject) : { cart: undefined, lines: [] };
    // At the catalog's prices now: what the shopper is shown is what a payment started now charges.
    const [lines, facts] = await Promise.all([withCurrentPrices(ctx, stored), holdFactsOf(ctx, stored)]);
    res.set('cache-control', 'no-store');
    res.status(status).json(toCart(lines, { checkout: cart?.checkout ?? null, ...facts }));
  };
  return Router()
    .get(ApiPaths.cart.cart, async (req, res) => {
      await sendCart(res, req.principal.kind === 'anonymous' ? undefined : req.principal.subject);
    })
    .post(ApiPaths.cart.lines, async (req, res) => {
      const { subject } = sessionOf(req);
      await addLine(ctx, subject, parseInput(AddToCartPayload, req.body));
      await sendCart(res, subject, 201);
    })
    .patch(ApiPaths.cart.line(':id'), async (req, res) => {
      const { subject } = sessionOf(req);
      const id = lineIdOf(req.params);
      await setLineQty(ctx, subject, id, parseInput(UpdateCartLinePayload, req.body).qty);
      await sendCart(res, subject);
    })
    .delete(ApiPaths.cart.line(':id'), async (req, res) => {
      const { subject } = sessionOf(req);
      await removeLine(ctx, subject, lineIdOf(req.params));
      await sendCart(res, subject);
    })
    .put(ApiPaths.cart.checkoutDetails, async (req, res) => {
      const { subject, kind } = sessionOf(req);
      await saveCheckoutDetails(ctx, subject, kind, parseInput(CheckoutDetailsPayload, req.body));
      await sendCart(res, subject);
    });
}
