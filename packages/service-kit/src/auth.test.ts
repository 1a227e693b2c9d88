import express, { Router } from 'express';
import { SignJWT, base64url } from 'jose';
import { Jwt } from '@pl/contracts';
import { createTokenVerifier, requireAdmin, requireSignedIn, type TokenVerifier } from './auth.js';
import { createServiceApp } from './create-service-app.js';
import { listen, signTestToken, testKeyPair, testLogger, type Listening, type TestKeyPair } from './testing.js';

describe('authentication', () => {
  let keys: TestKeyPair;
  let otherKeys: TestKeyPair;
  let server: Listening;

  const routes = Router()
    .get('/whoami', (req, res) => void res.json(req.principal))
    .get('/signed-in', requireSignedIn, (_req, res) => void res.json({ ok: true }))
    .get('/admin', requireAdmin, (_req, res) => void res.json({ ok: true }));
  const get = (path: string, token?: string) =>
    fetch(`${server.url}${path}`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    keys = await testKeyPair();
    otherKeys = await testKeyPair();
    const verifier = createTokenVerifier({ keySet: keys.keySet });
    server = await listen(createServiceApp({ logger: testLogger(), verifier, health: { checks: {} }, routes: [routes] }));
  });
  afterAll(() => server.close());

  it('treats a request without Authorization as anonymous', async () => {
    const res = await get('/whoami');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'anonymous' });
  });

  it('builds the principal from a valid token', async () => {
    const token = await signTestToken({ sub: 'cust-1', kind: 'customer', sid: 'sess-1', adm: true }, { keys });
    expect(await (await get('/whoami', token)).json()).toEqual({ kind: 'customer', subject: 'cust-1', sessionId: 'sess-1', isAdmin: true });
  });

  it('never makes a guest an admin, whatever the claim says', async () => {
    const token = await signTestToken({ sub: 'guest-1', kind: 'guest', adm: true }, { keys });
    expect(await (await get('/whoami', token)).json()).toMatchObject({ kind: 'guest', isAdmin: false });
  });

  describe('rejects with 401 JSON', () => {
    const cases: Array<[string, () => Promise<string>]> = [
      ['a token signed by another key', () => signTestToken({}, { keys: otherKeys })],
      ['an expired token', () => signTestToken({}, { keys, expiresAt: Math.floor(Date.now() / 1000) - 60 })],
      ['a token for another audience', () => signTestToken({}, { keys, audience: 'someone-else' })],
      ['a token from another issuer', () => signTestToken({}, { keys, issuer: 'evil' })],
      ['a token with claims that do not parse', () => signTestToken({ kind: 'superuser' as 'customer' }, { keys })],
      [
        'a token without an expiry',
        () => new SignJWT({ kind: 'customer', sid: 's' }).setProtectedHeader({ alg: Jwt.alg, kid: keys.kid }).setSubject('x').setIssuer(Jwt.issuer).setAudience(Jwt.audience).sign(keys.privateKey),
      ],
      [
        'a tampered token',
        async () => {
          const [header, payload, signature] = (await signTestToken({ sub: 'cust-1' }, { keys })).split('.');
          const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
          return [header, base64url.encode(JSON.stringify({ ...claims, adm: true })), signature].join('.');
        },
      ],
      [
        'an unsigned alg:none token',
        async () => {
          const enc = (o: object) => base64url.encode(JSON.stringify(o));
          const now = Math.floor(Date.now() / 1000);
          return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: 'x', kind: 'customer', sid: 's', adm: true, iss: Jwt.issuer, aud: Jwt.audience, exp: now + 300 })}.`;
        },
      ],
      ['garbage', async () => 'not-a-jwt'],
    ];
    it.each(cases)('%s', async (_name, makeToken) => {
      const res = await get('/whoami', await makeToken());
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid or expired session', code: 'UNAUTHENTICATED' });
    });

    it('an Authorization header that is not a bearer token', async () => {
      const res = await fetch(`${server.url}/whoami`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
      expect(res.status).toBe(401);
    });
  });

  describe('requireSignedIn and requireAdmin', () => {
    const matrix: Array<[string, number, number, Record<string, unknown> | null]> = [
      ['anonymous', 401, 401, null],
      ['guest', 401, 401, { kind: 'guest' }],
      ['customer', 200, 403, { kind: 'customer' }],
      ['admin', 200, 200, { kind: 'customer', adm: true }],
    ];
    it.each(matrix)('%s gets %i from requireSignedIn and %i from requireAdmin', async (_who, signedIn, admin, claims) => {
      const token = claims ? await signTestToken(claims, { keys }) : undefined;
      const [a, b] = await Promise.all([get('/signed-in', token), get('/admin', token)]);
      expect([a.status, b.status]).toEqual([signedIn, admin]);
      if (b.status !== 200) expect(await b.json()).toEqual({ message: expect.any(String), code: admin === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
    });
  });
});

describe('createTokenVerifier with a JWKS URL', () => {
  it('fetches the gateway key set, and answers 503 (not 401) when it cannot be reached', async () => {
    const keys = await testKeyPair();
    const jwks = await listen(express().get(Jwt.jwksPath, (_req, res) => void res.json(keys.keySet)));
    const token = await signTestToken({ sub: 'c-9' }, { keys });
    try {
      const verifier: TokenVerifier = createTokenVerifier({ jwksUrl: `${jwks.url}${Jwt.jwksPath}` });
      await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'c-9', kind: 'customer' });
    } finally {
      await jwks.close();
    }
    const unreachable = createTokenVerifier({ jwksUrl: `${jwks.url}${Jwt.jwksPath}`, timeoutMs: 500 });
    await expect(unreachable.verify(token)).rejects.toMatchObject({ status: 503 });
  });
});

describe('tokens verified lately', () => {
  let keys: TestKeyPair;
  beforeAll(async () => {
    keys = await testKeyPair();
  });

  it('are answered from memory only until they expire: the same token is refused once past its exp', async () => {
    let clock = Date.now();
    const verifier = createTokenVerifier({ keySet: keys.keySet, memo: { now: () => clock } });
    const exp = Math.floor(clock / 1000) + 30;
    const token = await signTestToken({ sub: 'cust-9', kind: 'customer' }, { keys, expiresAt: exp });
    expect((await verifier.verify(token)).sub).toBe('cust-9');
    clock = exp * 1000 - 1000;
    expect((await verifier.verify(token)).sub).toBe('cust-9');
    clock = exp * 1000 + 1000;
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
  });

  it('never include a refused token: a tampered copy of a good one is refused every time', async () => {
    const verifier = createTokenVerifier({ keySet: keys.keySet });
    const good = await signTestToken({ sub: 'cust-1' }, { keys });
    await verifier.verify(good);
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
    const forged = [header, base64url.encode(JSON.stringify({ ...claims, adm: true, kind: 'customer' })), signature].join('.');
    for (let i = 0; i < 2; i++) await expect(verifier.verify(forged)).rejects.toMatchObject({ status: 401 });
    expect(await verifier.verify(good)).toMatchObject({ sub: 'cust-1' });
  });
});
