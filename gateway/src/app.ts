// The gateway's HTTP surface, in the order a request meets it. Building it never listens:
// main.ts (or a test) decides where it runs.
import type { RequestListener, Server } from 'node:http';
import express, { type Express } from 'express';
import type { NatsConnection, Subscription } from 'nats';
import { WS_PATH } from '@pl/contracts';
import { errorHandler, notFoundHandler, requestContext, type Logger } from '@pl/service-kit';
import { authRoutes } from './auth/auth-routes.js';
import { createSessionCookie, type SessionCookie } from './auth/cookies.js';
import { createCartMerger } from './auth/cart-merge.js';
import { createDeviceCookies, deviceCookieKey, type DeviceCookies } from './auth/device-cookie.js';
import { createIdentityClient, type IdentityClient } from './auth/identity-client.js';
import type { SigningKeys } from './auth/keys.js';
import { createSessionCache, subscribeToRevocations, type SessionCache } from './auth/session-cache.js';
import { createSessions, type Sessions } from './auth/session.js';
import { createSessionTokens, type Clock, type SessionTokens } from './auth/tokens.js';
import type { GatewayConfig } from './config.js';
import { refuseUpgrade } from './http/refuse-upgrade.js';
import { apiProxy } from './proxy/api-proxy.js';
import { createEdgeCache, type EdgeCache } from './proxy/edge-cache.js';
import { createServiceInstances } from './proxy/service-instances.js';
import { createRealtimeFanout } from './realtime/realtime-fanout.js';
import { healthRoutes } from './routes/health.js';
import { jwksRoutes } from './routes/jwks.js';
import { robotsRoutes } from './routes/robots-txt.js';
import { runtimeConfigRoutes } from './routes/runtime-config.js';
import { securityHeaders } from './security/headers.js';
import { createFirstViews } from './static/first-views.js';
import { createPaymentMode } from './static/payment-mode.js';
import { createPageFragments } from './static/page-fragments.js';
import { createPageHead } from './static/page-head.js';
import { serveShell } from './static/shell.js';

/** How often each service instance's /readyz is asked (a draining one is passed over within this). */
const INSTANCE_PROBE_INTERVAL_MS = 1000;

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  keys: SigningKeys;
  nats: NatsConnection;
  /** Websocket ping interval; 30 s unless a test needs it faster. */
  heartbeatIntervalMs?: number;
  /** The clock tokens and the session cache read; tests move it instead of waiting. */
  now?: Clock;
  /** How the page's head reads a remote's manifest; tests choose what is out there. */
  fetchManifest?: (url: string) => Promise<unknown>;
}

export interface Gateway {
  app: Express;
  /** Settles once the gateway's own first reads are done: the cart's payment mode and the first-view renderers and the event feeds (tests start on a quiet gateway). */
  settled: Promise<void>;
  /** What the server runs: a kept catalogue answer straight from memory, anything else through `app`. */
  handle: RequestListener;
  /** The catalogue's public answers this instance keeps (decision 018). */
  edge: EdgeCache;
  /** Sign and verify session tokens (login and logout use these). */
  tokens: SessionTokens;
  /** Set, clear and read the session cookie with the attributes PUBLIC_ORIGIN calls for. */
  cookie: SessionCookie;
  /** Issue, refresh and resolve sessions (guest and customer). */
  sessions: Sessions;
  /** Issue and check device cookies (rate-limit keys, decision 044). */
  devices: DeviceCookies;
  /** What this instance believes about customer sessions (identity's answers, revocations). */
  sessionCache: SessionCache;
  identity: IdentityClient;
  /** Routes websocket upgrades on `server`: WS_PATH to the realtime fan-out, anything else refused. */
  attachUpgrade(server: Server): void;
  /** Asked to stop: /readyz answers 503 'draining' (a balancer stops sending) while requests are still served. */
  drain(): void;
  /** Closes browser sockets and the NATS subscription; the caller closes the server and drains NATS. */
  close(): Promise<void>;
}

