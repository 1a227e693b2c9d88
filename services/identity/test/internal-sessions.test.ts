import { randomUUID } from 'node:crypto';
import { SessionGrant, SessionState } from '@pl/contracts';
import { INTERNAL_TOKEN, buildRegistration, startIdentity, uniqueIp, type IdentityTestApp } from './identity-test-app.js';

describe("identity's internal session API (the gateway's sign-in, registration and logout)", () => {
  let identity: IdentityTestApp;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.stop());

  describe('authorisation', () => {
    it.each([
      ['no token', {}],
      ['a wrong token', { authorization: `Bearer ${INTERNAL_TOKEN}x` }],
    ] as const)('answers 401 JSON with %s and changes nothing', async (_what, headers) => {
      const before = await identity.snapshot();
      for (const [method, path, body] of [
        ['POST', '/internal/sessions', { usernameOrEmail: 'admin', password: 'x', client: { ip: '1.2.3.4' } }],
        ['POST', '/internal/registrations', { registration: buildRegistration(), client: { ip: '1.2.3.4' } }],
        ['GET', `/internal/sessions/${randomUUID()}`, undefined],
        ['DELETE', `/internal/sessions/${randomUUID()}`, undefined],
      ] as const) {
        const res = await identity.call(method, path, body, headers);
        expect([res.status, await res.json()]).toEqual([401, { message: 'Missing or invalid internal API token', code: 'UNAUTHENTICATED' }]);
      }
      expect(await identity.snapshot()).toEqual(before);
    });

    it('is not reachable under /api', async () => {
      expect((await identity.call('POST', '/api/internal/sessions', {})).status).toBe(404);
    });
  });

  describe('POST /internal/registrations', () => {
    it('creates the customer, opens a session and answers 201 with the grant', async () => {
      const registration = buildRegistration({ username: 'NewShopper', email: 'New.Shopper@Example.com', phone: '' });
      const res = await identity.internal('POST', '/internal/registrations', { registration, previousSubject: 'guest-123', client: { ip: '203.0.113.7', userAgent: 'jest' } });

      expect(res.status).toBe(201);
      const grant = SessionGrant.parse(await res.json());
      expect(grant.customer).toEqual({
        id: expect.any(String),
        username: 'NewShopper',
        email: 'New.Shopper@Example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        phone: null,
        isAdmin: false,
        emailVerifiedAt: null,
        createdAt: expect.any(String),
      });
      expect(grant.session.id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      const ttlDays = (Date.parse(grant.session.expiresAt) - Date.now()) / 86_400_000;
      expect(ttlDays).toBeGreaterThan(29.9);
      expect(ttlDays).toBeLessThanOrEqual(30);
      const { rows } = await identity.pool.query('SELECT customer_id, ip, user_agent, revoked_at FROM sessions WHERE id = $1', [grant.session.id]);
      expect(rows).toEqual([{ customer_id: grant.customer.id, ip: '203.0.113.7', user_agent: 'jest', revoked_at: null }]);
    });

    it('stores an argon2id hash at OWASP ASVS strength, never the password', async () => {
      const { grant, registration } = await identity.register();
      const { rows } = await identity.pool.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE id = $1', [grant.customer.id]);
      expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(rows[0]!.password_hash).not.toContain(registration.password);
    });

    it('writes customer.signed-in with the guest subject, and queues a verification mail', async () => {
      const { grant } = await identity.register({}, { previousSubject: 'guest-abc' });
      expect(await identity.outboxEvents('customer.signed-in')).toContainEqual({ customerId: grant.customer.id, previousSubject: 'guest-abc' });
      const mail = await identity.lastMailTo(grant.customer.email);
      expect(mail?.subject).toBe('Confirm your e-mail address for Professional Liquidation');
    });

    it('answers 409 for a username taken in any case, and creates nothing (an e-mail in use: email-addresses.test)', async () => {
      const { registration } = await identity.register();
      const before = await identity.snapshot();
      const res = await identity.internal('POST', '/internal/registrations', { registration: buildRegistration({ username: registration.username.toUpperCase() }), client: { ip: uniqueIp() } });
      expect([res.status, await res.json()]).toEqual([409, { message: 'Username is already taken', code: 'USERNAME_TAKEN' }]);
      expect(await identity.snapshot()).toEqual(before);
    });

    it.each([
      ['isAdmin smuggled into the registration', { isAdmin: true }],
      ['emailVerifiedAt smuggled in', { emailVerifiedAt: '2020-01-01T00:00:00Z' }],
      ['a missing password', { password: undefined }],
      ['a short password', { password: 'short' }],
      ['an invalid e-mail', { email: 'not-an-email' }],
      ['a username with an @', { username: 'me@example.com' }],
      ['a blank username', { username: '   ' }],
      ['a number for a name', { firstName: 42 }],
      ['a huge username', { username: 'x'.repeat(10_000) }],
    ])('answers 400 JSON to %s and changes nothing', async (_what, overrides) => {
      const before = await identity.snapshot();
      const registration = { ...buildRegistration(), ...overrides };
      const res = await identity.internal('POST', '/internal/registrations', { registration, client: { ip: uniqueIp() } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED' });
      expect(await identity.snapshot()).toEqual(before);
    });

    it('answers 400 to an unknown field beside the registration', async () => {
      const res = await identity.internal('POST', '/internal/registrations', { registration: buildRegistration(), client: { ip: uniqueIp() }, isAdmin: true });
      expect(res.status).toBe(400);
    });
  });

  describe('POST /internal/sessions', () => {
    it('signs in by username or by confirmed e-mail, in any case, each with a new session', async () => {
      const { registration, grant } = await identity.register({ username: 'MixedCase', email: 'Mixed.Case@Example.com' });
      // An address signs in once confirmed (decision 044); until then it is answered like an unknown name.
      expect((await identity.signIn('mixed.case@example.com', registration.password)).status).toBe(401);
      const { rows } = await identity.pool.query('UPDATE customers SET email_verified_at = now() WHERE id = $1 RETURNING email_verified_at AS at', [grant.customer.id]);
      const ids = new Set([grant.session.id]);
      for (const name of ['MixedCase', 'mixedcase', 'mixed.case@example.com', '  MIXED.CASE@EXAMPLE.COM ']) {
        const res = await identity.signIn(name, registration.password);
        expect(res.status).toBe(201);
        const signedIn = SessionGrant.parse(await res.json());
        expect(signedIn.customer).toEqual({ ...grant.customer, emailVerifiedAt: (rows[0].at as Date).toISOString() });
        ids.add(signedIn.session.id);
      }
      expect(ids.size).toBe(5);
    });

    it('writes customer.signed-in with the previous guest subject, or null', async () => {
      const { registration, grant } = await identity.register();
      await identity.signIn(registration.username, registration.password, {}, 'guest-42');
      await identity.signIn(registration.username, registration.password);
      const events = (await identity.outboxEvents('customer.signed-in')).filter((e) => e.customerId === grant.customer.id);
      expect(events).toEqual([
        { customerId: grant.customer.id, previousSubject: null },
        { customerId: grant.customer.id, previousSubject: 'guest-42' },
        { customerId: grant.customer.id, previousSubject: null },
      ]);
    });

    it('answers one 401 message for a wrong password and for an unknown user, opening no session', async () => {
      const { registration } = await identity.register();
      const before = await identity.pool.query('SELECT count(*)::int AS n FROM sessions');
      const wrong = await identity.signIn(registration.username, 'not the password');
      const unknown = await identity.signIn(`nobody-${randomUUID()}`, 'not the password');
      const unknownEmail = await identity.signIn(`nobody-${randomUUID()}@example.com`, 'not the password');
      for (const res of [wrong, unknown, unknownEmail]) {
        expect([res.status, await res.json()]).toEqual([401, { message: 'Invalid username or password', code: 'UNAUTHENTICATED' }]);
      }
      expect((await identity.pool.query('SELECT count(*)::int AS n FROM sessions')).rows).toEqual(before.rows);
    });

    it('checks an unknown user against a dummy argon2id hash: the same work as a wrong password', async () => {
      const { registration, grant } = await identity.register();
      const stored = (await identity.pool.query<{ h: string }>('SELECT password_hash AS h FROM customers WHERE id = $1', [grant.customer.id])).rows[0]!.h;

      identity.passwords.verified.length = 0;
      await identity.signIn(registration.username, 'wrong password');
      expect(identity.passwords.verified).toEqual([stored]);

      identity.passwords.verified.length = 0;
      await identity.signIn(`ghost-${randomUUID()}`, 'wrong password');
      await identity.signIn(`ghost-${randomUUID()}@example.com`, 'wrong password');
      const [dummy, dummyAgain] = identity.passwords.verified;
      expect(identity.passwords.verified).toHaveLength(2);
      expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(dummyAgain).toBe(dummy);
      const { rows } = await identity.pool.query('SELECT 1 FROM customers WHERE password_hash = $1', [dummy]);
      expect(rows).toHaveLength(0);
    });

    it.each([
      ['a missing password', { password: undefined }],
      ['an empty name', { usernameOrEmail: '' }],
      ['a number as password', { password: 12345678 }],
      ['a missing client', { client: undefined }],
      ['an unknown field', { isAdmin: true }],
      ['a huge name', { usernameOrEmail: 'x'.repeat(300) }],
    ])('answers 400 to %s', async (_what, overrides) => {
      const res = await identity.internal('POST', '/internal/sessions', { usernameOrEmail: 'someone', password: 'x', client: { ip: uniqueIp() }, ...overrides });
      expect([res.status, (await res.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
    });

    it('answers malformed JSON with 400 JSON', async () => {
      const res = await identity.call('POST', '/internal/sessions', '{"usernameOrEmail": ', { 'content-type': 'application/json', authorization: `Bearer ${INTERNAL_TOKEN}` });
      expect([res.status, await res.json()]).toEqual([400, { message: 'Malformed JSON body', code: 'BAD_REQUEST' }]);
    });
  });

  describe('GET and DELETE /internal/sessions/:id', () => {
    it('answers an open session as active, for its customer, with admin-ness read fresh', async () => {
      const { grant } = await identity.register();
      const state = async () => SessionState.parse(await (await identity.internal('GET', `/internal/sessions/${grant.session.id}`)).json());
      expect(await state()).toEqual({ active: true, customerId: grant.customer.id, isAdmin: false });
      await identity.pool.query('UPDATE customers SET is_admin = true WHERE id = $1', [grant.customer.id]);
      expect(await state()).toEqual({ active: true, customerId: grant.customer.id, isAdmin: true });
    });

    it('answers unknown, malformed and expired sessions as inactive', async () => {
      const { grant } = await identity.register();
      await identity.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = $1`, [grant.session.id]);
      for (const id of [grant.session.id, 'unknown-session-id-0000000000', 'x', encodeURIComponent("' OR 1=1 --")]) {
        const res = await identity.internal('GET', `/internal/sessions/${id}`);
        expect([res.status, await res.json()]).toEqual([200, { active: false, customerId: null, isAdmin: false }]);
      }
    });

    it('logs out: 204, the session is inactive, customer.sessions-revoked is written once; again is a no-op 204', async () => {
      const { grant } = await identity.register();
      const logout = () => identity.internal('DELETE', `/internal/sessions/${grant.session.id}`);

      expect((await logout()).status).toBe(204);
      expect(await identity.sessionActive(grant.session.id)).toBe(false);
      expect((await logout()).status).toBe(204);
      expect((await identity.internal('DELETE', `/internal/sessions/${randomUUID()}`)).status).toBe(204);

      const revoked = (await identity.outboxEvents('customer.sessions-revoked')).filter((e) => e.customerId === grant.customer.id);
      expect(revoked).toEqual([{ customerId: grant.customer.id, sessionIds: [grant.session.id] }]);
    });

    it('ends only the session logged out of', async () => {
      const { registration, grant } = await identity.register();
      const other = SessionGrant.parse(await (await identity.signIn(registration.username, registration.password)).json());
      await identity.internal('DELETE', `/internal/sessions/${grant.session.id}`);
      expect([await identity.sessionActive(grant.session.id), await identity.sessionActive(other.session.id)]).toEqual([false, true]);
    });
  });
});
