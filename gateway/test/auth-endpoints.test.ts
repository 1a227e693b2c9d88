// What the gateway's own sign-in, registration and sign-out endpoints accept and how they relay
// identity's refusals. Identity is a scripted stand-in here so every refusal can be produced on
// demand; the real flow (real identity, real database) is auth-flow.test.ts.
import type { ServerResponse } from 'node:http';
import { ApiPaths, DeviceCookie, IdentityInternalPaths, Jwt, SessionHeaders } from '@pl/contracts';
import {
  claimsOf,
  closedPortUrl,
  sessionCookieOf,
  startGateway,
  startGuestSession,
  startStandInService,
  TEST_INTERNAL_API_TOKEN,
  type SeenRequest,
  type StandInService,
  type TestGateway,
} from './support/test-gateway';

type Script = (seen: SeenRequest, res: ServerResponse) => void;

const reply = (status: number, body: unknown, headers: Record<string, string> = {}): Script => (_seen, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const customer = {
  id: '5b0c7d7e-8a55-4c4a-9a51-2b8b1f1a0c11',
  username: 'jane',
  firstName: 'Jane',
  lastName: null,
  email: 'jane@example.com',
  emailVerifiedAt: null,
  phone: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  isAdmin: false,
};

describe('the gateway auth endpoints', () => {
  let identity: StandInService;
  let gw: TestGateway;
  let script: Script;

  beforeAll(async () => {
    identity = await startStandInService((seen, res) => script(seen, res));
    gw = await startGateway({ IDENTITY_URL: identity.url, BODY_LIMIT: '2kb' });
  });
  beforeEach(() => {
    script = reply(500, { message: 'unexpected call' });
  });
  afterAll(async () => {
    await gw.stop();
    await identity.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(gw.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  describe('input', () => {
    it.each([
      ['login with an unknown field', ApiPaths.auth.login, { usernameOrEmail: 'jane', password: 'secret123', isAdmin: true }],
      ['login without a password', ApiPaths.auth.login, { usernameOrEmail: 'jane' }],
      ['login with a number for a name', ApiPaths.auth.login, { usernameOrEmail: 42, password: 'x' }],
      ['login with a huge name', ApiPaths.auth.login, { usernameOrEmail: 'j'.repeat(1000), password: 'x' }],
      ['register claiming admin', ApiPaths.auth.register, { username: 'mal', email: 'mal@example.com', password: 'password1', isAdmin: true }],
      ['register with a bad e-mail', ApiPaths.auth.register, { username: 'mal', email: 'not-an-email', password: 'password1' }],
      ['register with a short password', ApiPaths.auth.register, { username: 'mal', email: 'mal@example.com', password: 'short' }],
      ['logout with a body', ApiPaths.auth.logout, { everywhere: true }],
      ['login that is not JSON', ApiPaths.auth.login, 'usernameOrEmail=jane&password=x'],
      ['login with a JSON array', ApiPaths.auth.login, [{ usernameOrEmail: 'jane', password: 'x' }]],
    ])('refuses %s with 400 JSON and never asks identity', async (_name, path, body) => {
      const before = identity.requests.length;
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      expect(identity.requests.length).toBe(before);
    });

    it('refuses malformed JSON with 400', async () => {
      const res = await post(ApiPaths.auth.login, '{"usernameOrEmail": ');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Malformed JSON body', code: 'BAD_REQUEST' });
    });

    it('refuses a body over BODY_LIMIT with 413', async () => {
      const res = await post(ApiPaths.auth.register, { username: 'x'.repeat(4000), email: 'a@b.co', password: 'password1' });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });
  });

  describe('relaying identity', () => {
    it('calls identity with the internal token, the request id, the guest subject and the client', async () => {
      script = (seen, res) =>
        reply(201, { customer, session: { id: 'sess-1', expiresAt: '2030-01-01T00:00:00.000Z' } })(seen, res);
      const guest = await startGuestSession(gw.url);
      const { id: deviceId, value: deviceCookie } = gw.gateway.devices.issue();
      const res = await post(
        ApiPaths.auth.login,
        { usernameOrEmail: 'jane', password: 'secret123' },
        { cookie: `${guest.cookie}; ${DeviceCookie.name}=${deviceCookie}`, 'user-agent': 'jest-browser/1.0', 'x-request-id': 'login-req-1' },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(customer);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const seen = identity.requests.at(-1)!;
      expect(seen.method).toBe('POST');
      expect(seen.url).toBe(IdentityInternalPaths.sessions);
      expect(seen.headers.authorization).toBe(`Bearer ${TEST_INTERNAL_API_TOKEN}`);
      expect(seen.headers['x-request-id']).toBe('login-req-1');
      expect(JSON.parse(seen.body)).toEqual({
        usernameOrEmail: 'jane',
        password: 'secret123',
        previousSubject: guest.subject,
        client: { ip: '127.0.0.1', userAgent: 'jest-browser/1.0', deviceId },
      });
      expect(claimsOf(sessionCookieOf(res)!.token)).toMatchObject({ sub: customer.id, kind: 'customer', sid: 'sess-1', adm: false });
      // The browser had its device cookie: it is kept, not replaced.
      expect(res.headers.getSetCookie().filter((c) => c.startsWith(`${DeviceCookie.name}=`))).toEqual([]);
    });

    it('gives a browser without a device cookie one with its sign-in attempt, which itself counts as cookie-less', async () => {
      script = reply(401, { message: 'Invalid username/email or password', code: 'INVALID_CREDENTIALS' });
      const res = await post(ApiPaths.auth.login, { usernameOrEmail: 'jane', password: 'wrong' });
      expect(res.status).toBe(401);
      const device = res.headers.getSetCookie().find((c) => c.startsWith(`${DeviceCookie.name}=`));
      expect(device).toMatch(/^pl_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
      // Identity hears of no device: else a client dropping the cookie would get a fresh budget each time (decision 044).
      expect(JSON.parse(identity.requests.at(-1)!.body).client).toEqual({ ip: '127.0.0.1', userAgent: 'node' });
    });

    it.each([
      ['malformed', '../../etc'],
      ['invented (an id without our MAC)', 'Zm9yLXRoZS1kZXZpY2UtaW'],
      ['forged (an id with a MAC not ours)', `Zm9yLXRoZS1kZXZpY2UtaW.${'A'.repeat(22)}`],
    ])('treats a %s device cookie as none and gives the browser a proper one', async (_name, value) => {
      script = reply(401, { message: 'Invalid username/email or password', code: 'INVALID_CREDENTIALS' });
      const res = await post(ApiPaths.auth.login, { usernameOrEmail: 'jane', password: 'wrong' }, { cookie: `${DeviceCookie.name}=${value}` });
      expect(JSON.parse(identity.requests.at(-1)!.body).client.deviceId).toBeUndefined();
      const given = res.headers.getSetCookie().find((c) => c.startsWith(`${DeviceCookie.name}=`))!.split(';', 1)[0]!.slice(`${DeviceCookie.name}=`.length);
      expect(gw.gateway.devices.read({ headers: { cookie: `${DeviceCookie.name}=${given}` } } as never)).toMatch(DeviceCookie.pattern);
    });

    it('answers a registration with 201 and the customer, never more than the contract says', async () => {
      script = reply(201, { customer: { ...customer, passwordHash: 'leak' }, session: { id: 'sess-2', expiresAt: '2030-01-01T00:00:00.000Z' } });
      const res = await post(ApiPaths.auth.register, { username: 'jane', email: 'jane@example.com', password: 'password1' });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual(customer);
      const sent = JSON.parse(identity.requests.at(-1)!.body);
      expect(sent).toMatchObject({ registration: { username: 'jane', email: 'jane@example.com', password: 'password1' } });
      // A visitor who never wrote anything has no guest: none is made just to be merged, empty.
      expect(sent.previousSubject).toBeUndefined();
      expect(res.headers.get(SessionHeaders.guestStarted)).toBeNull();
      expect(res.headers.getSetCookie().filter((c) => c.startsWith(`${Jwt.cookieName}=`))).toHaveLength(1);
    });

    it.each([
      [401, { message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' }],
      [409, { message: 'Username already taken', code: 'CONFLICT' }],
      [400, { message: 'email: Invalid email address', code: 'VALIDATION_FAILED' }],
    ])('passes identity’s %i through as JSON and leaves the session alone', async (status, body) => {
      const guest = await startGuestSession(gw.url);
      script = reply(status, body);
      const res = await post(ApiPaths.auth.login, { usernameOrEmail: 'jane', password: 'wrong-one' }, { cookie: guest.cookie });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(body);
      // The browser keeps its guest session: no session cookie is set, no new guest started.
      expect(sessionCookieOf(res)).toBeUndefined();
      expect(res.headers.get(SessionHeaders.guestStarted)).toBeNull();
      expect(JSON.parse(identity.requests.at(-1)!.body)).toMatchObject({ previousSubject: guest.subject });
    });

    it('passes a 429 through with Retry-After from retryAfterSeconds', async () => {
      const body = { message: 'Too many failed sign-in attempts. Try again later.', code: 'RATE_LIMITED', retryAfterSeconds: 120 };
      script = reply(429, body);
      const res = await post(ApiPaths.auth.login, { usernameOrEmail: 'jane', password: 'wrong-one' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('120');
      expect(await res.json()).toEqual(body);
    });

    it('takes Retry-After from identity’s header when the body has none', async () => {
      script = reply(429, { message: 'Too many requests', code: 'RATE_LIMITED' }, { 'retry-after': '30' });
      const res = await post(ApiPaths.auth.register, { username: 'jane', email: 'jane@example.com', password: 'password1' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('30');
    });

    it('answers 502 when identity fails, without its details', async () => {
      script = reply(500, { message: 'Internal server error', code: 'INTERNAL' });
      const res = await post(ApiPaths.auth.login, { usernameOrEmail: 'jane', password: 'x' });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message: 'The identity service failed to answer', code: 'UPSTREAM_UNAVAILABLE' });
    });

    it('never tells the shopper that identity refused the gateway’s internal token', async () => {
      script = reply(401, { message: 'Missing or invalid internal API token', code: 'UNAUTHENTICATED' });
      const res = await post(ApiPaths.auth.login, { usernameOrEmail: 'jane', password: 'x' });
      expect(res.status).toBe(502);
      expect(JSON.stringify(await res.json())).not.toMatch(/internal/i);
    });

    it('answers a 200 to a logout with no session, handing out a fresh guest', async () => {
      const res = await fetch(gw.url + ApiPaths.auth.logout, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: 'Logged out' });
      expect(claimsOf(sessionCookieOf(res)!.token)).toMatchObject({ kind: 'guest' });
      expect(res.headers.get(SessionHeaders.guestStarted)).toBe('1');
    });
  });
});

describe('the gateway auth endpoints while identity is down', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ IDENTITY_URL: await closedPortUrl() });
  });
  afterAll(() => gw.stop());

  it('answers sign-in with a JSON 503', async () => {
    const res = await fetch(gw.url + ApiPaths.auth.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail: 'jane', password: 'x' }),
    });
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5']);
    expect(await res.json()).toEqual({ message: 'The identity service is unavailable', code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('refuses to pretend a customer logout worked, and keeps the cookie', async () => {
    const token = await gw.gateway.tokens.signSessionToken({ sub: 'cust-1', kind: 'customer', sid: 'sess-9', adm: false }, 600);
    const res = await fetch(gw.url + ApiPaths.auth.logout, { method: 'POST', headers: { cookie: `${Jwt.cookieName}=${token}` } });
    expect(res.status).toBe(503);
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});

describe('the gateway auth endpoints under https, behind a TLS-terminating proxy', () => {
  let identity: StandInService;
  /** Trusts the proxy on 127.0.0.1 (GATEWAY_TRUSTED_PROXIES); `direct` trusts none. */
  let fronted: TestGateway;
  let direct: TestGateway;

  beforeAll(async () => {
    identity = await startStandInService(reply(401, { message: 'Invalid username/email or password', code: 'INVALID_CREDENTIALS' }));
    [fronted, direct] = await Promise.all([
      startGateway({ PUBLIC_ORIGIN: 'https://shop.example', IDENTITY_URL: identity.url, GATEWAY_TRUSTED_PROXIES: '127.0.0.1' }),
      startGateway({ PUBLIC_ORIGIN: 'https://shop.example', IDENTITY_URL: identity.url }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fronted.stop(), direct.stop()]);
    await identity.close();
  });

  const signIn = (gw: TestGateway, headers: Record<string, string> = {}) =>
    fetch(gw.url + ApiPaths.auth.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example', ...headers },
      body: JSON.stringify({ usernameOrEmail: 'jane', password: 'wrong' }),
    });
  // The last sign-in identity saw (the gateways' readiness probes reach it too).
  const clientSent = () => JSON.parse(identity.requests.filter((r) => r.method === 'POST').at(-1)!.body).client as { ip: string; deviceId: string };

  it('gives the device cookie the __Host- prefix: Secure, Path=/, no Domain', async () => {
    const res = await signIn(fronted);
    expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(/^__Host-pl_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/)]);
  });

  it('reads only the __Host- device cookie, so one planted without the prefix is ignored', async () => {
    const planted = fronted.gateway.devices.issue();
    await signIn(fronted, { cookie: `${DeviceCookie.name}=${planted.value}` });
    expect(clientSent().deviceId).toBeUndefined();
    const kept = fronted.gateway.devices.issue();
    await signIn(fronted, { cookie: `${DeviceCookie.secureName}=${kept.value}` });
    expect(clientSent().deviceId).toBe(kept.id);
  });

  it("tells identity the shopper's address from the trusted proxy's X-Forwarded-For (its right-most entry)", async () => {
    await signIn(fronted, { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' });
    expect(clientSent().ip).toBe('203.0.113.7');
  });

  it('believes no X-Forwarded-For when GATEWAY_TRUSTED_PROXIES names no proxy', async () => {
    await signIn(direct, { 'x-forwarded-for': '203.0.113.7' });
    expect(clientSent().ip).toBe('127.0.0.1');
  });
});