export function createGateway(deps: GatewayDeps): Gateway {
  const { config, logger, keys, nats } = deps;
  const tokens = createSessionTokens(keys, { now: deps.now });
  const cookie = createSessionCookie({ secure: config.secure });
  const devices = createDeviceCookies({ secure: config.secure, key: deviceCookieKey(keys.privateKey) });
  const instances = createServiceInstances(config.upstreams);
  const stopWatching = instances.watch(INSTANCE_PROBE_INTERVAL_MS);
  let draining = false;
  const identity = createIdentityClient({
    baseUrl: instances.of('identity'),
    internalApiToken: config.internalApiToken,
    timeoutMs: config.upstreamTimeoutMs,
  });
  const mergeCart = createCartMerger({
    baseUrl: instances.of('cart'),
    internalApiToken: config.internalApiToken,
    // A sign-in waits for the merge at most this long; the signed-in event merges a slow one later.
    timeoutMs: Math.min(config.upstreamTimeoutMs, 3000),
  });
  const sessionCache = createSessionCache({
    now: deps.now,
    lookup: async (sid, requestId) => {
      const result = await identity.getSession(sid, requestId);
      if (result.ok) return result.data;
      logger.warn({ reqId: requestId, status: result.status, detail: result.kind === 'unavailable' ? result.detail : undefined }, 'session check failed');
      return 'unavailable';
    },
  });
  const revocations: Subscription = subscribeToRevocations(nats, sessionCache, logger);
  const sessions = createSessions({ cookie, tokens, cache: sessionCache, now: deps.now });
  const fanout = createRealtimeFanout({
    nats,
    logger,
    allowedOrigins: config.trustedOrigins,
    identify: (req, requestId) => sessions.subjectOf(req, requestId),
    heartbeatIntervalMs: deps.heartbeatIntervalMs,
  });

  const edge = createEdgeCache({ nats, logger, now: deps.now, mediaBytes: config.mediaCacheBytes });
  const head = createPageHead({ remotes: config.remotes, logger, publicOrigin: config.publicOrigin, fetchManifest: deps.fetchManifest });
  const paymentMode = createPaymentMode({ cart: instances.of('cart'), internalApiToken: config.internalApiToken, logger });
  const firstViews = createFirstViews({ remotes: config.remotes, shellDist: config.shellDist, testMode: paymentMode.testMode, logger, httpsOnly: config.nodeEnv === 'production' });
  const fragments = createPageFragments({ catalog: instances.of('catalog'), internalApiToken: config.internalApiToken, publicOrigin: config.publicOrigin, logger, firstViews, changes: edge.changes });
  const shell = serveShell({ distDir: config.shellDist, head, keptRead: edge.peek, fragments });
  const app = express();
  app.disable('x-powered-by');
  // Only the client address (req.ip) is taken from the front proxy's headers: whether the shop is
  // https comes from PUBLIC_ORIGIN, never from X-Forwarded-Proto (decision 045).
  if (config.trustedProxies.length > 0) app.set('trust proxy', config.trustedProxies);
  app.use(requestContext(logger));
  app.use(
    securityHeaders({
      publicOrigin: config.publicOrigin,
      secure: config.secure,
      remoteEntries: config.remotes.map((r) => r.entry),
      imageOrigins: config.cspImgOrigins,
      stripe: config.stripe,
      inlineStyleHashes: shell.inlineStyleHashes,
    }),
  );
  app.use(healthRoutes({ nats, keys, instances, draining: () => draining }));
  app.use(jwksRoutes(keys));
  app.use(runtimeConfigRoutes(config.remotes));
  app.use(robotsRoutes(config.publicOrigin));
  // Before any body parser: proxied bodies stream to the service untouched.
  app.use(
    apiProxy({
      instances,
      upstreamTimeoutMs: config.upstreamTimeoutMs,
      publicOrigin: config.publicOrigin,
      cookie,
      devices,
      sessions,
      ownRoutes: authRoutes({ identity, mergeCart, devices, sessions, cache: sessionCache, bodyLimit: config.bodyLimit }),
      trustedOrigins: config.trustedOrigins,
      edge,
      logger,
    }),
  );
  // Only what the gateway answers itself is parsed here, and never more than BODY_LIMIT.
  app.use(express.json({ limit: config.bodyLimit }));
  app.use(shell.router);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    app,
    settled: Promise.all([paymentMode.ready, firstViews.ready, fanout.ready]).then(() => undefined),
    handle: (req, res) => {
      // Draining: each answer closes its connection, so no kept-alive socket outlives the process.
      if (draining) res.setHeader('connection', 'close');
      // Metrics are served on their own port (METRICS_PORT), never here.
      if (req.url === '/metrics' || req.url?.startsWith('/metrics?')) {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"Not found","code":"NOT_FOUND"}');
        return;
      }
      if (!edge.answer(req, res) && !shell.answer(req, res)) app(req, res);
    },
    edge,
    tokens,
    cookie,
    sessions,
    devices,
    sessionCache,
    identity,
    attachUpgrade(server) {
      server.on('upgrade', (req, socket, head) => {
        // Once a request is an upgrade, Node no longer watches its socket: a client reset must not crash us.
        socket.on('error', (err) => logger.debug({ err: err.message }, 'upgrade socket error'));
        const pathname = new URL(req.url ?? '/', 'http://gateway.invalid').pathname;
        if (pathname === WS_PATH) {
          fanout.handleUpgrade(req, socket, head);
          return;
        }
        refuseUpgrade(socket, 404);
      });
    },
    drain() {
      draining = true;
    },
    async close() {
      stopWatching();
      edge.close();
      shell.close();
      head.close();
      await firstViews.close();
      paymentMode.close();
      if (!revocations.isClosed()) revocations.unsubscribe();
      await fanout.close();
    },
  };
}
