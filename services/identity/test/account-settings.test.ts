import { Customer, SessionGrant } from '@pl/contracts';
import { RateLimits } from '../src/domain/rate-limits.js';
import { PUBLIC_ORIGIN, startIdentity, tokenFromLink, type IdentityTestApp } from './identity-test-app.js';

describe('account settings: profile, password, e-mail verification', () => {
  let identity: IdentityTestApp;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.stop());

  /** A registered customer and a session token for them. */
  const signedInCustomer = async (overrides = {}) => {
    const { registration, grant } = await identity.register(overrides);
    return { registration, grant, token: await identity.tokenFor(grant) };
  };
  const patchProfile = (token: string | undefined, body: unknown) => identity.api('PATCH', '/api/auth/profile', { token, body });
  const changePassword = (token: string, body: unknown) => identity.api('POST', '/api/auth/change-password', { token, body });
  const verify = (token: string) => identity.api('POST', '/api/auth/verify-email', { body: { token } });

  describe('PATCH /api/auth/profile', () => {
    it('updates names and phone, blank meaning not provided, and answers the customer', async () => {
      const { token, grant } = await signedInCustomer();
      const res = await patchProfile(token, { firstName: '  Janet ', lastName: '', phone: null });
      expect(res.status).toBe(200);
      expect(Customer.parse(await res.json())).toEqual({ ...grant.customer, firstName: 'Janet', lastName: null, phone: null });
      expect(await (await identity.api('GET', '/api/auth/me', { token })).json()).toMatchObject({ firstName: 'Janet', lastName: null, phone: null });
    });

    it('makes a new e-mail address unverified again and mails it a verification link', async () => {
      const { token, grant } = await signedInCustomer();
      const oldLink = (await identity.lastMailTo(grant.customer.email))!.links[0]!;
      await identity.pool.query('UPDATE customers SET email_verified_at = now() WHERE id = $1', [grant.customer.id]);

      const res = await patchProfile(token, { email: `moved-${Date.now()}@example.com` });

      const updated = Customer.parse(await res.json());
      expect(updated.emailVerifiedAt).toBeNull();
      const mail = await identity.lastMailTo(updated.email);
      expect(mail?.subject).toBe('Confirm your e-mail address for Professional Liquidation');
      // A link sent to the old address no longer verifies anything.
      expect((await verify(tokenFromLink(oldLink, 'verify'))).status).toBe(400);
      expect((await verify(tokenFromLink(mail!.links[0]!, 'verify'))).status).toBe(200);
    });

    it('keeps the verification when only the case of the address changes', async () => {
      const { token, grant } = await signedInCustomer();
      await identity.pool.query('UPDATE customers SET email_verified_at = now() WHERE id = $1', [grant.customer.id]);
      const updated = Customer.parse(await (await patchProfile(token, { email: grant.customer.email.toUpperCase() })).json());
      expect(updated.email).toBe(grant.customer.email.toUpperCase());
      expect(updated.emailVerifiedAt).not.toBeNull();
    });

    it("takes another customer's address (any case) as a name only: saved unverified, its owner told, no link to anyone (decision 044)", async () => {
      const { token, grant } = await signedInCustomer();
      const { grant: other } = await signedInCustomer();
      await identity.dispatchMail();
      const res = await patchProfile(token, { email: other.customer.email.toUpperCase() });
      expect(res.status).toBe(200);
      expect(Customer.parse(await res.json())).toMatchObject({ id: grant.customer.id, email: other.customer.email.toUpperCase(), emailVerifiedAt: null });
      const mail = await identity.lastMailTo(other.customer.email);
      expect(mail).toMatchObject({ subject: 'Someone tried to use your e-mail address at Professional Liquidation', links: [`${PUBLIC_ORIGIN}/forgot-password`] });
      const { rows } = await identity.pool.query('SELECT id, holds_email FROM customers WHERE id = ANY($1) ORDER BY id = $2', [[grant.customer.id, other.customer.id], grant.customer.id]);
      expect(rows).toEqual([{ id: other.customer.id, holds_email: true }, { id: grant.customer.id, holds_email: false }]);
    });

    it.each([
      ['isAdmin', { isAdmin: true }],
      ['username', { username: 'renamed' }],
      ['emailVerifiedAt', { emailVerifiedAt: '2020-01-01T00:00:00.000Z' }],
      ['passwordHash', { passwordHash: 'x' }],
      ['an invalid e-mail', { email: 'nope' }],
      ['a huge name', { firstName: 'x'.repeat(5000) }],
      ['a number', { phone: 5550100 }],
    ])('answers 400 to %s and changes nothing', async (_what, body) => {
      const { token } = await signedInCustomer();
      const before = await identity.snapshot();
      const res = await patchProfile(token, { firstName: 'Changed', ...body });
      expect([res.status, (await res.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(await identity.snapshot()).toEqual(before);
    });

    it('answers 401 to guests, anonymous callers and ended sessions', async () => {
      const { token, grant } = await signedInCustomer();
      expect((await patchProfile(undefined, { firstName: 'X' })).status).toBe(401);
      await identity.internal('DELETE', `/internal/sessions/${grant.session.id}`);
      expect((await patchProfile(token, { firstName: 'X' })).status).toBe(401);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('needs the current password: 400 "Current password is incorrect" otherwise, nothing changed', async () => {
      const { token, registration, grant } = await signedInCustomer();
      const res = await changePassword(token, { currentPassword: 'not it', newPassword: 'a new password' });
      expect([res.status, await res.json()]).toEqual([400, { message: 'Current password is incorrect', code: 'CURRENT_PASSWORD_INCORRECT' }]);
      expect((await identity.signIn(registration.username, registration.password)).status).toBe(201);
      expect(await identity.sessionActive(grant.session.id)).toBe(true);
    });

    it("changes it, keeps the caller's session and ends every other one", async () => {
      const { token, registration, grant } = await signedInCustomer();
      const elsewhere = SessionGrant.parse(await (await identity.signIn(registration.username, registration.password)).json());

      const res = await changePassword(token, { currentPassword: registration.password, newPassword: 'a new password' });

      expect([res.status, await res.json()]).toEqual([200, { message: 'Your password has been changed.' }]);
      expect([await identity.sessionActive(grant.session.id), await identity.sessionActive(elsewhere.session.id)]).toEqual([true, false]);
      const revoked = (await identity.outboxEvents('customer.sessions-revoked')).filter((e) => e.customerId === grant.customer.id);
      expect(revoked).toEqual([{ customerId: grant.customer.id, sessionIds: [elsewhere.session.id] }]);
      expect((await identity.signIn(registration.username, registration.password)).status).toBe(401);
      expect((await identity.signIn(registration.username, 'a new password')).status).toBe(201);
    });

    it('answers 400 to a short new password or extra fields, and 401 without a session', async () => {
      const { token, registration } = await signedInCustomer();
      for (const body of [{ currentPassword: registration.password, newPassword: 'short' }, { currentPassword: registration.password, newPassword: 'long enough', isAdmin: true }]) {
        expect((await changePassword(token, body)).status).toBe(400);
      }
      expect((await identity.api('POST', '/api/auth/change-password', { body: { currentPassword: 'x', newPassword: 'long enough' } })).status).toBe(401);
    });

    it('limits current-password guesses per customer with 429', async () => {
      const { token } = await signedInCustomer();
      for (let i = 0; i < RateLimits.changePassword.limit; i++) {
        expect((await changePassword(token, { currentPassword: `guess ${i}`, newPassword: 'a new password' })).status).toBe(400);
      }
      const res = await changePassword(token, { currentPassword: 'guess', newPassword: 'a new password' });
      expect([res.status, Number(res.headers.get('retry-after')) > 0]).toEqual([429, true]);
    });
  });

  describe('e-mail verification', () => {
    it('registration mails PUBLIC_ORIGIN/account?verify=<token>; posting it verifies the address, once', async () => {
      const { token, grant } = await signedInCustomer();
      const mail = await identity.lastMailTo(grant.customer.email);
      const link = new URL(mail!.links[0]!);
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_ORIGIN}/account`);
      const verifyToken = link.searchParams.get('verify')!;

      const res = await verify(verifyToken); // no session needed: the token is the proof
      expect([res.status, await res.json()]).toEqual([200, { message: 'Your email address has been verified.' }]);
      const me = Customer.parse(await (await identity.api('GET', '/api/auth/me', { token })).json());
      expect(Date.parse(me.emailVerifiedAt!)).toBeGreaterThan(Date.now() - 60_000);

      const again = await verify(verifyToken);
      expect([again.status, await again.json()]).toEqual([400, { message: 'This verification link is invalid or has expired.', code: 'INVALID_VERIFICATION_TOKEN' }]);
    });

    it('refuses an expired verification link', async () => {
      const { grant } = await signedInCustomer();
      const link = (await identity.lastMailTo(grant.customer.email))!.links[0]!;
      await identity.pool.query(`UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [grant.customer.id]);
      expect((await verify(tokenFromLink(link, 'verify'))).status).toBe(400);
    });

    it('resends a fresh link to a signed-in unverified customer; a verified one is told so', async () => {
      const { token, grant } = await signedInCustomer();
      await identity.dispatchMail();
      const resend = () => identity.api('POST', '/api/auth/resend-verification', { token });

      const res = await resend();
      expect([res.status, await res.json()]).toEqual([200, { message: 'We have sent you a new verification link. Please check your inbox.' }]);
      const link = (await identity.lastMailTo(grant.customer.email))!.links[0]!;
      expect((await verify(tokenFromLink(link, 'verify'))).status).toBe(200);

      expect(await (await resend()).json()).toEqual({ message: 'Your email address is already verified.' });
      expect((await identity.api('POST', '/api/auth/resend-verification')).status).toBe(401);
    });

    it('limits verification mails per customer with 429', async () => {
      const { token } = await signedInCustomer();
      for (let i = 0; i < RateLimits.verificationMail.limit; i++) expect((await identity.api('POST', '/api/auth/resend-verification', { token })).status).toBe(200);
      expect((await identity.api('POST', '/api/auth/resend-verification', { token })).status).toBe(429);
    });
  });
});
