// The whole sign-in story through the real gateway in front of the real identity service (real
// PostgreSQL, real NATS): cookies, /api/auth/me, logout and replay, tampered tokens, CSRF, the
// guest-to-customer hand-over, and the admin matrix.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { ApiPaths, CartInternalPaths, CustomerSignedInData, DeviceCookie, IdentitySubjects, Jwt, SessionHeaders } from '@pl/contracts';
import { eventually } from '@pl/service-kit/testing';
import { ACCESS_TOKEN_TTL_S, COOKIE_MAX_AGE_S, REFRESH_WINDOW_S } from '../src/auth/session-policy';
import { adminMatrix } from './support/admin-matrix';
import { startAuthStack, type AuthStack, type SignedIn } from './support/auth-stack';
import {
  claimsOf,
  PUBLIC_ORIGIN,
  sessionCookieOf,
  startStandInService,
  TEST_INTERNAL_API_TOKEN,
  type SeenRequest,
  type StandInService,
  type TestGateway,
} from './support/test-gateway';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('signing in through the gateway (real identity)', () => {
  let stack: AuthStack;
  /**
   * Stands in for the services behind /api/admin and /api/cart: it answers 200 with what it saw, so
   * only the gateway decides who gets through, and the test sees which token was forwarded.
   */
  let echo: StandInService;
  /** The gateways' clock: it stands still unless a test moves it (the refresh tests). */
  let now = Date.now();

  beforeAll(async () => {
    echo = await startStandInService();
    stack = await startAuthStack({ gatewayEnv: { POS_SYNC_URL: echo.url, CART_URL: echo.url }, now: () => now });
    await stack.startRevocationRelay();
  });
  afterAll(async () => {
    await stack.stop();
    await echo.close();
  });

  /**
   * The claims of the token the gateway forwarded to a service for this cookie on a read (a service
   * that does not ask identity itself), or undefined when the read went on without a session.
   */
  async function forwardedFor(cookie: string, url = stack.url): Promise<Record<string, unknown> | undefined> {
    const seen = (await (await fetch(url + ApiPaths.cart.cart, { headers: { cookie } })).json()) as SeenRequest;
    return seen.headers.authorization ? claimsOf(seen.headers.authorization) : undefined;
  }

  /** A cart write from our own page's origin: what the service behind the gateway saw, and the answer. */
  async function cartWrite(cookie: string): Promise<{ seen: SeenRequest; res: Response }> {
    const res = await fetch(stack.url + ApiPaths.cart.lines, {
      method: 'POST',
      headers: { cookie, origin: PUBLIC_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ variantId: 'SKU-1', qty: 1 }),
    });
    return { seen: (await res.json()) as SeenRequest, res };
  }

  const me = (cookie?: string, url = stack.url) => fetch(url + ApiPaths.auth.me, { headers: cookie ? { cookie } : {} });
  const logout = (cookie: string, headers: Record<string, string> = {}) =>
    fetch(stack.url + ApiPaths.auth.logout, { method: 'POST', headers: { cookie, ...headers } });

  /** The `customer.signed-in` events identity wrote to its outbox for a customer. */
  async function signedInEvents(customerId: string) {
    const { rows } = await stack.identity.pool.query<{ payload: unknown }>(
      `SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq`,
      [IdentitySubjects.signedIn],
    );
    return rows.map((r) => CustomerSignedInData.parse(r.payload)).filter((d) => d.customerId === customerId);
  }

  it('registers, signs in with the cookie, logs out, and refuses the copied cookie afterwards', async () => {
    const guest = await stack.guest();
    const res = await fetch(stack.url + ApiPaths.auth.register, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: guest.cookie },
      body: JSON.stringify({ username: 'flow_jane', email: 'flow.jane@example.com', password: 'correct horse', firstName: 'Jane' }),
    });
    expect(res.status).toBe(201);
    const customer = await res.json();
    expect(customer).toMatchObject({ username: 'flow_jane', email: 'flow.jane@example.com', firstName: 'Jane', isAdmin: false });
    expect(JSON.stringify(customer)).not.toMatch(/hash|argon|password/i);

    // The cookie: HttpOnly, SameSite=Lax, Path=/, no Secure over http (Secure + __Host- under https: session-tokens.test).
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${Jwt.cookieName}=`));
    expect(setCookie).toMatch(new RegExp(`^${Jwt.cookieName}=[\\w-]+\\.[\\w-]+\\.[\\w-]+; Max-Age=${COOKIE_MAX_AGE_S}; Path=/; Expires=[^;]+; HttpOnly; SameSite=Lax$`));
    const cookie = `${Jwt.cookieName}=${sessionCookieOf(res)!.token}`;
    expect(claimsOf(sessionCookieOf(res)!.token)).toMatchObject({
      sub: customer.id,
      kind: 'customer',
      sid: expect.any(String),
      adm: false,
      iss: Jwt.issuer,
      aud: Jwt.audience,
    });
    const claims = claimsOf(sessionCookieOf(res)!.token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(ACCESS_TOKEN_TTL_S);

    const meRes = await me(cookie);
    expect(meRes.status).toBe(200);
    expect(await meRes.json()).toEqual(customer);

    const out = await logout(cookie);
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: 'Logged out' });
    expect(claimsOf(sessionCookieOf(out)!.token)).toMatchObject({ kind: 'guest' });

    // Someone kept a copy of the cookie: it is worth nothing now, at identity and at every other service
    // (a read with it reaches the service as no one at all).
    const replay = await me(cookie);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await forwardedFor(cookie)).toBeUndefined();
  });

  it('refuses the copied cookie on every gateway instance, including one that had the session cached', async () => {
    const other: TestGateway = await stack.startSecondGateway({ now: () => now });
    const jane = await stack.register();
    // Cached as active on the other instance (a service that trusts the gateway gets Jane's token).
    expect(await forwardedFor(jane.cookie, other.url)).toMatchObject({ kind: 'customer', sub: jane.customer.id });
    expect((await logout(jane.cookie)).status).toBe(200);
    // The other instance's clock stands still here, so its cache period never runs out: only identity's
    // sessions-revoked event (outbox → relay → NATS) can end the session there.
    await eventually(async () => expect(await forwardedFor(jane.cookie, other.url)).toBeUndefined());
    expect((await me(jane.cookie, other.url)).status).toBe(401);
  });

  it('signs in by username and by confirmed e-mail (200 and the customer), and one message for every failure', async () => {
    const jane = await stack.register();
    const byName = await stack.signIn(jane.username, jane.password);
    expect(byName.response.status).toBe(200);
    expect(byName.customer.id).toBe(jane.customer.id);
    // An address signs in once confirmed (decision 044), as the link in the verification mail does.
    await stack.identity.pool.query('UPDATE customers SET email_verified_at = now() WHERE id = $1', [jane.customer.id]);
    const byEmail = await stack.signIn(jane.email.toUpperCase(), jane.password);
    expect(byEmail.customer.id).toBe(jane.customer.id);
    expect(byEmail.token).not.toBe(byName.token);

    for (const [name, password] of [[jane.username, 'wrong password'], ['nobody_here', 'whatever1']] as const) {
      const res = await fetch(stack.url + ApiPaths.auth.login, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usernameOrEmail: name, password }),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid username or password', code: 'UNAUTHENTICATED' });
      // A failed sign-in of a visitor without a session starts none.
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });

  it('passes identity’s conflicts through and refuses mass assignment', async () => {
    const jane = await stack.register();
    const taken = await fetch(stack.url + ApiPaths.auth.register, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: jane.username.toUpperCase(), email: 'other@example.com', password: 'password123' }),
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ message: expect.any(String) });

    const admin = await fetch(stack.url + ApiPaths.auth.register, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'sneaky', email: 'sneaky@example.com', password: 'password123', isAdmin: true }),
    });
    expect(admin.status).toBe(400);
    const { rows } = await stack.identity.pool.query('SELECT 1 FROM customers WHERE username = $1', ['sneaky']);
    expect(rows).toHaveLength(0);
  });

  it('replaces the guest cookie on sign-in and hands identity the guest subject for the cart merge', async () => {
    const jane = await stack.register();
    const guest = await stack.guest();
    const guestSubject = claimsOf(guest.token).sub as string;
    const signedIn = await stack.signIn(jane.username, jane.password, guest.cookie);
    expect(signedIn.token).not.toBe(guest.token);
    expect(claimsOf(signedIn.token)).toMatchObject({ kind: 'customer', sub: jane.customer.id });
    expect(await signedInEvents(jane.customer.id)).toContainEqual({ customerId: jane.customer.id, previousSubject: guestSubject });
    // Merged before the answer: the cart was asked, with the internal token, by the time the sign-in returned.
    expect(cartMergesAskedFor(guestSubject)).toEqual([{ guestSubject, customerId: jane.customer.id }]);
  });

  it('hands over the guest subject on registration too', async () => {
    const guest = await stack.guest();
    const jane = await stack.register({ cookie: guest.cookie });
    const guestSubject = claimsOf(guest.token).sub as string;
    expect(await signedInEvents(jane.customer.id)).toEqual([{ customerId: jane.customer.id, previousSubject: guestSubject }]);
    expect(cartMergesAskedFor(guestSubject)).toEqual([{ guestSubject, customerId: jane.customer.id }]);
  });

  /** What the cart stand-in was asked to merge out of a guest's cart (only calls with the internal token). */
  function cartMergesAskedFor(guestSubject: string): unknown[] {
    return echo.requests
      .filter((r) => r.method === 'POST' && r.url === CartInternalPaths.merges && r.headers.authorization === `Bearer ${TEST_INTERNAL_API_TOKEN}`)
      .map((r) => JSON.parse(r.body) as { guestSubject: string })
      .filter((b) => b.guestSubject === guestSubject);
  }

  describe('tampered and stale cookies', () => {
    let jane: SignedIn;
    beforeAll(async () => {
      jane = await stack.register();
    });

    const claimsFor = () => ({ sub: jane.customer.id, kind: 'customer', sid: claimsOf(jane.token).sid as string, adm: true });
    const sign = (key: Parameters<SignJWT['sign']>[0], opts: { aud?: string; iss?: string; exp?: number } = {}) =>
      new SignJWT(claimsFor())
        .setProtectedHeader({ alg: 'EdDSA', kid: stack.keys.kid })
        .setSubject(jane.customer.id)
        .setIssuer(opts.iss ?? Jwt.issuer)
        .setAudience(opts.aud ?? Jwt.audience)
        .setIssuedAt((opts.exp ?? Math.floor(now / 1000) + 600) - ACCESS_TOKEN_TTL_S)
        .setExpirationTime(opts.exp ?? Math.floor(now / 1000) + 600)
        .sign(key);

    it('accepts the genuine cookie (the control case)', async () => {
      expect((await me(jane.cookie)).status).toBe(200);
    });

    const forgeries: [string, () => Promise<string>][] = [
      ['alg none', async () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claimsFor(), iss: Jwt.issuer, aud: Jwt.audience, exp: 9999999999 })}.`],
      ['another key', async () => sign(generateKeyPairSync('ed25519').privateKey)],
      [
        'a flipped bit in the payload',
        async () => {
          const [h, p, s] = jane.token.split('.');
          const bytes = Buffer.from(p!, 'base64url');
          bytes[bytes.length - 3]! ^= 1;
          return `${h}.${bytes.toString('base64url')}.${s}`;
        },
      ],
      [
        'a flipped bit in the signature',
        async () => {
          const [h, p, s] = jane.token.split('.');
          const bytes = Buffer.from(s!, 'base64url');
          bytes[0]! ^= 1;
          return `${h}.${p}.${bytes.toString('base64url')}`;
        },
      ],
      ['another audience', async () => sign(stack.keys.privateKey, { aud: 'someone-else' })],
      ['another issuer', async () => sign(stack.keys.privateKey, { iss: 'someone-else' })],
      ['an expiry beyond the refresh window', async () => sign(stack.keys.privateKey, { exp: Math.floor(now / 1000) - REFRESH_WINDOW_S - 60 })],
    ];

    it.each(forgeries)('answers 401 on /api/auth/me to a token with %s, and starts no session on that read', async (_name, forge) => {
      const res = await me(stack.cookieFor(await forge()));
      expect(res.status).toBe(401);
      // No session cookie; the look at who is signed in hands out only the device cookie (decision 044).
      expect(res.headers.getSetCookie().map((c) => c.split('=', 1)[0])).toEqual([DeviceCookie.name]);
      expect(res.headers.get(SessionHeaders.guestStarted)).toBeNull();
    });

    it.each(forgeries)('gives a write with a token with %s a fresh guest session instead, never the token', async (_name, forge) => {
      const forged = await forge();
      const { seen, res } = await cartWrite(stack.cookieFor(forged));
      expect(seen.headers.authorization).not.toBe(`Bearer ${forged}`);
      expect(claimsOf(seen.headers.authorization)).toMatchObject({ kind: 'guest', adm: false });
      expect(sessionCookieOf(res)?.token).toBe(seen.headers.authorization?.replace(/^Bearer /, ''));
      expect(res.headers.get(SessionHeaders.guestStarted)).toBe('1');
    });

    it('answers 401 to an expired token whose session has ended', async () => {
      const ended = await stack.register();
      expect((await logout(ended.cookie)).status).toBe(200);
      const res = await me(stack.cookieFor(await new SignJWT({ kind: 'customer', sid: claimsOf(ended.token).sid, adm: false })
        .setProtectedHeader({ alg: 'EdDSA', kid: stack.keys.kid })
        .setSubject(ended.customer.id)
        .setIssuer(Jwt.issuer)
        .setAudience(Jwt.audience)
        .setExpirationTime(Math.floor(now / 1000) - 60)
        .sign(stack.keys.privateKey)));
      expect(res.status).toBe(401);
    });

    it('refreshes an expired token while its session is active (sliding): 200 and a new cookie', async () => {
      const sam = await stack.register();
      now += (ACCESS_TOKEN_TTL_S + 600) * 1000;
      try {
        const res = await me(sam.cookie);
        expect(res.status).toBe(200);
        const refreshed = sessionCookieOf(res)!.token;
        expect(claimsOf(refreshed)).toMatchObject({ sub: sam.customer.id, sid: claimsOf(sam.token).sid, kind: 'customer' });
        expect(claimsOf(refreshed).exp).toBe(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_S);
      } finally {
        now = Date.now();
      }
    });
  });

  describe('CSRF', () => {
    it('refuses a cross-site logout (Sec-Fetch-Site) and one from a foreign Origin; the session lives on', async () => {
      const jane = await stack.register();
      const crossSite = await logout(jane.cookie, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
      const foreign = await logout(jane.cookie, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect((await me(jane.cookie)).status).toBe(200);

      const sameOrigin = await logout(jane.cookie, { 'sec-fetch-site': 'same-origin', origin: PUBLIC_ORIGIN });
      expect(sameOrigin.status).toBe(200);
      expect((await me(jane.cookie)).status).toBe(401);
    });

    it('refuses a cross-site sign-in even without a cookie (login CSRF)', async () => {
      const jane = await stack.register();
      const res = await fetch(stack.url + ApiPaths.auth.login, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify({ usernameOrEmail: jane.username, password: jane.password }),
      });
      expect(res.status).toBe(403);
      expect(sessionCookieOf(res)).toBeUndefined();
    });
  });

  describe('admin paths', () => {
    it('pass the admin matrix: guest 401, customer 403, admin 2xx', async () => {
      await adminMatrix(stack.url, ApiPaths.pos.config, 'GET');
      await adminMatrix(stack.url, ApiPaths.pos.trigger, 'POST', { body: {} });
    });

    it("sign an admin's token with their name for the audit log, and nobody else's", async () => {
      const boss = await stack.register();
      await stack.makeAdmin(boss.customer.id);
      const admin = await stack.signIn(boss.username, boss.password);
      // The stack registers everyone as Test User.
      expect(claimsOf(admin.token)).toMatchObject({ sub: boss.customer.id, adm: true, nm: 'Test User' });
      expect(claimsOf(boss.token).nm).toBeUndefined();
    });

    it('stop letting an admin through once the session is revoked', async () => {
      const boss = await stack.register();
      await stack.makeAdmin(boss.customer.id);
      const admin = await stack.signIn(boss.username, boss.password);
      expect((await fetch(stack.url + ApiPaths.pos.config, { headers: { cookie: admin.cookie } })).status).toBe(200);
      expect((await logout(admin.cookie)).status).toBe(200);
      expect((await fetch(stack.url + ApiPaths.pos.config, { headers: { cookie: admin.cookie } })).status).toBe(401);
    });
  });
});
