import type { Express } from 'express';
import { createServiceApp, type Logger, type Pool, type TokenVerifier } from '@pl/service-kit';
import { cartRoutes } from './routes/cart.routes.js';

export interface CartDeps {
  pool: Pool;
  logger: Logger;
  verifier: TokenVerifier;
}

export function createApp({ pool, logger, verifier }: CartDeps): Express {
  return createServiceApp({
    logger,
    verifier,
    // NATS is not a readiness condition: while it is down, events wait in the outbox.
    health: { checks: { database: async () => void (await pool.query('SELECT 1')) } },
    routes: [cartRoutes(pool)],
  });
}
