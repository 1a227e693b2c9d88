import { Router } from 'express';
import { ApiPaths } from '@pl/contracts';
import { unauthorized, type Pool } from '@pl/service-kit';
import { findCustomerById } from '../db/customers.repo.js';
import { toCustomer } from '../domain/customer.js';

export function meRoutes(pool: Pool): Router {
  return Router().get(ApiPaths.auth.me, async (req, res) => {
    const principal = req.principal;
    // Guests hold a session (for their cart) but no account.
    if (principal.kind !== 'customer') throw unauthorized();
    const customer = await findCustomerById(pool, principal.subject);
    // A valid token for a customer who no longer exists is a dead session, not an error.
    if (!customer) throw unauthorized();
    res.json(toCustomer(customer));
  });
}
