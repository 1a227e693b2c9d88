import { Router } from 'express';
import { ApiPaths } from '@pl/contracts';
import { unauthorized, type Pool } from '@pl/service-kit';
import { findCustomerById } from '../db/customers.repo.js';
import { toCustomer } from '../domain/customer.js';
import { accountOf, requireActiveSession } from './require-session.js';

export function meRoutes(pool: Pool): Router {
  // Guests hold a session (for their cart) but no account: 401 like anonymous callers.
  return Router().get(ApiPaths.auth.me, requireActiveSession(pool), async (req, res) => {
    const customer = await findCustomerById(pool, accountOf(req).customerId);
    if (!customer) throw unauthorized();
    res.set('cache-control', 'no-store').json(toCustomer(customer));
  });
}
