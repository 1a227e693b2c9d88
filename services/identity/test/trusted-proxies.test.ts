// Decision 044: identity's public routes key their rate limits on the address the gateway saw
// (X-Forwarded-For) and on its device header only when the request comes from a trusted proxy
// (TRUSTED_PROXIES; loopback by default). A caller reaching identity's port from anywhere else is
// keyed on its own address, whatever headers it sends. The test speaks from a second loopback
// address (127.0.0.2), which the default does not trust, as a stranger on the network would.
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { ApiPaths, IdentityInternalPaths } from '@pl/contracts';
import { DEFAULT_LIMITS, type IdentityLimits } from '../src/domain/limits.js';
import { startIdentity, uniqueDevice, uniqueIp, type IdentityTestApp } from './identity-test-app.js';

const FORGOT_LIMIT = 2;
const limits: IdentityLimits = { ...DEFAULT_LIMITS, rules: { ...DEFAULT_LIMITS.rules, forgotPassword: { ...DEFAULT_LIMITS.rules.forgotPassword, limit: FORGOT_LIMIT } } };

let identity: IdentityTestApp;
beforeAll(async () => {
  identity = await startIdentity({ limits });
});
afterAll(() => identity.stop());

/** A POST to identity from the local address `from`, with the given headers. */
function postFrom(from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(path, identity.url);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(data);
  });
}
const forgotFrom = (from: string, headers: Record<string, string>) => postFrom(from, ApiPaths.auth.forgotPassword, { email: `someone-${randomBytes(3).toString('hex')}@example.com` }, headers);

async function statuses(times: number, send: () => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push(await send());
  return out;
}

describe('forwarded headers on a direct call to identity', () => {
  it('keys a caller that is no trusted proxy on its own address, whatever X-Forwarded-For it forges', async () => {
    const forged = await statuses(FORGOT_LIMIT + 1, () => forgotFrom('127.0.0.2', { 'x-forwarded-for': uniqueIp() }));
    expect(forged).toEqual([...Array<number>(FORGOT_LIMIT).fill(200), 429]);
  });

  it('ignores the device header of a caller that is no trusted proxy', async () => {
    const forged = await statuses(FORGOT_LIMIT + 1, () => forgotFrom('127.0.0.3', { 'x-pl-device': uniqueDevice() }));
    expect(forged).toEqual([...Array<number>(FORGOT_LIMIT).fill(200), 429]);
  });

  it('takes the client address and the device from the gateway, a trusted proxy (loopback by default)', async () => {
    // Every request as another browser behind the gateway: none is refused.
    expect(await statuses(FORGOT_LIMIT + 2, () => forgotFrom('127.0.0.1', { 'x-forwarded-for': uniqueIp() }))).toEqual(Array(FORGOT_LIMIT + 2).fill(200));
    const nat = uniqueIp();
    expect(await statuses(FORGOT_LIMIT + 2, () => forgotFrom('127.0.0.1', { 'x-forwarded-for': nat, 'x-pl-device': uniqueDevice() }))).toEqual(Array(FORGOT_LIMIT + 2).fill(200));
  });

  it('refuses the internal API to a direct caller without the internal token, from anywhere', async () => {
    const body = { usernameOrEmail: 'someone', password: 'x', client: { ip: uniqueIp() } };
    expect(await postFrom('127.0.0.2', IdentityInternalPaths.sessions, body)).toBe(401);
    expect(await postFrom('127.0.0.1', IdentityInternalPaths.sessions, body, { authorization: 'Bearer not-the-token-but-long-enough-0123456789' })).toBe(401);
  });
});
