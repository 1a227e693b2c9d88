import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { Jwt } from '@pl/contracts';
import { createSessionCookie } from '../src/auth/cookies';
import { loadSigningKeys, type SigningKeys } from '../src/auth/keys';
import { createSessionTokens } from '../src/auth/tokens';
import { mintTestSessionToken } from './support/session-tokens';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens', () => {
  let dir: string;
  let keys: SigningKeys;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pl-tokens-test-'));
    keys = (await loadSigningKeys({ keyFile: path.join(dir, 'keys.json') })).keys;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const claims = { sub: 'cust-1', kind: 'customer' as const, sid: 'sess-1', adm: true };

  it('signs claims that verify back to the same claims', async () => {
    const tokens = createSessionTokens(keys);
    const token = await tokens.signSessionToken(claims, 600);
    const result = await tokens.verifySessionToken(token);
    expect(result).toMatchObject({ ok: true, session: { claims, token } });
  });

  it('produces a token a service verifies with the JWKS alone (alg, kid, issuer, audience pinned)', async () => {
    const token = await createSessionTokens(keys).signSessionToken(claims, 600);
    const jwks = createLocalJWKSet({ keys: [keys.publicJwk] });
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      algorithms: [Jwt.alg],
      issuer: Jwt.issuer,
      audience: Jwt.audience,
    });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: keys.kid });
    expect(payload).toMatchObject({ sub: 'cust-1', kind: 'customer', sid: 'sess-1', adm: true });
  });

  it('reports an expired token as expired, with its claims (so a still-active session can be refreshed)', async () => {
    const token = await mintTestSessionToken(keys, { ...claims, ttlSeconds: -60 });
    const result = await createSessionTokens(keys).verifySessionToken(token);
    expect(result).toMatchObject({ ok: false, reason: 'expired', claims });
    if (result.ok || result.reason !== 'expired') throw new Error('unreachable');
    expect(Math.abs(result.expiredAt.getTime() - (Date.now() - 60_000))).toBeLessThan(2_000);
  });

  it('answers a token it signed or verified lately from memory exactly as a full verification does, until its expiry', async () => {
    let now = Date.now();
    const signer = createSessionTokens(keys, { now: () => now });
    const token = await signer.signSessionToken(claims, 60);
    const full = await createSessionTokens(keys, { now: () => now }).verifySessionToken(token);
    expect(await signer.verifySessionToken(token)).toEqual(full);
    expect(await signer.verifySessionToken(token)).toEqual(full);
    now += 59_000;
    expect(await signer.verifySessionToken(token)).toEqual(full);
    now += 2_000;
    expect(await signer.verifySessionToken(token)).toMatchObject({ ok: true }); // within the 5 s clock tolerance, verified in full
    now += 10_000;
    expect(await signer.verifySessionToken(token)).toMatchObject({ ok: false, reason: 'expired', claims });
  });

  it('reads time from the injected clock when signing and verifying', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const tokens = createSessionTokens(keys, { now: () => now });
    const token = await tokens.signSessionToken(claims, 60);
    expect(await tokens.verifySessionToken(token)).toMatchObject({ ok: true, session: { expiresAt: new Date(now + 60_000) } });
    now += 120_000;
    expect(await tokens.verifySessionToken(token)).toMatchObject({ ok: false, reason: 'expired', claims });
  });

  it('never reports an expired token with a bad signature, issuer or audience as merely expired', async () => {
    const tokens = createSessionTokens(keys);
    const past = Math.floor(Date.now() / 1000) - 600;
    const expired = (key: Parameters<SignJWT['sign']>[0], aud: string = Jwt.audience) =>
      new SignJWT({ kind: 'customer', sid: 's', adm: true }).setProtectedHeader({ alg: 'EdDSA' }).setSubject('x').setIssuer(Jwt.issuer).setAudience(aud).setExpirationTime(past).sign(key);
    expect(await tokens.verifySessionToken(await expired(generateKeyPairSync('ed25519').privateKey))).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verifySessionToken(await expired(keys.privateKey, 'someone-else'))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects an unsigned alg "none" token', async () => {
    const token = `${base64url({ alg: 'none' })}.${base64url({ ...claims, iss: Jwt.issuer, aud: Jwt.audience, exp: 9999999999 })}.`;
    expect(await createSessionTokens(keys).verifySessionToken(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a token signed by another key', async () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    const token = await sign(other, {});
    expect(await createSessionTokens(keys).verifySessionToken(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a token for another audience or from another issuer', async () => {
    const tokens = createSessionTokens(keys);
    expect(await tokens.verifySessionToken(await sign(keys.privateKey, { aud: 'someone-else' }))).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verifySessionToken(await sign(keys.privateKey, { iss: 'someone-else' }))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a correctly signed token whose claims do not fit the contract', async () => {
    const token = await new SignJWT({ kind: 'superuser', sid: 's' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('x')
      .setIssuer(Jwt.issuer)
      .setAudience(Jwt.audience)
      .setExpirationTime('5m')
      .sign(keys.privateKey);
    expect(await createSessionTokens(keys).verifySessionToken(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects garbage', async () => {
    expect(await createSessionTokens(keys).verifySessionToken('not.a.jwt')).toEqual({ ok: false, reason: 'invalid' });
  });

  function sign(key: Parameters<SignJWT['sign']>[0], overrides: { aud?: string; iss?: string }): Promise<string> {
    return new SignJWT({ kind: 'customer', sid: 's', adm: true })
      .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid })
      .setSubject('x')
      .setIssuer(overrides.iss ?? Jwt.issuer)
      .setAudience(overrides.aud ?? Jwt.audience)
      .setExpirationTime('5m')
      .sign(key);
  }
});

describe('the session cookie', () => {
  /** The Set-Cookie header a real Express response carries after set() or clear(). */
  async function setCookieHeader(secure: boolean, action: 'set' | 'clear'): Promise<string> {
    const cookie = createSessionCookie({ secure });
    const app = express();
    app.get('/', (_req, res) => {
      if (action === 'set') cookie.set(res, 'tok', 3600);
      else cookie.clear(res);
      res.end();
    });
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
      return res.headers.get('set-cookie') ?? '';
    } finally {
      server.close();
    }
  }

  it('over http is pl_session, HttpOnly, SameSite=Lax, Path=/ and not Secure', async () => {
    const header = await setCookieHeader(false, 'set');
    expect(header).toMatch(/^pl_session=tok;/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; Max-Age=3600/);
    expect(header).not.toMatch(/Secure/);
    expect(header).not.toMatch(/Domain=/);
  });

  it('under https is __Host-pl_session and Secure, with no Domain', async () => {
    const header = await setCookieHeader(true, 'set');
    expect(header).toMatch(/^__Host-pl_session=tok;/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/);
  });

  it('clears with the same name and attributes so the browser drops it', async () => {
    const header = await setCookieHeader(true, 'clear');
    expect(header).toMatch(/^__Host-pl_session=;/);
    expect(header).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; Path=\//);
  });
});
