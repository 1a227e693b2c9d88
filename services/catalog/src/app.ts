import type { Express } from 'express';
import { createServiceApp, type Logger, type Pool, type TokenVerifier } from '@pl/service-kit';
import { adminInventoryRoutes } from './routes/admin-inventory.routes.js';
import { categoriesRoutes } from './routes/categories.routes.js';
import { locationsRoutes } from './routes/locations.routes.js';
import { productsRoutes } from './routes/products.routes.js';

export interface CatalogDeps {
  pool: Pool;
  logger: Logger;
  verifier: TokenVerifier;
}

export function createApp({ pool, logger, verifier }: CatalogDeps): Express {
  return createServiceApp({
    logger,
    verifier,
    // NATS is not a readiness condition: while it is down, events wait in the outbox.
    health: { checks: { database: async () => void (await pool.query('SELECT 1')) } },
    routes: [productsRoutes(pool), categoriesRoutes(pool), locationsRoutes(pool), adminInventoryRoutes(pool)],
  });
}
