// /api/* goes to the service that owns the path (contracts RouteOwners), with the full path kept,
// and so do the few paths a service owns outside /api (the catalog's sitemaps and feed, decision 070).
// Mounted before any body parser so request bodies stream through untouched.
import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ApiPaths, ErrorCodes, isPublicRead, Jwt, ownerOf, RouteOwners } from '@pl/contracts';
import { neverReachedService, type Logger } from '@pl/service-kit';
import type { SessionCookie } from '../auth/cookies.js';
import type { DeviceCookies } from '../auth/device-cookie.js';
import { requireAdmin, type Sessions } from '../auth/session.js';
import { rawPathOf } from '../http/paths.js';
import { csrfProtection } from '../security/csrf.js';
import type { EdgeCache } from './edge-cache.js';
import { answerUpstreamError, UPSTREAM_TIMEOUT } from '../http/upstream-errors.js';
import type { ServiceInstances } from './service-instances.js';
import { upstreamHeaders } from './upstream-headers.js';

export interface ApiProxyDeps {
  /** Each service's instances: a request goes to the next in turn (decision 039). */
  instances: ServiceInstances;
  upstreamTimeoutMs: number;
  publicOrigin: string;
  cookie: SessionCookie;
  devices: DeviceCookies;
  sessions: Sessions;
  /** What the gateway answers itself under /api (sign-in, registration, sign-out). */
  ownRoutes: Router;
  /** Origins whose pages may send unsafe API requests (CSRF check). */
  trustedOrigins: readonly string[];
  /** Keeps the catalogue answers the catalog says may be kept. */
  edge: EdgeCache;
  logger: Logger;
}

/**
 * Dot segments, empty segments and encoded slashes or dots would let `/api/cart/../admin/x` be routed
 * (and checked) as one service's path but read by another router as something else. No client of
 * ours sends them, so they are refused outright.
 */
export const AMBIGUOUS_PATH = /\/\.{1,2}(\/|$)|\/\/|%2e|%2f|%5c|\\/i;

const rejectAmbiguousPaths: RequestHandler = (req, res, next) => {
  const path = rawPathOf(req);
  if (AMBIGUOUS_PATH.test(path)) {
    res.status(400).json({ message: 'Malformed request path', code: ErrorCodes.badRequest });
    return;
  }
  next();
};

/**
 * Connections to a service are kept and reused, at most this many at once per service (more
 * requests wait here for one): a rush of two hundred adds otherwise opened two hundred connections
 * to the cart, paying a TCP handshake and a new parser on both sides for each (decision 034).
 */
const UPSTREAM_SOCKETS = 64;

/**
 * What services own outside /api: public documents for crawlers, no session's business (none is
 * started or forwarded). They get the same path check and forwarded headers as /api: the catalog
 * writes its absolute URLs from X-Forwarded-Proto and -Host, which only we may set.
 */
const OWNED_OUTSIDE_API = RouteOwners.map((owner) => owner.prefix).filter((prefix) => !prefix.startsWith('/api/'));

