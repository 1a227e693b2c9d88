import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@pl/service-kit';
import { adminRoutes } from './routes/admin.routes.js';

export function createApp({ pool, logger, verifier }: ServiceDeps): Express {
  return createServiceApp({
    pool,
    logger,
    verifier,
    routes: [adminRoutes(pool)],
  });
}
