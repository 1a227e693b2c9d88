import type { Express } from 'express';
import { createServiceApp, type Logger, type Pool, type TokenVerifier } from '@pl/service-kit';
import { meRoutes } from './routes/me.routes.js';

export interface IdentityDeps {
  pool: Pool;
  logger: Logger;
  verifier: TokenVerifier;
}

export function createApp({ pool, logger, verifier }: IdentityDeps): Express {
  return createServiceApp({
    logger,
    verifier,
    // NATS is not a readiness condition: while it is down, events wait in the outbox.
    health: { checks: { database: async () => void (await pool.query('SELECT 1')) } },
    routes: [meRoutes(pool)],
  });
}
