// The real sign-in stack for integration tests: the real identity service (in-process, fresh
// schema of the real PostgreSQL) behind a real gateway on the real NATS. Other teams start it with
// their own service behind the gateway (`upstreams: { CATALOG_URL: ... }`) and use adminMatrix.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { ApiPaths, Customer, IdentitySubjects, Jwt } from '@pl/contracts';
import { createTokenVerifier, startOutboxRelay, type OutboxRelay } from '@pl/service-kit';
import { startTestService, testLogger, uniqueSuffix, type TestService } from '@pl/service-kit/testing';
import { createApp as createIdentityApp } from '../../../services/identity/src/app';
import type { IdentityLimits } from '../../../services/identity/src/domain/limits';
import { loadSigningKeys, type SigningKeys } from '../../src/auth/keys';
import { NATS_URL, sessionCookieOf, startGateway, startGuestSession, TEST_INTERNAL_API_TOKEN, type TestGateway } from './test-gateway';

const IDENTITY_MIGRATIONS = path.resolve(__dirname, '../../../services/identity/migrations');

export interface SignedIn {
  customer: Customer;
  /** The session token the gateway set. */
  token: string;
  /** A Cookie header carrying it, as the browser would send it. */
  cookie: string;
  username: string;
  email: string;
  password: string;
}

export interface AuthStack {
  /** The gateway's URL (no trailing slash). */
  url: string;
  gateway: TestGateway;
  identity: TestService;
  keys: SigningKeys;
  /** A Cookie header for a session token. */
  cookieFor(token: string): string;
  /** A fresh guest session, as a browser gets it with its first write (see startGuestSession). */
  guest(): Promise<{ token: string; cookie: string }>;
  /** Creates an account through the gateway (POST /api/auth/register), signed in. */
  register(options?: { cookie?: string; username?: string }): Promise<SignedIn>;
  /** Signs in through the gateway (POST /api/auth/login). */
  signIn(usernameOrEmail: string, password: string, cookie?: string): Promise<SignedIn & { response: Response }>;
  /** Sets the admin flag in identity's database (the documented create-admin path does the same). */
  makeAdmin(customerId: string): Promise<void>;
  /** A second gateway instance with the same keys, in front of the same identity. */
  startSecondGateway(options?: { now?: () => number }): Promise<TestGateway>;
  /**
   * Runs identity's outbox relay so its `customer.sessions-revoked` events reach every gateway, as
   * in production. Events go out on core NATS (other subjects are held back, so no other suite sees
   * this test's sign-ins); JetStream publishing itself is the kit's relay tests' business.
   */
  startRevocationRelay(): Promise<OutboxRelay>;
  stop(): Promise<void>;
}

const stacks = new Map<string, AuthStack>();

/** The stack a gateway URL belongs to (for helpers like adminMatrix that take only the URL). */
export function authStackFor(gatewayUrl: string): AuthStack {
  const stack = stacks.get(gatewayUrl.replace(/\/$/, ''));
  if (!stack) throw new Error(`No auth stack runs at ${gatewayUrl}: start it with startAuthStack()`);
  return stack;
}

export interface AuthStackOptions {
  /** Gateway environment, e.g. { POS_SYNC_URL: service.url } to put your service behind it. */
  gatewayEnv?: Record<string, string>;
  /** The gateway's clock (tokens and session cache). */
  now?: () => number;
  /** Identity's rate limits (decision 010's defaults unless given): small numbers keep limit tests short. */
  identityLimits?: IdentityLimits;
}

export async function startAuthStack(options: AuthStackOptions = {}): Promise<AuthStack> {
  const keyDir = mkdtempSync(path.join(tmpdir(), 'pl-auth-stack-'));
  const { keys } = await loadSigningKeys({ keyFile: path.join(keyDir, 'keys.json') });
  // Identity verifies the tokens the gateway forwards with the gateway's public key, as it would through the JWKS.
  const verifier = createTokenVerifier({ keySet: { keys: [keys.publicJwk] } });
  const identity = await startTestService({
    name: 'gw_identity',
    migrationsDir: IDENTITY_MIGRATIONS,
    createApp: (deps) =>
      createIdentityApp({ ...deps, verifier }, { internalApiToken: TEST_INTERNAL_API_TOKEN, devMailbox: false, ...(options.identityLimits ? { limits: options.identityLimits } : {}) }),
  });
  const gateways: TestGateway[] = [];
  const relays: OutboxRelay[] = [];
  let relayNats: NatsConnection | undefined;
  const startGw = async (now?: () => number) => {
    const gw = await startGateway({ IDENTITY_URL: identity.url, ...options.gatewayEnv }, { keys, now });
    gateways.push(gw);
    return gw;
  };
  const gateway = await startGw(options.now);
  const url = gateway.url;
  const cookieFor = (token: string) => `${Jwt.cookieName}=${token}`;

  async function post(pathname: string, body: unknown, cookie?: string): Promise<Response> {
    return fetch(url + pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function signedInFrom(res: Response, expected: number, who: { username: string; email: string; password: string }) {
    const body = await res.json();
    if (res.status !== expected) throw new Error(`expected ${expected}, got ${res.status}: ${JSON.stringify(body)}`);
    const token = sessionCookieOf(res)?.token;
    if (!token) throw new Error('no session cookie set');
    return { customer: Customer.parse(body), token, cookie: cookieFor(token), ...who };
  }

  const stack: AuthStack = {
    url,
    gateway,
    identity,
    keys,
    cookieFor,
    async guest() {
      const { token } = await startGuestSession(url);
      return { token, cookie: cookieFor(token) };
    },
    async register(opts = {}) {
      const username = opts.username ?? `user_${uniqueSuffix()}`;
      const who = { username, email: `${username}@example.com`, password: `pw-${uniqueSuffix()}-long` };
      const res = await post(ApiPaths.auth.register, { ...who, firstName: 'Test', lastName: 'User' }, opts.cookie);
      return signedInFrom(res, 201, who);
    },
    async signIn(usernameOrEmail, password, cookie) {
      const res = await post(ApiPaths.auth.login, { usernameOrEmail, password }, cookie);
      const signedIn = await signedInFrom(res.clone(), 200, { username: usernameOrEmail, email: usernameOrEmail, password });
      return { ...signedIn, username: signedIn.customer.username, email: signedIn.customer.email, response: res };
    },
    async makeAdmin(customerId) {
      await identity.pool.query('UPDATE customers SET is_admin = true WHERE id = $1', [customerId]);
    },
    startSecondGateway: (opts = {}) => startGw(opts.now),
    async startRevocationRelay() {
      relayNats ??= await connect({ servers: NATS_URL, name: 'auth-stack-relay' });
      const nc = relayNats;
      const relay = startOutboxRelay({
        pool: identity.pool,
        logger: testLogger('identity-relay'),
        pollMs: 50,
        nats: {
          async publish(subject, data) {
            if (subject !== IdentitySubjects.sessionsRevoked) return;
            nc.publish(subject, JSON.stringify(data));
            await nc.flush();
          },
        },
      });
      relays.push(relay);
      return relay;
    },
    async stop() {
      stacks.delete(url);
      await Promise.all(relays.map((r) => r.stop()));
      if (relayNats && !relayNats.isClosed()) await relayNats.drain();
      await Promise.all(gateways.map((g) => g.stop()));
      await identity.stop();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
  stacks.set(url, stack);
  return stack;
}
