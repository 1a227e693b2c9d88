import { Router } from 'express';
import { z } from 'zod';
import { createTokenVerifier } from './auth.js';
import { DEVELOPMENT_INTERNAL_API_TOKEN, internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig } from './config.js';
import { createServiceApp } from './create-service-app.js';
import { listen, signTestToken, testKeyPair, testLogger, type Listening, type TestKeyPair } from './testing.js';

const TOKEN = 'a-test-internal-token-of-forty-characters';

describe('INTERNAL_API_TOKEN config', () => {
  const Config = serviceConfig({ port: 1, schema: 'x' }).extend({ INTERNAL_API_TOKEN: internalApiTokenVar }).superRefine(requireInternalApiTokenInProduction);

  it('takes the token from the environment', () => {
    expect(loadConfig(Config, { INTERNAL_API_TOKEN: TOKEN }).INTERNAL_API_TOKEN).toBe(TOKEN);
  });

  it('falls back to the development stand-in outside production', () => {
    expect(loadConfig(Config, {}).INTERNAL_API_TOKEN).toBe(DEVELOPMENT_INTERNAL_API_TOKEN);
  });

  it('treats an empty value (as docker-compose passes an unset variable) as unset', () => {
    expect(loadConfig(Config, { INTERNAL_API_TOKEN: '' }).INTERNAL_API_TOKEN).toBe(DEVELOPMENT_INTERNAL_API_TOKEN);
    expect(() => loadConfig(Config, { NODE_ENV: 'production', INTERNAL_API_TOKEN: '' })).toThrow(/INTERNAL_API_TOKEN: required in production/);
  });

  it('fails the start in production when unset, and rejects a short token anywhere', () => {
    expect(() => loadConfig(Config, { NODE_ENV: 'production' })).toThrow(/INTERNAL_API_TOKEN: required in production/);
    expect(() => loadConfig(Config, { NODE_ENV: 'production', INTERNAL_API_TOKEN: DEVELOPMENT_INTERNAL_API_TOKEN })).toThrow(/INTERNAL_API_TOKEN/);
    expect(() => loadConfig(Config, { INTERNAL_API_TOKEN: 'short' })).toThrow(/INTERNAL_API_TOKEN: must be at least 32 characters/);
    expect(loadConfig(Config, { NODE_ENV: 'production', INTERNAL_API_TOKEN: TOKEN }).INTERNAL_API_TOKEN).toBe(TOKEN);
  });
});

describe('createServiceApp internal routes', () => {
  let server: Listening;
  let keys: TestKeyPair;

  beforeAll(async () => {
    keys = await testKeyPair();
    const Body = z.strictObject({ n: z.number() });
    server = await listen(
      createServiceApp({
        logger: testLogger(),
        verifier: createTokenVerifier({ keySet: keys.keySet }),
        internal: {
          token: TOKEN,
          bodyLimit: '1mb',
          routes: [
            Router()
              .post('/internal/double', (req, res) => void res.json({ n: Body.parse(req.body).n * 2 }))
              .post('/internal/size', (req, res) => void res.json({ chars: JSON.stringify(req.body).length })),
          ],
        },
        routes: [Router().get('/api/who', (req, res) => void res.json(req.principal))],
      }),
    );
  });
  afterAll(() => server.close());

  const call = (path: string, authorization?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ n: 21 }),
    });

  it('serves a caller with the shared token', async () => {
    const res = await call('/internal/double', `Bearer ${TOKEN}`);
    expect([res.status, await res.json()]).toEqual([200, { n: 42 }]);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN.replace(/.$/, 'X')}`],
    ['a token prefix', `Bearer ${TOKEN.slice(0, 32)}`],
    ['another scheme', `Basic ${TOKEN}`],
  ])('answers 401 JSON to %s', async (_what, authorization) => {
    const res = await call('/internal/double', authorization);
    expect([res.status, await res.json()]).toEqual([401, { message: 'Missing or invalid internal API token', code: 'UNAUTHENTICATED' }]);
  });

  it('answers 401 to a valid session token: a shopper session never opens the internal API', async () => {
    const session = await signTestToken({ kind: 'customer', adm: true }, { keys });
    expect((await call('/internal/double', `Bearer ${session}`)).status).toBe(401);
  });

  it('answers 404 JSON for an unknown internal path, and only after the token check', async () => {
    const res = await call('/internal/nothing-here', `Bearer ${TOKEN}`);
    expect([res.status, await res.json()]).toEqual([404, { message: 'Not found', code: 'NOT_FOUND' }]);
    expect((await call('/internal/nothing-here')).status).toBe(401);
  });

  it('takes bodies up to its own limit, but only from a caller with the token', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(500_000) });
    const post = (path: string, authorization?: string) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: big });

    const allowed = await post('/internal/size', `Bearer ${TOKEN}`);
    expect([allowed.status, await allowed.json()]).toEqual([200, { chars: big.length }]);
    expect((await post('/internal/size')).status).toBe(401);
    // The public routes keep the default 100 kB.
    expect((await post('/api/who')).status).toBe(413);
  });

  it('keeps session authentication for the public routes', async () => {
    const res = await fetch(`${server.url}/api/who`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(401);
  });
});
