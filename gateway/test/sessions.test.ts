// The gateway's session handling against a stand-in of identity's session lookup, with an injected
// clock: guest issuance, sliding refresh, the active-session cache and its invalidation (local
// logout, NATS revocations). The sign-in flow itself runs against the real identity service in
// auth-flow.test.ts.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { IdentitySubjects, Jwt, type EventEnvelope, type TokenClaims } from '@pl/contracts';
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

  async function callCart(token?: string): Promise<{ seen: SeenRequest; res: Response; bearer: string | undefined }> {
    const res = await fetch(`${gw.url}/api/cart`, { headers: token ? cookieFor(token) : {} });
    expect(res.status).toBe(200);
    const seen = (await res.json()) as SeenRequest;
    return { seen, res, bearer: seen.headers.authorization?.replace(/^Bearer /, '') };
  }

  describe('guests', () => {
    it('issues a guest session on the first /api request: HttpOnly, SameSite=Lax, Path=/, long-lived cookie, no identity round trip', async () => {
      const lookups = identity.lookups();
      const { res, bearer } = await callCart();
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

    it('gives two browsers two different guests', async () => {
      const [a, b] = await Promise.all([callCart(), callCart()]);
      expect(claimsOf(a.bearer).sub).not.toBe(claimsOf(b.bearer).sub);
    });

    it('keeps the guest subject (and with it the cart) when the guest token expires', async () => {
      const { bearer: first } = await callCart();
      now += (ACCESS_TOKEN_TTL_S + 3600) * 1000;
      const { bearer: second, res } = await callCart(first);
      expect(second).not.toBe(first);
      expect(claimsOf(second).sub).toBe(claimsOf(first).sub);
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

    it('does not refresh an expired token whose session has ended: the browser becomes a guest', async () => {
      const { token, claims } = await signedIn();
      identity.sessions.set(claims.sid, { active: false, customerId: claims.sub, isAdmin: false });
      now += 2 * 3600 * 1000;
      const { bearer } = await callCart(token);
      expect(claimsOf(bearer)).toMatchObject({ kind: 'guest' });
    });

    it('refuses a session identity says belongs to someone else', async () => {
      const { token, claims } = await signedIn();
      identity.activate(claims.sid, 'another-customer');
      const { bearer } = await callCart(token);
      expect(claimsOf(bearer)).toMatchObject({ kind: 'guest' });
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
      expect(claimsOf((await callCart(token)).bearer)).toMatchObject({ kind: 'guest' });
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
      expect(claimsOf((await callCart(token)).bearer)).toMatchObject({ kind: 'guest' });
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
      const guest = (await callCart()).bearer!;
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

  it('sends a customer request on without credentials but keeps the cookie (a blip signs nobody out)', async () => {
    const token = await gw.gateway.tokens.signSessionToken({ sub: 'cust-1', kind: 'customer', sid: randomUUID(), adm: false }, 600);
    const res = await fetch(`${gw.url}/api/cart`, { headers: cookieFor(token) });
    const seen = (await res.json()) as SeenRequest;
    expect(seen.headers.authorization).toBeUndefined();
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('answers admin paths with 503 rather than a misleading 401', async () => {
    const token = await gw.gateway.tokens.signSessionToken({ sub: 'cust-1', kind: 'customer', sid: randomUUID(), adm: true }, 600);
    const res = await fetch(`${gw.url}/api/admin/pos-config`, { headers: cookieFor(token) });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('still serves guests, which need no identity round trip', async () => {
    const res = await fetch(`${gw.url}/api/cart`);
    const seen = (await res.json()) as SeenRequest;
    expect(claimsOf(seen.headers.authorization)).toMatchObject({ kind: 'guest' });
  });
});
