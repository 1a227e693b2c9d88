// The POS's HTTP surface: back office, then /v1 behind the guard, then JSON 404 and one error
// handler (a PosError answers its status and code; malformed JSON is 400; anything else a plain 500).
import express, { type ErrorRequestHandler } from 'express';
import { errorBody, PosError } from './errors.js';
import type { PosActions } from './pos-actions.js';
import { backOfficeRoutes } from './back-office/page.js';
import type { CursorCodec } from './routes/cursor.js';
import { apiGuard } from './routes/guard.js';
import { inventoryRoutes } from './routes/inventory.routes.js';
import { merchantRoutes } from './routes/merchant.routes.js';
import { productRoutes } from './routes/products.routes.js';
import type { RateLimiter } from './routes/rate-limiter.js';
import { webhookSubscriptionRoutes } from './routes/webhook-subscription.routes.js';
import type { CatalogStore } from './store/catalog-store.js';
import type { WebhookSubscriptions } from './store/webhook-subscriptions.js';

export interface PosAppDeps {
  apiKey: string;
  store: CatalogStore;
  actions: PosActions;
  subscriptions: WebhookSubscriptions;
  rateLimiter: RateLimiter;
  cursors: CursorCodec;
  isDown: () => boolean;
  isThrottled?: () => boolean;
  log: (line: string) => void;
}

export function createPosApp(deps: PosAppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(backOfficeRoutes());
  app.use('/v1', apiGuard(deps), express.json({ limit: '1mb' }));
  app.use(merchantRoutes(deps.store));
  app.use(productRoutes(deps.store, deps.actions, deps.cursors));
  app.use(inventoryRoutes(deps.actions));
  app.use(webhookSubscriptionRoutes(deps.subscriptions));
  app.use((req, res) => {
    res.status(404).json(errorBody('not_found', `No route ${req.method} ${req.path}`));
  });
  app.use(errorHandler(deps.log));
  return app;
}

function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (error instanceof PosError) {
      res.status(error.status).set(error.headers).json(errorBody(error.code, error.message));
      return;
    }
    // body-parser's errors carry a 4xx status (malformed JSON, too large, bad charset).
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const malformed = (error as { type?: unknown }).type === 'entity.parse.failed';
      res.status(status).json(errorBody('invalid_request', malformed ? 'Malformed JSON body' : 'Unreadable request body'));
      return;
    }
    log(`error on ${req.method} ${req.path}: ${error instanceof Error ? error.message : String(error)}`);
    res.status(500).json(errorBody('internal_error', 'Internal error'));
  };
}
