// The gateway's session handling against a stand-in of identity's session lookup, with an injected
// clock: guest issuance, sliding refresh, the active-session cache and its invalidation (local
// logout, NATS revocations). The sign-in flow itself runs against the real identity service in
// auth-flow.test.ts.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { WebSocket } from 'ws';
import { ApiPaths, IdentitySubjects, Jwt, SessionHeaders, WS_PATH, type EventEnvelope, type TokenClaims } from '@pl/contracts';
import { eventually } from '@pl/service-kit/testing';
import {
  ACCESS_TOKEN_TTL_S,
  ACTIVE_SESSION_CACHE_MS,
  COOKIE_MAX_AGE_S,
  REFRESH_AHEAD_S,
} from '../src/auth/session-policy';
import {
  claimsOf,
  closedPortUrl,
  NATS_URL,
  PUBLIC_ORIGIN,
  sessionCookieOf,
  startGateway,
  startStandInIdentity,
  startStandInService,
  type SeenRequest,
  type StandInIdentity,
  type StandInService,
  type TestGateway,
} from './support/test-gateway';

const cookieFor = (token: string) => ({ cookie: `${Jwt.cookieName}=${token}` });

/** A cart read (GET /api/cart) or a cart write (POST a line, from our origin as a page sends it) through `gatewayUrl`. */
async function cartCall(gatewayUrl: string, token: string | undefined, write: boolean): Promise<{ seen: SeenRequest; res: Response; bearer: string | undefined }> {
  const res = await fetch(gatewayUrl + (write ? ApiPaths.cart.lines : ApiPaths.cart.cart), {
    method: write ? 'POST' : 'GET',
    headers: { ...(token ? cookieFor(token) : {}), ...(write ? { origin: PUBLIC_ORIGIN, 'content-type': 'application/json' } : {}) },
    body: write ? JSON.stringify({ variantId: 'SKU-1', qty: 1 }) : undefined,
  });
  expect(res.status).toBe(200);
  const seen = (await res.json()) as SeenRequest;
  return { seen, res, bearer: seen.headers.authorization?.replace(/^Bearer /, '') };
}

