import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@pl/service-kit';
import { adminInventoryRoutes } from './routes/admin-inventory.routes.js';
import { categoriesRoutes } from './routes/categories.routes.js';
import { locationsRoutes } from './routes/locations.routes.js';
import { productsRoutes } from './routes/products.routes.js';

export function createApp({ pool, logger, verifier }: ServiceDeps): Express {
  return createServiceApp({
    pool,
    logger,
    verifier,
    routes: [productsRoutes(pool), categoriesRoutes(pool), locationsRoutes(pool), adminInventoryRoutes(pool)],
  });
}
