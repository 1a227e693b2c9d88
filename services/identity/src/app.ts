import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@pl/service-kit';
import { meRoutes } from './routes/me.routes.js';

export function createApp({ pool, logger, verifier }: ServiceDeps): Express {
  return createServiceApp({
    pool,
    logger,
    verifier,
    routes: [meRoutes(pool)],
  });
}