describe('sessions through the gateway', () => {
  let identity: StandInIdentity;
  let cart: StandInService;
  let gw: TestGateway;
  let publisher: NatsConnection;
  /** The gateway's clock: tests move it instead of waiting. */
  let now: number;

  beforeAll(async () => {
    [identity, cart] = await Promise.all([startStandInIdentity(), startStandInService()]);
    publisher = await connect({ servers: NATS_URL, name: 'sessions-test-publisher' });
  });
  beforeEach(async () => {
    now = Date.now();
    gw = await startGateway({ IDENTITY_URL: identity.url, CART_URL: cart.url, POS_SYNC_URL: cart.url }, { now: () => now });
  });
  afterEach(() => gw.stop());
  afterAll(async () => {
    await publisher.drain();
    await Promise.all([identity.close(), cart.close()]);
  });

  /** A customer session identity knows about, and a token for it signed at the gateway's current time. */
  async function signedIn(options: { adm?: boolean; isAdmin?: boolean } = {}): Promise<{ token: string; claims: TokenClaims }> {
    const claims: TokenClaims = { sub: `cust-${randomUUID()}`, kind: 'customer', sid: randomUUID(), adm: options.adm ?? false };
    identity.activate(claims.sid, claims.sub, options.isAdmin ?? claims.adm);
    return { token: await gw.gateway.tokens.signSessionToken(claims, ACCESS_TOKEN_TTL_S), claims };
  }

  /** GET /api/cart, a read: it never starts a session. */
  const callCart = (token?: string) => cartCall(gw.url, token, false);
  /** POST /api/cart/lines, a write: without a usable session it starts a guest one. */
  const writeCart = (token?: string) => cartCall(gw.url, token, true);

  /** The request went on with no session at all: nothing forwarded, nothing set. */
  function expectNoSession({ bearer, res }: { bearer: string | undefined; res: Response }): void {
    expect(bearer).toBeUndefined();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get(SessionHeaders.guestStarted)).toBeNull();
  }

  describe('guests', () => {
    it('issues a guest session on the first write: HttpOnly, SameSite=Lax, Path=/, long-lived cookie, no identity round trip', async () => {
      const lookups = identity.lookups();
      const { res, bearer } = await writeCart();
      expect(res.headers.get(SessionHeaders.guestStarted)).toBe('1');
      const cookie = sessionCookieOf(res);
      expect(cookie?.token).toBe(bearer);
      expect(cookie?.attributes).toContain('; HttpOnly');
      expect(cookie?.attributes).toContain('; SameSite=Lax');
      expect(cookie?.attributes).toContain('; Path=/');
      expect(cookie?.attributes).toContain(`; Max-Age=${COOKIE_MAX_AGE_S}`);
      expect(cookie?.attributes).not.toContain('Secure');
      expect(claimsOf(bearer)).toMatchObject({
        sub: expect.stringMatching(/^guest:[0-9a-f-]{36}$/),
        kind: 'guest',
        sid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        adm: false,
        exp: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_S,
      });
      expect(identity.lookups()).toBe(lookups);
    });

    it('starts no session on a read: no cookie, no bearer, no signature, no identity round trip', async () => {
      const lookups = identity.lookups();
      expectNoSession(await callCart());
      expect(identity.lookups()).toBe(lookups);
    });

    it('gives two browsers two different guests', async () => {
      const [a, b] = await Promise.all([writeCart(), writeCart()]);
      expect(claimsOf(a.bearer).sub).not.toBe(claimsOf(b.bearer).sub);
    });

    it.each([
      ['a read', false],
      ['a write', true],
    ])('keeps the guest subject (and with it the cart) when the guest token expires, on %s too', async (_name, write) => {
      const { bearer: first } = await writeCart();
      now += (ACCESS_TOKEN_TTL_S + 3600) * 1000;
      const { bearer: second, res } = await cartCall(gw.url, first, write);
      expect(second).not.toBe(first);
      expect(claimsOf(second).sub).toBe(claimsOf(first).sub);
      expect(sessionCookieOf(res)?.token).toBe(second);
      // Re-signed, not started: the page keeps its subject (and its websocket).
      expect(res.headers.get(SessionHeaders.guestStarted)).toBeNull();
    });

    it('re-signs a guest token about to lapse on a read, keeping its subject', async () => {
      const { bearer: first } = await writeCart();
      now += (ACCESS_TOKEN_TTL_S - REFRESH_AHEAD_S + 1) * 1000;
      const { bearer: second, res } = await callCart(first);
      expect(second).not.toBe(first);
      expect(claimsOf(second)).toMatchObject({ sub: claimsOf(first).sub, kind: 'guest', exp: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_S });
      expect(sessionCookieOf(res)?.token).toBe(second);
    });
  });

  describe('customer sessions', () => {
    it('forwards a valid token unchanged while its session is active, setting no cookie', async () => {
      const { token } = await signedIn();
      const { bearer, res } = await callCart(token);
      expect(bearer).toBe(token);
      expect(sessionCookieOf(res)).toBeUndefined();
    });

    it('re-signs a token about to lapse', async () => {
      const { token, claims } = await signedIn();
      now += (ACCESS_TOKEN_TTL_S - REFRESH_AHEAD_S + 1) * 1000;
      const { bearer, res } = await callCart(token);
      expect(bearer).not.toBe(token);
      expect(claimsOf(bearer)).toMatchObject({ ...claims, exp: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_S });
      expect(sessionCookieOf(res)?.token).toBe(bearer);
    });

    it('refreshes an expired token whose session is still active (sliding), keeping subject and session', async () => {
      const { token, claims } = await signedIn();
      now += 2 * 3600 * 1000;
      const { bearer, res } = await callCart(token);
      expect(claimsOf(bearer)).toMatchObject({ ...claims, kind: 'customer', exp: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_S });
      expect(sessionCookieOf(res)?.token).toBe(bearer);
      expect(sessionCookieOf(res)?.attributes).toContain(`; Max-Age=${COOKIE_MAX_AGE_S}`);
      // The refreshed token is what the next request presents, and it is accepted as is.
      const next = await callCart(bearer);
      expect(next.bearer).toBe(bearer);
    });

    it('does not refresh an expired token whose session has ended: a read goes on without a session, a write makes the browser a guest', async () => {
      const { token, claims } = await signedIn();
      identity.sessions.set(claims.sid, { active: false, customerId: claims.sub, isAdmin: false });
      now += 2 * 3600 * 1000;
      expectNoSession(await callCart(token));
      const write = await writeCart(token);
      expect(claimsOf(write.bearer)).toMatchObject({ kind: 'guest' });
      expect(write.res.headers.get(SessionHeaders.guestStarted)).toBe('1');
    });

    it('refuses a session identity says belongs to someone else: no session on a read, a new guest on a write', async () => {
      const { token, claims } = await signedIn();
      identity.activate(claims.sid, 'another-customer');
      expectNoSession(await callCart(token));
      expect(claimsOf((await writeCart(token)).bearer)).toMatchObject({ kind: 'guest' });
    });

    it('takes the admin flag from identity: a granted flag reaches the token within one cache period', async () => {
      const { token, claims } = await signedIn({ adm: false, isAdmin: true });
      const { bearer } = await callCart(token);
      expect(claimsOf(bearer)).toMatchObject({ sub: claims.sub, sid: claims.sid, adm: true });
    });

    it('asks identity once per cache period, however many requests arrive', async () => {
      const { token } = await signedIn();
      const before = identity.lookups();
      await Promise.all(Array.from({ length: 8 }, () => callCart(token)));
      expect(identity.lookups()).toBe(before + 1);
      now += ACTIVE_SESSION_CACHE_MS - 1;
      await callCart(token);
      expect(identity.lookups()).toBe(before + 1);
      now += 2;
      await callCart(token);
      expect(identity.lookups()).toBe(before + 2);
    });

    it('notices a session ended at identity once the cache period is over', async () => {
      const { token, claims } = await signedIn();
      await callCart(token);
      identity.sessions.set(claims.sid, { active: false, customerId: claims.sub, isAdmin: false });
      now += ACTIVE_SESSION_CACHE_MS + 1;
      expectNoSession(await callCart(token));
      expect(claimsOf((await writeCart(token)).bearer)).toMatchObject({ kind: 'guest' });
    });

    it('forgets a cached session at once when identity announces its revocation over NATS', async () => {
      const { token, claims } = await signedIn();
      expect((await callCart(token)).bearer).toBe(token); // cached as active
      // Identity still answers "active" here: only the event can end it this quickly.
      const event: EventEnvelope = {
        id: randomUUID(),
        type: IdentitySubjects.sessionsRevoked,
        version: 1,
        occurredAt: new Date().toISOString(),
        data: { customerId: claims.sub, sessionIds: [claims.sid] },
      };
      publisher.publish(IdentitySubjects.sessionsRevoked, JSON.stringify(event));
      await publisher.flush();
      await eventually(async () => expect(gw.gateway.sessionCache.check(claims.sid)).resolves.toMatchObject({ active: false }));
      expectNoSession(await callCart(token));
      expect(claimsOf((await writeCart(token)).bearer)).toMatchObject({ kind: 'guest' });
    });

    it('ignores malformed revocation events', async () => {
      const { token } = await signedIn();
      await callCart(token);
      publisher.publish(IdentitySubjects.sessionsRevoked, 'not json');
      publisher.publish(IdentitySubjects.sessionsRevoked, JSON.stringify({ sessionIds: 'all' }));
      await publisher.flush();
      expect((await callCart(token)).bearer).toBe(token);
    });
  });

  describe('the admin wall', () => {
    it('answers 401 to a guest, 403 to a customer and lets an admin through', async () => {
      const guest = (await writeCart()).bearer!;
      const customer = (await signedIn()).token;
      const admin = (await signedIn({ adm: true })).token;
      const status = async (token: string) => (await fetch(`${gw.url}/api/admin/pos-config`, { headers: cookieFor(token) })).status;
      expect(await status(guest)).toBe(401);
      expect(await status(customer)).toBe(403);
      expect(await status(admin)).toBe(200);
    });

    it('answers 401 to an admin token whose session was revoked', async () => {
      const { token, claims } = await signedIn({ adm: true });
      gw.gateway.sessionCache.revoke([claims.sid]);
      expect((await fetch(`${gw.url}/api/admin/pos-config`, { headers: cookieFor(token) })).status).toBe(401);
    });
  });
});

