import { randomUUID } from 'node:crypto';
import { ApiPaths, Jwt } from '@pl/contracts';
import { csrfVerdict } from '../src/security/csrf';
import {
  claimsOf,
  PUBLIC_ORIGIN,
  sessionCookieOf,
  startGateway,
  startStandInIdentity,
  startStandInService,
  type StandInIdentity,
  type StandInService,
  type TestGateway,
} from './support/test-gateway';

const DEV_SHELL = 'http://localhost:5200';

describe('the CSRF verdict', () => {
  const trusted = new Set([PUBLIC_ORIGIN, DEV_SHELL]);
  it.each([
    // [Sec-Fetch-Site, Origin, verdict]
    ['cross-site', undefined, 'cross-site'],
    ['cross-site', PUBLIC_ORIGIN, 'cross-site'],
    ['same-site', undefined, 'foreign-origin'],
    ['same-site', 'http://evil.localhost:5000', 'foreign-origin'],
    ['same-site', DEV_SHELL, undefined],
    ['same-origin', PUBLIC_ORIGIN, undefined],
    ['same-origin', undefined, undefined],
    ['none', undefined, undefined],
    [undefined, 'https://evil.example', 'foreign-origin'],
    [undefined, 'null', 'foreign-origin'],
    [undefined, PUBLIC_ORIGIN, undefined],
    [undefined, undefined, undefined],
    ['CROSS-SITE', undefined, 'cross-site'],
  ] as const)('Sec-Fetch-Site %s with Origin %s → %s', (secFetchSite, origin, verdict) => {
    expect(csrfVerdict({ secFetchSite, origin }, trusted)).toBe(verdict);
  });
});

describe('CSRF protection on /api', () => {
  let identity: StandInIdentity;
  let service: StandInService;
  let gw: TestGateway;
  let guestCookie: string;

  beforeAll(async () => {
    [identity, service] = await Promise.all([startStandInIdentity(), startStandInService()]);
    gw = await startGateway({
      IDENTITY_URL: identity.url,
      CART_URL: service.url,
      CATALOG_URL: service.url,
      POS_SYNC_URL: service.url,
      WS_ALLOWED_ORIGINS: DEV_SHELL,
    });
    const token = await gw.gateway.tokens.signSessionToken({ sub: `guest:${randomUUID()}`, kind: 'guest', sid: randomUUID(), adm: false }, 600);
    guestCookie = `${Jwt.cookieName}=${token}`;
  });
  afterAll(async () => {
    await gw.stop();
    await Promise.all([identity.close(), service.close()]);
  });

  async function send(method: string, path: string, headers: Record<string, string>) {
    const before = service.requests.length;
    const res = await fetch(gw.url + path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
    });
    return { status: res.status, body: method === 'HEAD' ? undefined : await res.json(), reachedService: service.requests.length > before };
  }

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses a %s with the cookie and Sec-Fetch-Site: cross-site before the service sees it', async (method) => {
    const res = await send(method, ApiPaths.cart.lines, { cookie: guestCookie, 'sec-fetch-site': 'cross-site' });
    expect(res).toEqual({ status: 403, body: { message: 'Cross-site request refused', code: 'FORBIDDEN' }, reachedService: false });
  });

  it('refuses an unsafe request with the cookie from a foreign Origin', async () => {
    const res = await send('POST', ApiPaths.cart.lines, { cookie: guestCookie, origin: 'https://evil.example' });
    expect(res).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' }, reachedService: false });
  });

  it('refuses a same-site request from a sibling origin', async () => {
    const res = await send('POST', ApiPaths.cart.lines, { cookie: guestCookie, 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost:5000' });
    expect(res.status).toBe(403);
  });

  it('lets same-origin requests through', async () => {
    const res = await send('POST', ApiPaths.cart.lines, { cookie: guestCookie, 'sec-fetch-site': 'same-origin', origin: PUBLIC_ORIGIN });
    expect(res).toMatchObject({ status: 200, reachedService: true });
  });

  it('lets our other page origins (WS_ALLOWED_ORIGINS, e.g. the shell dev server) through', async () => {
    const res = await send('PATCH', ApiPaths.cart.lines, { cookie: guestCookie, 'sec-fetch-site': 'same-site', origin: DEV_SHELL });
    expect(res).toMatchObject({ status: 200, reachedService: true });
  });

  it('lets non-browser clients (neither header) through', async () => {
    const res = await send('DELETE', `${ApiPaths.cart.lines}/x`, { cookie: guestCookie });
    expect(res).toMatchObject({ status: 200, reachedService: true });
  });

  it('lets safe methods through from anywhere (they change nothing)', async () => {
    const res = await send('GET', ApiPaths.cart.cart, { cookie: guestCookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(res).toMatchObject({ status: 200, reachedService: true });
  });

  it('exempts webhooks, which carry no cookie and are signature-checked by their service', async () => {
    const res = await send('POST', '/api/webhooks/payments', { cookie: guestCookie, 'sec-fetch-site': 'cross-site', origin: 'https://stripe.example' });
    expect(res).toMatchObject({ status: 200, reachedService: true });
  });

  it('leaves cookieless unsafe requests to the services (nothing to ride on)', async () => {
    const res = await send('POST', ApiPaths.cart.lines, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(res).toMatchObject({ status: 200, reachedService: true });
  });

  it.each(['/API/AUTH/LOGIN', '/api/auth/login/', '/api/Auth/logout'])('never signs in or out through a variant spelling of the path (%s)', async (path) => {
    const before = identity.requests.length;
    const res = await fetch(gw.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      body: JSON.stringify({ usernameOrEmail: 'jane', password: 'secret123' }),
    });
    // At most it is proxied to identity's public router (which has no such route), never signed in here.
    expect(res.status).not.toBe(403);
    expect(identity.requests.slice(before).every((r) => !r.url.startsWith('/internal/'))).toBe(true);
    expect(claimsOf(sessionCookieOf(res)?.token)).toMatchObject({ kind: 'guest' });
  });

  it.each([ApiPaths.auth.login, ApiPaths.auth.register, ApiPaths.auth.logout])(
    'refuses a cross-site %s even without a cookie (login CSRF)',
    async (path) => {
      const before = identity.requests.length;
      const res = await send('POST', path, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(identity.requests.length).toBe(before);
    },
  );
});
