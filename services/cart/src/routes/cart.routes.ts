import { Router } from 'express';
import { ApiPaths } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { findCartLines } from '../db/carts.repo.js';
import { toCart } from '../domain/cart-view.js';

export function cartRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.cart.cart, async (req, res) => {
    const principal = req.principal;
    // Reading never creates a cart: the first added line does. Without a session there is none.
    const lines = principal.kind === 'anonymous' ? [] : await findCartLines(pool, principal.subject);
    res.set('cache-control', 'no-store');
    res.json(toCart(lines));
  });
}
