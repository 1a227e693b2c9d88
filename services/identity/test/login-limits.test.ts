import { RateLimitedBody, SessionGrant } from '@pl/contracts';
import { LoginLimits } from '../src/domain/login-limits.js';
import { RateLimits } from '../src/domain/rate-limits.js';
import { buildRegistration, startIdentity, uniqueIp, type IdentityTestApp } from './identity-test-app.js';

/** Decision 010: brute force is capped per client and per account, never locking the owner out. */
describe('sign-in and sign-up rate limits', () => {
  let identity: IdentityTestApp;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.stop());

  const expectRateLimited = async (res: Response, maxSeconds: number) => {
    expect(res.status).toBe(429);
    const body = RateLimitedBody.parse(await res.json());
    expect(res.headers.get('retry-after')).toBe(String(body.retryAfterSeconds));
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(maxSeconds);
    return body;
  };

  it('refuses the 101st failure on an account with 429 and Retry-After, while a client that signed in before still signs in', async () => {
    const ownersIp = uniqueIp();
    const { registration, grant } = await identity.register({}, { ip: ownersIp });
    const { perAccount } = LoginLimits;

    // A botnet: each address stays far below the per-client limit.
    const failures = await Promise.all(Array.from({ length: perAccount.limit }, () => identity.signIn(registration.username, 'guess')));
    expect(failures.map((r) => r.status)).toEqual(Array(perAccount.limit).fill(401));

    // The next guess, and even the right password from an address the account has never seen, wait.
    const body = await expectRateLimited(await identity.signIn(registration.username, 'guess'), perAccount.windowSeconds);
    expect(body.retryAfterSeconds).toBeGreaterThan(perAccount.windowSeconds - 120);
    expect(body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes\.$/);
    await expectRateLimited(await identity.signIn(registration.email, registration.password), perAccount.windowSeconds);

    // The owner, from the address they signed up (or signed in) from, is not locked out.
    const owner = await identity.signIn(registration.username, registration.password, { ip: ownersIp });
    expect(owner.status).toBe(201);
    expect(SessionGrant.parse(await owner.json()).customer.id).toBe(grant.customer.id);
  });

  it('answers an unknown name exactly like a known one once its failure budget is spent (no enumeration through 429)', async () => {
    const name = `ghost${Date.now()}`;
    // Arrange: the name's hour already holds the limit's worth of failures.
    await identity.pool.query(
      `INSERT INTO login_attempts (account_key, ip, at) SELECT $1, '10.99.' || g || '.1', now() - interval '1 minute' FROM generate_series(1, $2) g`,
      [`name:${name}`, LoginLimits.perAccount.limit],
    );
    identity.passwords.verified.length = 0;
    const body = await expectRateLimited(await identity.signIn(name.toUpperCase(), 'guess'), LoginLimits.perAccount.windowSeconds);
    expect(body.message).toMatch(/^Too many sign-in attempts/);
    expect(identity.passwords.verified).toEqual([]); // refused before any password work
  });

  it('refuses a client after 30 failures in 10 minutes whatever account it tries, others unaffected', async () => {
    const attacker = uniqueIp();
    const { perClient } = LoginLimits;
    const victims = await Promise.all([identity.register(), identity.register()]);
    const failures = await Promise.all(
      Array.from({ length: perClient.limit }, (_, i) => identity.signIn(`sprayed-${i}`, 'guess', { ip: attacker })),
    );
    expect(failures.every((r) => r.status === 401)).toBe(true);

    await expectRateLimited(await identity.signIn(victims[0].registration.username, 'guess', { ip: attacker }), perClient.windowSeconds);
    // Even with the right password: the limit is decided before any password is looked at.
    await expectRateLimited(await identity.signIn(victims[0].registration.username, victims[0].registration.password, { ip: attacker }), perClient.windowSeconds);
    expect((await identity.signIn(victims[1].registration.username, victims[1].registration.password)).status).toBe(201);
  });

  it('caps failures per account and client even for a client the account knows', async () => {
    const ip = uniqueIp();
    const otherKnownIp = uniqueIp();
    const { registration, grant } = await identity.register({}, { ip });
    expect((await identity.signIn(registration.username, registration.password, { ip: otherKnownIp })).status).toBe(201);
    await identity.pool.query(
      `INSERT INTO login_attempts (account_key, ip, at) SELECT $1, $2, now() - make_interval(mins => g % 40 + 11) FROM generate_series(1, $3) g`,
      [`customer:${grant.customer.id}`, ip, LoginLimits.perAccountAndClient.limit],
    );
    await expectRateLimited(await identity.signIn(registration.username, registration.password, { ip }), LoginLimits.perAccountAndClient.windowSeconds);
    expect((await identity.signIn(registration.username, registration.password, { ip: otherKnownIp })).status).toBe(201);
  });

  it('counts parallel guesses at once: no burst slips past the per-client limit', async () => {
    const attacker = uniqueIp();
    const results = await Promise.all(Array.from({ length: LoginLimits.perClient.limit + 10 }, (_, i) => identity.signIn(`burst-${i}`, 'guess', { ip: attacker })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LoginLimits.perClient.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('limits registrations per client address with 429 and Retry-After, creating nothing more', async () => {
    const ip = uniqueIp();
    await identity.pool.query(`INSERT INTO rate_limit_hits (bucket, key) SELECT 'register', $1 FROM generate_series(1, $2)`, [ip, RateLimits.register.limit - 1]);
    expect((await identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip } })).status).toBe(201);

    const before = await identity.snapshot();
    const res = await identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip } });
    await expectRateLimited(res, RateLimits.register.windowSeconds);
    expect(await identity.snapshot()).toEqual(before);
    expect((await identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip: uniqueIp() } })).status).toBe(201);
  });
});
