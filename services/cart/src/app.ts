import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@pl/service-kit';
import { cartRoutes } from './routes/cart.routes.js';

export function createApp({ pool, logger, verifier }: ServiceDeps): Express {
  return createServiceApp({
    pool,
    logger,
    verifier,
    routes: [cartRoutes(pool)],
  });
}