export function apiProxy(deps: ApiProxyDeps): Router {
  // Idle connections close a second before the service would close them (its Keep-Alive hint).
  const agent = new Agent({ keepAlive: true, maxSockets: UPSTREAM_SOCKETS });
  /** Where each request went, and on which connection: a refused one may go to another instance. */
  const attempts = new WeakMap<IncomingMessage, { url: string; tries: number; proxyReq?: ClientRequest }>();
  const proxyFor = (publicReads: boolean): RequestHandler => {
    const middleware: RequestHandler = createProxyMiddleware<IncomingMessage>({
      agent,
      pathFilter: (_pathname, req) => ownerOf(rawPathOf(req)) !== undefined,
      router: (req) => {
        const url = deps.instances.of(ownerOf(rawPathOf(req))!).pick();
        attempts.set(req, { url, tries: (attempts.get(req)?.tries ?? 0) + 1 });
        return url;
      },
      changeOrigin: true,
      // A public read's answer is sent by the edge cache (compressed, perhaps kept); any other streams through.
      selfHandleResponse: publicReads,
      on: {
        proxyReq(proxyReq, req) {
          const attempt = attempts.get(req);
          if (attempt) attempt.proxyReq = proxyReq;
          // A service that goes silent for this long gets a 504 sent on its behalf, never a hang.
          proxyReq.setTimeout(deps.upstreamTimeoutMs, () => {
            proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: UPSTREAM_TIMEOUT }));
          });
        },
        proxyRes(proxyRes, req, res) {
          keepGatewayCookies(proxyRes, res as ServerResponse);
          if (publicReads) deps.edge.deliver(req, proxyRes, res as ServerResponse);
        },
        error(err, req, res) {
          const service = ownerOf(rawPathOf(req));
          const log = (req as { log?: Logger }).log ?? deps.logger;
          const attempt = attempts.get(req);
          const neverReached = service !== undefined && attempt !== undefined && neverReachedService(err as NodeJS.ErrnoException, attempt.proxyReq?.reusedSocket);
          if (neverReached) {
            deps.instances.of(service).report(attempt.url, 'down');
            // A request without a body can be sent again as it was: to the next instance, at most once more.
            if (attempt.tries < 2 && !hasBody(req) && 'writeHead' in res && !res.headersSent) {
              log.info({ service, instance: attempt.url, code: (err as NodeJS.ErrnoException).code }, 'instance refused: trying the next one');
              middleware(req as Request, res as unknown as Response, () => undefined);
              return;
            }
          }
          // Never reached: a 503 with Retry-After, which the client sends again (to an instance not passed over).
          answerUpstreamError(err as NodeJS.ErrnoException, service ?? 'upstream', res, log, { neverReached });
        },
      },
    });
    return middleware;
  };
  const streamed = proxyFor(false);
  const publicRead = proxyFor(true);

  const router = Router();
  router.use('/api', rejectAmbiguousPaths);
  router.use('/api', csrfProtection({ cookie: deps.cookie, trustedOrigins: deps.trustedOrigins }));
  router.use('/api', deps.sessions.middleware());
  router.use(deps.ownRoutes);
  router.use('/api/admin', requireAdmin());
  // Every page asks who is signed in: a browser gets its device cookie there, before it first signs
  // in or registers, so that attempt already counts against its own budget (decision 044).
  router.get(ApiPaths.auth.me, (req, res, next) => {
    deps.devices.ensure(req, res);
    next();
  });
  router.use('/api', upstreamHeaders(deps));
  router.use(OWNED_OUTSIDE_API, rejectAmbiguousPaths, upstreamHeaders(deps));
  // Only public reads go out compressed (edge-cache.ts): a body with a shopper's data beside text
  // an attacker chose could leak through its compressed length (BREACH).
  router.use(((req, res, next) => (isPublicRead(req.method, req.originalUrl) ? publicRead : streamed)(req, res, next)) as RequestHandler);
  router.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found', code: ErrorCodes.notFound });
  });
  return router;
}

/** A request whose body was streamed to the instance that failed cannot be sent again from here. */
const hasBody = (req: IncomingMessage) => (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;

/**
 * The proxy copies the service's headers over ours, which would drop a session cookie the gateway
 * set on this response (a new guest, a refreshed token). Ours are kept, a service can never set the
 * session cookie itself, and a response carrying a session cookie is never stored by a shared cache
 * (it would hand one shopper's session to the next).
 */
function keepGatewayCookies(proxyRes: IncomingMessage, res: ServerResponse): void {
  const ours = res.getHeader('set-cookie');
  const oursList = ours === undefined ? [] : Array.isArray(ours) ? ours : [String(ours)];
  const theirs = (proxyRes.headers['set-cookie'] ?? []).filter((line) => {
    const name = (line.split(';', 1)[0] ?? '').split('=', 1)[0]?.trim();
    return name !== Jwt.cookieName && name !== Jwt.secureCookieName;
  });
  if (oursList.length === 0 && theirs.length === (proxyRes.headers['set-cookie'] ?? []).length) return;
  const merged = [...oursList, ...theirs];
  if (merged.length > 0) proxyRes.headers['set-cookie'] = merged;
  else delete proxyRes.headers['set-cookie'];
  if (oursList.length > 0) proxyRes.headers['cache-control'] = 'no-store';
}
