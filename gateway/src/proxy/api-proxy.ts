// /api/* goes to the service that owns the path (contracts RouteOwners), with the full path kept.
// Mounted before any body parser so request bodies stream through untouched.
import type { IncomingMessage } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ErrorCodes, ownerOf, type ServiceName } from '@pl/contracts';
import type { Logger } from '@pl/service-kit';
import type { SessionCookie } from '../auth/cookies.js';
import { requireAdmin, sessionMiddleware } from '../auth/session.js';
import type { SessionTokens } from '../auth/tokens.js';
import { answerUpstreamError, UPSTREAM_TIMEOUT } from './upstream-errors.js';
import { upstreamHeaders } from './upstream-headers.js';

export interface ApiProxyDeps {
  upstreams: Record<ServiceName, string>;
  upstreamTimeoutMs: number;
  publicOrigin: string;
  cookie: SessionCookie;
  tokens: SessionTokens;
  logger: Logger;
}

/**
 * The path exactly as sent, query cut off. Deliberately not `new URL(...)`: that resolves `..` and
 * would route `/api/cart/../admin/x` as an admin path while the admin check saw a cart path.
 */
const rawPathOf = (req: IncomingMessage) => (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';

/**
 * Dot segments, empty segments and encoded slashes or dots would let `/api/cart/../admin/x` be routed
 * (and checked) as one service's path but read by another router as something else. No client of
 * ours sends them, so they are refused outright.
 */
const rejectAmbiguousPaths: RequestHandler = (req, res, next) => {
  const path = rawPathOf(req);
  if (/\/\.{1,2}(\/|$)|\/\/|%2e|%2f|%5c|\\/i.test(path)) {
    res.status(400).json({ message: 'Malformed request path', code: ErrorCodes.badRequest });
    return;
  }
  next();
};

export function apiProxy(deps: ApiProxyDeps): Router {
  const proxy = createProxyMiddleware<IncomingMessage>({
    pathFilter: (_pathname, req) => ownerOf(rawPathOf(req)) !== undefined,
    router: (req) => deps.upstreams[ownerOf(rawPathOf(req))!],
    changeOrigin: true,
    on: {
      proxyReq(proxyReq) {
        // A service that goes silent for this long gets a 504 sent on its behalf, never a hang.
        proxyReq.setTimeout(deps.upstreamTimeoutMs, () => {
          proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: UPSTREAM_TIMEOUT }));
        });
      },
      error(err, req, res) {
        const service = ownerOf(rawPathOf(req)) ?? 'upstream';
        const log = (req as { log?: Logger }).log ?? deps.logger;
        answerUpstreamError(err as NodeJS.ErrnoException, service, res, log);
      },
    },
  });

  const router = Router();
  router.use('/api', rejectAmbiguousPaths);
  router.use('/api', sessionMiddleware(deps));
  router.use('/api/admin', requireAdmin());
  router.use('/api', upstreamHeaders(deps));
  router.use(proxy as unknown as RequestHandler);
  router.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found', code: ErrorCodes.notFound });
  });
  return router;
}
