import express, { type Express, type RequestHandler } from 'express';
import { authenticate, requireInternalToken, type TokenVerifier } from './auth.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { refuseHostileInput } from './hostile-input.js';
import { healthRouter, type HealthOptions } from './health.js';
import { httpMetrics, metricsHandler } from './metrics.js';
import type { Queryable } from './db.js';
import type { Logger } from './logger.js';
import { requestContext } from './request-context.js';

export interface ServiceAppOptions {
  logger: Logger;
  verifier: TokenVerifier;
  /** The service's database: readiness fails while it does not answer. */
  pool?: Queryable;
  /** Further readiness checks. NATS is deliberately not one: while it is down, events wait in the outbox. */
  health?: HealthOptions;
  /** The service's routers, mounted in order after authentication. */
  routes: RequestHandler[];
  /**
   * The service's internal API for other services: routers serving paths under `/internal`, guarded
   * by the shared INTERNAL_API_TOKEN and mounted before session authentication (their bearer is that
   * token, not a session).
   */
  internal?: {
    token: string;
    routes: RequestHandler[];
    /** JSON body limit of the internal API (default: bodyLimit); read only once the token checked out. */
    bodyLimit?: string;
  };
  /** JSON body limit (default '100kb'). */
  bodyLimit?: string;
  /**
   * Paths whose JSON bodies stay raw bytes (`req.body` is a Buffer), e.g. a payment provider's
   * webhook, whose signature covers the exact bytes sent: re-serialised JSON would not verify.
   */
  rawBodyRoutes?: string[];
}

/**
 * The one way services build their Express app, so every service answers ids, errors, auth and
 * health the same, and refuses hostile input the same: refuseHostileInput before every route
 * (decision 043). The internal API is left to its schemas: its callers are the shop's own
 * processes relaying what they hold (a POS's product text is refused per product, not per batch).
 * Health comes before authentication: probes carry no token, and a JWKS outage must not make an
 * instance look dead.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestContext(options.logger));
  // Prometheus: GET /metrics on the service's own port, which the gateway never routes (decision 037).
  app.get('/metrics', metricsHandler());
  app.use(httpMetrics());
  const { pool } = options;
  const checks = { ...(pool ? { database: async () => void (await pool.query('SELECT 1')) } : {}), ...options.health?.checks };
  app.use(healthRouter({ ...options.health, checks }));
  // Before the JSON parser: a body read raw here is left alone by it.
  for (const route of options.rawBodyRoutes ?? []) app.post(route, express.raw({ type: 'application/json', limit: options.bodyLimit ?? '100kb' }));
  if (options.internal) {
    const limit = options.internal.bodyLimit ?? options.bodyLimit ?? '100kb';
    app.use('/internal', requireInternalToken(options.internal.token), express.json({ limit }));
    for (const router of options.internal.routes) app.use(router);
    app.use('/internal', notFoundHandler);
  }
  app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  // Every route's path, query and body are text before any route runs (decision 043).
  app.use(refuseHostileInput());
  app.use(authenticate(options.verifier));
  for (const router of options.routes) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
