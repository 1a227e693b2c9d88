// Starts the real gateway app on port 0 against the real NATS server, with stand-in upstream
// services (tiny HTTP servers speaking plain HTTP, like the real ones) where a test needs them.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { decodeJwt } from 'jose';
import { ApiPaths, IdentityInternalPaths, Jwt, SessionHeaders, type SessionState } from '@pl/contracts';
import { createLogger } from '@pl/service-kit';
import { createGateway, type Gateway } from '../../src/app';
import { loadSigningKeys, type SigningKeys } from '../../src/auth/keys';
import { loadGatewayConfig, type GatewayConfig } from '../../src/config';

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const PUBLIC_ORIGIN = 'http://localhost:5000';

export interface TestGateway {
  url: string;
  port: number;
  config: GatewayConfig;
  keys: SigningKeys;
  gateway: Gateway;
  nats: NatsConnection;
  stop(): Promise<void>;
}

/** The INTERNAL_API_TOKEN test gateways use unless a test sets its own. */
export const TEST_INTERNAL_API_TOKEN = 'gateway-test-internal-api-token-0123456789';

export async function startGateway(
  env: Record<string, string> = {},
  options: { keys?: SigningKeys; heartbeatIntervalMs?: number; now?: () => number; fetchManifest?: (url: string) => Promise<unknown> } = {},
): Promise<TestGateway> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pl-gateway-test-'));
  const config = loadGatewayConfig(
    {
      NODE_ENV: 'test',
      PUBLIC_ORIGIN,
      NATS_URL,
      JWT_KEY_FILE: path.join(dir, 'jwt-keys.json'),
      SHELL_DIST: path.join(dir, 'shell-dist'),
      INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
      ...env,
    },
    dir,
  );
  const keys = options.keys ?? (await loadSigningKeys({ ...config.jwt })).keys;
  // As the gateway's main connects: reconnecting forever.
  const nats = await connect({ servers: config.natsUrl, name: 'gateway-test', maxReconnectAttempts: -1 });
  const logger = createLogger({ name: 'gateway-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const gateway = createGateway({
    config,
    logger,
    keys,
    nats,
    heartbeatIntervalMs: options.heartbeatIntervalMs,
    now: options.now,
    // No remote runs beside a test gateway (whatever a developer has on the default ports): no manifests.
    fetchManifest: options.fetchManifest ?? (() => Promise.reject(new Error('no remotes in gateway tests'))),
  });
  const server = createServer(gateway.handle);
  gateway.attachUpgrade(server);
  const port = await listen(server);
  // The subscription is registered on the server once a round trip has completed.
  await nats.flush();
  // Its own reads of the services (the payment mode) are not a test's requests.
  await gateway.settled;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config,
    keys,
    gateway,
    nats,
    async stop() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!nats.isClosed()) await nats.drain();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandInService {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** A stand-in service: records every request and answers with what it saw, unless `respond` says otherwise. */
export async function startStandInService(
  respond?: (seen: SeenRequest, res: ServerResponse, req: IncomingMessage) => void,
): Promise<StandInService> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      requests.push(seen);
      if (respond) return respond(seen, res, req);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(seen));
    });
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface StandInIdentity extends StandInService {
  /** Sessions the stand-in reports on `GET /internal/sessions/:id` (unknown ids are 404). */
  sessions: Map<string, SessionState>;
  /** Makes `sid` an active session of `customerId`. */
  activate(sid: string, customerId: string, isAdmin?: boolean): void;
  /** How many session lookups reached it. */
  lookups(): number;
}

/**
 * A stand-in for identity's internal session lookup, for tests of the gateway's own logic (cache,
 * refresh, admin wall). The sign-in flow is tested against the real identity service instead.
 */
export async function startStandInIdentity(token = TEST_INTERNAL_API_TOKEN): Promise<StandInIdentity> {
  const sessions = new Map<string, SessionState>();
  const prefix = IdentityInternalPaths.sessions + '/';
  const service = await startStandInService((seen, res) => {
    if (!seen.url.startsWith(prefix)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(seen));
      return;
    }
    const reply = (status: number, body?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (seen.headers.authorization !== `Bearer ${token}`) return reply(401, { message: 'Missing or invalid internal API token' });
    const sid = decodeURIComponent(seen.url.slice(prefix.length));
    const state = sessions.get(sid);
    if (seen.method === 'DELETE') {
      if (state) sessions.set(sid, { ...state, active: false });
      return reply(204);
    }
    return state ? reply(200, state) : reply(404, { message: 'Not found' });
  });
  return {
    ...service,
    sessions,
    activate: (sid, customerId, isAdmin = false) => sessions.set(sid, { active: true, customerId, isAdmin }),
    lookups: () => service.requests.filter((r) => r.method === 'GET' && r.url.startsWith(prefix)).length,
  };
}

/** The claims of a token the gateway forwarded or set (decoded, not verified). */
export function claimsOf(tokenOrBearer: string | undefined): Record<string, unknown> {
  if (!tokenOrBearer) throw new Error('no token');
  return decodeJwt(tokenOrBearer.replace(/^Bearer /, ''));
}

/** The session token in a response's Set-Cookie, if it sets one. */
export function sessionCookieOf(res: Response): { token: string; attributes: string } | undefined {
  for (const line of res.headers.getSetCookie()) {
    const match = /^(?:__Host-)?pl_session=([^;]*)(.*)$/.exec(line);
    if (match) return { token: match[1] ?? '', attributes: match[2] ?? '' };
  }
  return undefined;
}

/** A new browser's guest session: its token, a Cookie header carrying it, and its subject. */
export interface GuestSession {
  token: string;
  cookie: string;
  subject: string;
}

/**
 * Starts a guest session the way a browser gets one: with its first write (reads never start a
 * session). The write is a sign-out, which always starts a guest, is answered by the gateway itself
 * (no service needs to stand behind it) and changes nothing else. Sent from the shop's own origin,
 * as a page would, so the CSRF check lets it through.
 */
export async function startGuestSession(gatewayUrl: string, origin = PUBLIC_ORIGIN): Promise<GuestSession> {
  const res = await fetch(gatewayUrl + ApiPaths.auth.logout, { method: 'POST', headers: { origin } });
  await res.body?.cancel();
  const token = sessionCookieOf(res)?.token;
  if (res.status !== 200 || !token || res.headers.get(SessionHeaders.guestStarted) !== '1') {
    throw new Error(`the gateway started no guest session (status ${res.status})`);
  }
  return { token, cookie: `${Jwt.cookieName}=${token}`, subject: String(decodeJwt(token).sub) };
}

/** The URL of a port nothing listens on (a service that is down). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}
