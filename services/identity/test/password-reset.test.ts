import { createHash } from 'node:crypto';
import { SessionGrant } from '@pl/contracts';
import { RateLimits } from '../src/domain/rate-limits.js';
import { MailPolicy } from '../src/mail/mail-policy.js';
import { PUBLIC_ORIGIN, startIdentity, tokenFromLink, uniqueIp, type IdentityTestApp } from './identity-test-app.js';

const REQUESTED = "If an account exists with that email, we've sent password reset instructions. Please check your inbox.";
const INVALID = 'This reset link is invalid or has expired.';

describe('password recovery', () => {
  let identity: IdentityTestApp;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.stop());

  const forgot = (email: string, ip?: string) => identity.api('POST', '/api/auth/forgot-password', { body: { email }, ip });
  const reset = (token: string, password: string) => identity.api('POST', '/api/auth/reset-password', { body: { token, password } });
  /** Asks for a reset link and follows the mail to its token. */
  const resetTokenFor = async (email: string) => {
    expect((await forgot(email)).status).toBe(200);
    const mail = await identity.lastMailTo(email);
    return tokenFromLink(mail!.links[0]!, 'token');
  };

  describe('POST /api/auth/forgot-password', () => {
    it('answers a known and an unknown address with the same status, headers and body', async () => {
      const { registration } = await identity.register();
      const known = await forgot(registration.email);
      const unknown = await forgot(`nobody-${Date.now()}@example.com`);
      const shape = async (res: Response) => ({
        status: res.status,
        type: res.headers.get('content-type'),
        length: res.headers.get('content-length'),
        body: await res.json(),
      });
      expect(await shape(known)).toEqual({ status: 200, type: 'application/json; charset=utf-8', length: expect.any(String), body: { message: REQUESTED } });
      expect(await shape(unknown)).toEqual(await shape(await forgot(registration.email.toUpperCase())));
    });

    it('does the same work on the request for both: one queued intent, no lookup of the account', async () => {
      const { registration } = await identity.register();
      await identity.dispatchMail();
      const count = async () => (await identity.pool.query('SELECT count(*)::int AS n FROM mail_outbox WHERE done_at IS NULL')).rows[0].n;
      await forgot(registration.email);
      await forgot(`unknown-${Date.now()}@example.com`);
      const { rows } = await identity.pool.query(`SELECT kind, customer_id FROM mail_outbox WHERE done_at IS NULL ORDER BY id`);
      expect(rows).toEqual([
        { kind: 'password-reset', customer_id: null },
        { kind: 'password-reset', customer_id: null },
      ]);
      await identity.dispatchMail();
      expect(await count()).toBe(0);
      const outcomes = await identity.pool.query(`SELECT outcome FROM mail_outbox WHERE kind = 'password-reset' ORDER BY id DESC LIMIT 2`);
      expect(outcomes.rows).toEqual([{ outcome: 'no-account' }, { outcome: 'sent' }]);
    });

    it('mails a link to PUBLIC_ORIGIN/reset-password with a 256-bit token whose SHA-256 alone is stored', async () => {
      const { registration, grant } = await identity.register({ firstName: 'Robin' });
      await forgot(registration.email);
      const mail = await identity.lastMailTo(registration.email);

      expect(mail).toMatchObject({ to: registration.email, subject: 'Reset your Professional Liquidation password' });
      expect(mail!.text).toContain('Hello Robin,');
      expect(mail!.text).toContain('within 30 minutes');
      const link = new URL(mail!.links[0]!);
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_ORIGIN}/reset-password`);
      const token = link.searchParams.get('token')!;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const { rows } = await identity.pool.query(
        `SELECT token_hash, expires_at - created_at AS ttl FROM email_tokens WHERE customer_id = $1 AND purpose = 'password-reset'`,
        [grant.customer.id],
      );
      expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest(), ttl: { minutes: 30 } }]);
      // The raw token is nowhere in identity's tables but the dev mailbox (the stand-in for the inbox).
      for (const table of ['customers', 'sessions', 'email_tokens', 'mail_outbox', 'outbox', 'login_attempts', 'rate_limit_hits']) {
        const dump = await identity.pool.query(`SELECT t::text AS row FROM ${table} t`);
        expect(dump.rows.filter((r) => r.row.includes(token))).toEqual([]);
      }
    });

    it(`sends at most ${MailPolicy.resetMailsPerHour} reset mails an hour to one account, answering every request the same`, async () => {
      const { registration } = await identity.register();
      await identity.dispatchMail(); // the welcome verification mail
      for (let i = 0; i < MailPolicy.resetMailsPerHour + 2; i++) {
        const res = await forgot(registration.email);
        expect([res.status, await res.json()]).toEqual([200, { message: REQUESTED }]);
      }
      await identity.dispatchMail();
      const resets = (await identity.mailbox()).filter((m) => m.to === registration.email && m.subject.startsWith('Reset'));
      expect(resets).toHaveLength(MailPolicy.resetMailsPerHour);
    });

    it('limits requests per client address with 429 and Retry-After', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < RateLimits.forgotPassword.limit; i++) expect((await forgot(`x${i}@example.com`, ip)).status).toBe(200);
      const res = await forgot('x@example.com', ip);
      expect([res.status, Number(res.headers.get('retry-after')) > 0]).toEqual([429, true]);
      expect((await forgot('x@example.com')).status).toBe(200);
    });

    it('answers 400 to an invalid address, a missing one and unknown fields', async () => {
      for (const body of [{ email: 'nope' }, {}, { email: 'a@example.com', customerId: 'x' }, { email: ['a@example.com'] }]) {
        const res = await identity.api('POST', '/api/auth/forgot-password', { body });
        expect([res.status, (await res.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
      }
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the new password, ends every session of the customer and verifies the address', async () => {
      const { registration, grant } = await identity.register();
      const second = SessionGrant.parse(await (await identity.signIn(registration.username, registration.password)).json());
      const token = await resetTokenFor(registration.email);

      const res = await reset(token, 'a brand new password');

      expect([res.status, await res.json()]).toEqual([200, { message: 'Your password has been reset successfully!' }]);
      expect([await identity.sessionActive(grant.session.id), await identity.sessionActive(second.session.id)]).toEqual([false, false]);
      expect((await identity.api('GET', '/api/auth/me', { token: await identity.tokenFor(grant) })).status).toBe(401);
      const revoked = (await identity.outboxEvents('customer.sessions-revoked')).filter((e) => e.customerId === grant.customer.id);
      expect(revoked).toEqual([{ customerId: grant.customer.id, sessionIds: [grant.session.id, second.session.id].sort() }]);

      expect((await identity.signIn(registration.username, registration.password)).status).toBe(401);
      const signedIn = SessionGrant.parse(await (await identity.signIn(registration.username, 'a brand new password')).json());
      expect(signedIn.customer.emailVerifiedAt).not.toBeNull();
    });

    it('refuses a used link with 400 and changes nothing', async () => {
      const { registration } = await identity.register();
      const token = await resetTokenFor(registration.email);
      expect((await reset(token, 'first new password')).status).toBe(200);

      const again = await reset(token, 'second new password');
      expect([again.status, await again.json()]).toEqual([400, { message: INVALID, code: 'INVALID_RESET_TOKEN' }]);
      expect((await identity.signIn(registration.username, 'first new password')).status).toBe(201);
    });

    it('refuses an expired link with 400', async () => {
      const { registration, grant } = await identity.register();
      const token = await resetTokenFor(registration.email);
      await identity.pool.query(`UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [grant.customer.id]);

      const res = await reset(token, 'a brand new password');
      expect([res.status, (await res.json()).message]).toEqual([400, INVALID]);
      expect((await identity.signIn(registration.username, registration.password)).status).toBe(201);
      expect(await identity.sessionActive(grant.session.id)).toBe(true);
    });

    it('refuses an unknown or tampered token, and an earlier link once a newer one was used', async () => {
      const { registration } = await identity.register();
      const first = await resetTokenFor(registration.email);
      const second = await resetTokenFor(registration.email);
      const tampered = (second.startsWith('A') ? 'B' : 'A') + second.slice(1);
      expect((await reset(tampered, 'a brand new password')).status).toBe(400);
      expect((await reset('not-a-token', 'a brand new password')).status).toBe(400);
      expect((await reset(second, 'a brand new password')).status).toBe(200);
      expect((await reset(first, 'another password')).status).toBe(400);
    });

    it('accepts one of two concurrent uses of the same link', async () => {
      const { registration } = await identity.register();
      const token = await resetTokenFor(registration.email);
      const statuses = (await Promise.all([reset(token, 'password number one'), reset(token, 'password number two')])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400]);
    });

    it('answers 400 to a short password (spec: at least 8) and keeps the link usable', async () => {
      const { registration } = await identity.register();
      const token = await resetTokenFor(registration.email);
      const res = await reset(token, 'short');
      expect([res.status, (await res.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
      expect((await reset(token, 'long enough now')).status).toBe(200);
    });

    it('lets a customer locked out by an attacker sign in again from where they reset', async () => {
      const { registration, grant } = await identity.register();
      await identity.pool.query(
        `INSERT INTO login_attempts (account_key, ip) SELECT $1, '10.77.' || g || '.1' FROM generate_series(1, 100) g`,
        [`customer:${grant.customer.id}`],
      );
      const newPlace = uniqueIp();
      expect((await identity.signIn(registration.username, registration.password, { ip: newPlace })).status).toBe(429);

      await forgot(registration.email);
      const token = tokenFromLink((await identity.lastMailTo(registration.email))!.links[0]!, 'token');
      expect((await identity.api('POST', '/api/auth/reset-password', { body: { token, password: 'recovered password' }, ip: newPlace })).status).toBe(200);
      expect((await identity.signIn(registration.username, 'recovered password', { ip: newPlace })).status).toBe(201);
    });
  });
});
