import express, { type Express, type RequestHandler } from 'express';
import { authenticate, type TokenVerifier } from './auth.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { healthRouter, type HealthOptions } from './health.js';
import type { Logger } from './logger.js';
import { requestContext } from './request-context.js';

export interface ServiceAppOptions {
  logger: Logger;
  verifier: TokenVerifier;
  health: HealthOptions;
  /** The service's routers, mounted in order after authentication. */
  routes: RequestHandler[];
  /** JSON body limit (default '100kb'). */
  bodyLimit?: string;
}

/**
 * The one way services build their Express app, so every service answers ids, errors, auth and
 * health the same. Health comes before authentication: probes carry no token, and a JWKS outage
 * must not make an instance look dead.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestContext(options.logger));
  app.use(healthRouter(options.health));
  app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  app.use(authenticate(options.verifier));
  for (const router of options.routes) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
