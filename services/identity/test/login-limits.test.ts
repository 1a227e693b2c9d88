import { RateLimitedBody, SessionGrant } from '@pl/contracts';
import { LoginLimits } from '../src/domain/login-limits.js';
import { DEFAULT_LIMITS, type IdentityLimits } from '../src/domain/limits.js';
import { RateLimits } from '../src/domain/rate-limits.js';
import { buildRegistration, startIdentity, uniqueDevice, uniqueIp, type IdentityTestApp } from './identity-test-app.js';

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
    const { perAccount, accountSlowdown } = LoginLimits;

    // A botnet, each address far below the per-client limit, has spent the account's hour (longer ago than any slowdown).
    await identity.pool.query(
      `INSERT INTO login_attempts (account_key, ip, at) SELECT $1, '10.98.' || g || '.1', now() - make_interval(secs => $3 + 60) FROM generate_series(1, $2) g`,
      [`customer:${grant.customer.id}`, perAccount.limit, accountSlowdown.maxSeconds],
    );

    // The next guess, and even the right password from an address the account has never seen, wait.
    const body = await expectRateLimited(await identity.signIn(registration.username, 'guess'), perAccount.windowSeconds);
    expect(body.retryAfterSeconds).toBeGreaterThan(perAccount.windowSeconds - accountSlowdown.maxSeconds - 120);
    expect(body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes\.$/);
    await expectRateLimited(await identity.signIn(registration.username, registration.password), perAccount.windowSeconds);

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

  it(`lets ${LoginLimits.accountSlowdown.afterFailures} guesses on one account through at once from anywhere, then makes each wait`, async () => {
    const { registration } = await identity.register();
    const { afterFailures } = LoginLimits.accountSlowdown;
    // A botnet in parallel, each from an address of its own: no burst slips past the account's count.
    const burst = await Promise.all(Array.from({ length: afterFailures + 5 }, () => identity.signIn(registration.username, 'guess')));
    const statuses = burst.map((r) => r.status);
    expect([statuses.filter((s) => s === 401).length, statuses.filter((s) => s === 429).length]).toEqual([afterFailures, 5]);
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
    // Without a device cookie: the budget the address's cookie-less clients share (decision 044).
    await identity.pool.query(`INSERT INTO rate_limit_hits (bucket, key) SELECT 'register', $1 FROM generate_series(1, $2)`, [`cookieless:${ip}`, RateLimits.register.limit - 1]);
    expect((await identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip } })).status).toBe(201);

    const before = await identity.snapshot();
    const res = await identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip } });
    await expectRateLimited(res, RateLimits.register.windowSeconds);
    expect(await identity.snapshot()).toEqual(before);
    expect((await identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip: uniqueIp() } })).status).toBe(201);
  });
});

/**
 * Decisions 010 and 044, behind a carrier's NAT: per-client limits count a device (the gateway's
 * device cookie) on its own and its address only up to a ceiling of RATE_LIMIT_ADDRESS_FACTOR
 * devices' worth; the clients of an address without the cookie share one device's budget. Small
 * configured numbers keep the test short.
 */