describe('sessions while identity is unreachable', () => {
  let cart: StandInService;
  let gw: TestGateway;

  beforeAll(async () => {
    cart = await startStandInService();
    gw = await startGateway({ IDENTITY_URL: await closedPortUrl(), CART_URL: cart.url, POS_SYNC_URL: cart.url });
  });
  afterAll(async () => {
    await gw.stop();
    await cart.close();
  });

  /** A customer token for a session identity cannot be asked about. */
  const customerToken = (adm = false) => gw.gateway.tokens.signSessionToken({ sub: 'cust-1', kind: 'customer', sid: randomUUID(), adm }, 600);

  /** The gateway's own answer: 503, Retry-After, the JSON error body, nothing forwarded and the cookie kept. */
  async function expectUnavailable(res: Response): Promise<void> {
    expect([res.status, res.headers.get('retry-after'), await res.json()]).toEqual([503, '5', { message: 'The identity service is unavailable', code: 'UPSTREAM_UNAVAILABLE' }]);
    expect(res.headers.getSetCookie()).toEqual([]);
  }

  it('answers a request carrying a customer session 503 with Retry-After, never sending it on without credentials', async () => {
    const token = await customerToken();
    // The gateway's readiness probes reach the stand-in too: count only what was forwarded.
    const forwarded = () => cart.requests.filter((r) => r.url.startsWith('/api/')).length;
    const before = forwarded();
    await expectUnavailable(await fetch(`${gw.url}${ApiPaths.cart.cart}`, { headers: cookieFor(token) }));
    await expectUnavailable(
      await fetch(gw.url + ApiPaths.cart.lines, {
        method: 'POST',
        headers: { ...cookieFor(token), origin: PUBLIC_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ variantId: 'SKU-1', qty: 1 }),
      }),
    );
    expect(forwarded()).toBe(before);
  });

  it('answers an expired customer token (refreshable while its session is active) 503 too, not as a guest', async () => {
    const token = await gw.gateway.tokens.signSessionToken({ sub: 'cust-1', kind: 'customer', sid: randomUUID(), adm: false }, -60);
    await expectUnavailable(await fetch(`${gw.url}${ApiPaths.cart.cart}`, { headers: cookieFor(token) }));
  });

  it('answers admin paths with 503 rather than a misleading 401', async () => {
    await expectUnavailable(await fetch(`${gw.url}/api/admin/pos-config`, { headers: cookieFor(await customerToken(true)) }));
  });

  it('answers a sign-out 503 and keeps the cookie: the session was not ended', async () => {
    const res = await fetch(gw.url + ApiPaths.auth.logout, { method: 'POST', headers: { ...cookieFor(await customerToken()), origin: PUBLIC_ORIGIN } });
    await expectUnavailable(res);
  });

  it('refuses a websocket from a customer session with 503, so the page connects again later instead of as no one', async () => {
    const token = await customerToken();
    const res = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${gw.url.replace('http', 'ws')}${WS_PATH}`, { headers: { origin: PUBLIC_ORIGIN, cookie: `${Jwt.cookieName}=${token}` } });
      socket.on('unexpected-response', (_req, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('the socket opened')));
      socket.on('error', () => undefined);
    });
    expect(res).toBe(503);
  });

  it('lets requests without a session cookie through as before', async () => {
    const { seen } = await cartCall(gw.url, undefined, false);
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('still starts and serves guests, which need no identity round trip', async () => {
    const { bearer } = await cartCall(gw.url, undefined, true);
    expect(claimsOf(bearer)).toMatchObject({ kind: 'guest' });
    expect((await cartCall(gw.url, bearer, false)).bearer).toBe(bearer);
  });
});
