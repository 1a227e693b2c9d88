import { randomUUID } from 'node:crypto';
import { Customer } from '@pl/contracts';
import { KIT_MIGRATIONS } from '@pl/service-kit';
import { signTestToken, testKeyPair } from '@pl/service-kit/testing';
import { startIdentity, type IdentityTestApp } from './identity-test-app.js';

describe('identity service', () => {
  let identity: IdentityTestApp;
  const me = (token?: string) => identity.api('GET', '/api/auth/me', { token });

  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.stop());

  it("gets the outbox from the kit's migration, applied before its own", () => {
    expect(identity.migrations).toEqual([...KIT_MIGRATIONS.map((m) => m.name), '001-init.sql', '002-sessions-tokens-mail-limits.sql', '003-device-limits.sql', '004-order-mail.sql', '005-order-link-mail.sql', '006-email-holders.sql']);
  });

  it('is live and ready with its database', async () => {
    expect((await fetch(`${identity.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${identity.url}/readyz`)).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  describe('GET /api/auth/me', () => {
    it('answers 401 "Not signed in" to an anonymous caller', async () => {
      const res = await me();
      expect([res.status, await res.json()]).toEqual([401, { message: 'Not signed in', code: 'UNAUTHENTICATED' }]);
    });

    it('answers 401 to a guest session', async () => {
      const res = await me(await signTestToken({ kind: 'guest' }, { keys: identity.keys }));
      expect([res.status, (await res.json()).message]).toEqual([401, 'Not signed in']);
    });

    it('answers the signed-in customer from the database, without the password hash', async () => {
      const { grant } = await identity.register({ username: 'JaneDoe', email: 'Jane@Example.com' });

      const res = await me(await identity.tokenFor(grant));
      const body = await res.json();

      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(Customer.strict().parse(body)).toEqual({
        id: grant.customer.id,
        username: 'JaneDoe',
        email: 'Jane@Example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        phone: '555-0100',
        isAdmin: false,
        emailVerifiedAt: null,
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
    });

    it('answers 401 to a valid token whose session is unknown, revoked or expired', async () => {
      const { grant } = await identity.register();
      const unknownSession = await signTestToken({ sub: grant.customer.id, kind: 'customer', sid: randomUUID() }, { keys: identity.keys });
      expect((await me(unknownSession)).status).toBe(401);

      const { grant: expiring } = await identity.register();
      await identity.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.session.id]);
      expect((await me(await identity.tokenFor(expiring))).status).toBe(401);

      const token = await identity.tokenFor(grant);
      expect((await me(token)).status).toBe(200);
      expect((await identity.internal('DELETE', `/internal/sessions/${grant.session.id}`)).status).toBe(204);
      expect([(await me(token)).status]).toEqual([401]);
    });

    it("answers 401 to a token naming another customer than its session's", async () => {
      const { grant: a } = await identity.register();
      const { grant: b } = await identity.register();
      const mixed = await signTestToken({ sub: b.customer.id, kind: 'customer', sid: a.session.id }, { keys: identity.keys });
      expect((await me(mixed)).status).toBe(401);
    });

    it('answers 401 to a forged token', async () => {
      const { grant } = await identity.register();
      const forged = await signTestToken({ sub: grant.customer.id, sid: grant.session.id }, { keys: await testKeyPair() });
      const res = await me(forged);
      expect([res.status, (await res.json()).code]).toEqual([401, 'UNAUTHENTICATED']);
    });
  });

  it('keeps usernames and e-mails unique regardless of case, and usernames free of @', async () => {
    const insert = (username: string, email: string) =>
      identity.pool.query(`INSERT INTO customers (username, email, password_hash) VALUES ($1, $2, 'x')`, [username, email]);
    await insert('Casey', 'casey@example.com');
    await expect(insert('CASEY', 'other@example.com')).rejects.toMatchObject({ code: '23505' });
    await expect(insert('casey2', 'CASEY@example.com')).rejects.toMatchObject({ code: '23505' });
    await expect(insert('casey@example.org', 'c3@example.com')).rejects.toMatchObject({ code: '23514' });
  });
});