describe('per-device rate limits (configured)', () => {
  const limits: IdentityLimits = {
    ...DEFAULT_LIMITS,
    login: { ...DEFAULT_LIMITS.login, perClient: { limit: 3, windowSeconds: 600 }, accountSlowdown: { afterFailures: 2, maxSeconds: 4 } },
    rules: { ...DEFAULT_LIMITS.rules, register: { ...DEFAULT_LIMITS.rules.register, limit: 2 }, forgotPassword: { ...DEFAULT_LIMITS.rules.forgotPassword, limit: 2 } },
    addressFactor: 3,
  };
  let identity: IdentityTestApp;
  beforeAll(async () => {
    identity = await startIdentity({ limits });
  });
  afterAll(() => identity.stop());

  const failFrom = async (times: number, client: { ip: string; deviceId?: string }) =>
    (await Promise.all(Array.from({ length: times }, (_, i) => identity.signIn(`nat-${i}-${Math.random()}`, 'guess', client)))).map((r) => r.status);

  it("lets one device spend only its own failed sign-ins, not the shared address's", async () => {
    const nat = uniqueIp();
    const [spender, neighbour] = [uniqueDevice(), uniqueDevice()];
    const { registration } = await identity.register();
    expect(await failFrom(3, { ip: nat, deviceId: spender })).toEqual([401, 401, 401]);
    expect((await identity.signIn(registration.username, registration.password, { ip: nat, deviceId: spender })).status).toBe(429);
    // Another customer behind the same address signs in as usual.
    expect((await identity.signIn(registration.username, registration.password, { ip: nat, deviceId: neighbour })).status).toBe(201);
  });

  it('holds the whole address to the ceiling (factor × the limit), and a client without the cookie to the limit', async () => {
    const nat = uniqueIp();
    const { registration } = await identity.register();
    for (let d = 0; d < 3; d++) expect(await failFrom(3, { ip: nat, deviceId: uniqueDevice() })).toEqual([401, 401, 401]);
    // 9 failures = 3 devices' worth: a fresh device (an attacker minting cookies) gets nothing more.
    expect((await identity.signIn(registration.username, registration.password, { ip: nat, deviceId: uniqueDevice() })).status).toBe(429);
    // Dropping the cookie buys nothing either: the address as a whole is spent.
    expect((await identity.signIn(registration.username, registration.password, { ip: nat })).status).toBe(429);
  });

  it('lets the clients of one address without the cookie share one device-sized budget, leaving the devices theirs', async () => {
    const nat = uniqueIp();
    const { registration } = await identity.register();
    expect(await failFrom(3, { ip: nat })).toEqual([401, 401, 401]);
    // A cookie-less loop stops at the device budget, whichever name it tries next...
    expect((await identity.signIn(registration.username, registration.password, { ip: nat })).status).toBe(429);
    expect(await failFrom(1, { ip: nat })).toEqual([429]);
    // ...while a customer behind the same address with the cookie signs in as usual.
    expect((await identity.signIn(registration.username, registration.password, { ip: nat, deviceId: uniqueDevice() })).status).toBe(201);
  });

  it('counts registrations per device the same way, creating nothing when refused', async () => {
    const nat = uniqueIp();
    const device = uniqueDevice();
    const register = (deviceId?: string) =>
      identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip: nat, ...(deviceId ? { deviceId } : {}) } });
    expect([(await register(device)).status, (await register(device)).status]).toEqual([201, 201]);
    const before = await identity.snapshot();
    expect((await register(device)).status).toBe(429);
    expect(await identity.snapshot()).toEqual(before);
    expect((await register(uniqueDevice())).status).toBe(201);
  });

  it('reads the device the gateway forwards on public routes (forgot-password), ignoring a malformed one', async () => {
    const nat = uniqueIp();
    const forgot = (device?: string) =>
      identity.call('POST', '/api/auth/forgot-password', { email: 'someone@example.com' }, { 'x-forwarded-for': nat, ...(device ? { 'x-pl-device': device } : {}) });
    const device = uniqueDevice();
    expect([(await forgot(device)).status, (await forgot(device)).status, (await forgot(device)).status]).toEqual([200, 200, 429]);
    expect((await forgot(uniqueDevice())).status).toBe(200);
    // Not a device id: the budget the address's cookie-less clients share (2), then the ceiling (6).
    expect([(await forgot('not a device id')).status, (await forgot()).status, (await forgot()).status]).toEqual([200, 200, 429]);
    expect([(await forgot(uniqueDevice())).status, (await forgot(uniqueDevice())).status]).toEqual([200, 429]);
  });

  it('slows failed sign-ins on one account from any address, doubling each wait up to the ceiling, the known client excepted', async () => {
    const home = uniqueIp();
    const { registration, grant } = await identity.register({}, { ip: home });
    /** Moves the account's attempts `seconds` into the past, as if the guesser had waited. */
    const wait = (seconds: number) =>
      identity.pool.query(`UPDATE login_attempts SET at = at - make_interval(secs => $2) WHERE account_key = $1`, [`customer:${grant.customer.id}`, seconds]);
    // Each guess from an address of its own, without a cookie: no per-client limit is near.
    const guess = async () => {
      const res = await identity.signIn(registration.username, 'guess');
      return [res.status, res.headers.get('retry-after')];
    };

    expect([await guess(), await guess()]).toEqual([[401, null], [401, null]]);
    expect(await guess()).toEqual([429, '1']);
    await wait(1);
    expect([await guess(), await guess()]).toEqual([[401, null], [429, '2']]);
    await wait(2);
    expect([await guess(), await guess()]).toEqual([[401, null], [429, '4']]);
    await wait(4);
    // The ceiling (4 s here): it doubles no further.
    expect([await guess(), await guess()]).toEqual([[401, null], [429, '4']]);
    // The right password from an address the account does not know waits as well...
    expect((await identity.signIn(registration.username, registration.password)).status).toBe(429);
    // ...while the customer, from where they signed up, is not slowed at all.
    expect((await identity.signIn(registration.username, registration.password, { ip: home })).status).toBe(201);
  });

  it('refuses a malformed device id on the internal API (400), creating nothing', async () => {
    const before = await identity.snapshot();
    const res = await identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip: uniqueIp(), deviceId: 'x'.repeat(300) } });
    expect(res.status).toBe(400);
    expect(await identity.snapshot()).toEqual(before);
  });
});
