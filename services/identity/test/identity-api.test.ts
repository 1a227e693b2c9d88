import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Customer } from '@pl/contracts';
import { OUTBOX_MIGRATION, type Pool } from '@pl/service-kit';
import { signTestToken, startTestService, testKeyPair, type TestService } from '@pl/service-kit/testing';
import { createApp } from '../src/app.js';

async function insertCustomer(pool: Pool, overrides: Partial<{ username: string; email: string; firstName: string | null; isAdmin: boolean; emailVerifiedAt: Date | null }> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO customers (username, email, first_name, last_name, phone, password_hash, is_admin, email_verified_at)
     VALUES ($1, $2, $3, 'Doe', '555-0100', 'argon2id$not-a-real-hash', $4, $5) RETURNING id`,
    [overrides.username ?? `jane${suffix}`, overrides.email ?? `jane${suffix}@example.com`, overrides.firstName === undefined ? 'Jane' : overrides.firstName, overrides.isAdmin ?? false, overrides.emailVerifiedAt ?? null],
  );
  return rows[0]!.id;
}

describe('identity service', () => {
  let identity: TestService;
  const me = (token?: string) => fetch(`${identity.url}/api/auth/me`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    identity = await startTestService({ name: 'identity', migrationsDir: path.resolve(__dirname, '../migrations'), createApp });
  });
  afterAll(() => identity.stop());

  it("gets the outbox from the kit's migration, applied before its own", () => {
    expect(identity.migrations).toEqual([OUTBOX_MIGRATION.name, '001-init.sql']);
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
      const verifiedAt = new Date('2025-03-01T10:00:00.000Z');
      const id = await insertCustomer(identity.pool, { username: 'JaneDoe', email: 'Jane@Example.com', isAdmin: true, emailVerifiedAt: verifiedAt });

      const res = await me(await signTestToken({ sub: id, kind: 'customer' }, { keys: identity.keys }));
      const body = await res.json();

      expect(res.status).toBe(200);
      expect(Customer.strict().parse(body)).toEqual({
        id,
        username: 'JaneDoe',
        email: 'Jane@Example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        phone: '555-0100',
        isAdmin: true,
        emailVerifiedAt: verifiedAt.toISOString(),
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
    });

    it('answers 401 when the token names a customer that does not exist', async () => {
      for (const sub of [randomUUID(), 'not-a-uuid']) {
        const res = await me(await signTestToken({ sub, kind: 'customer' }, { keys: identity.keys }));
        expect(res.status).toBe(401);
      }
    });

    it('answers 401 to a forged token', async () => {
      const other = await testKeyPair();
      const id = await insertCustomer(identity.pool);
      const res = await me(await signTestToken({ sub: id }, { keys: other }));
      expect([res.status, (await res.json()).code]).toEqual([401, 'UNAUTHENTICATED']);
    });
  });

  it('keeps usernames and e-mails unique regardless of case', async () => {
    await insertCustomer(identity.pool, { username: 'Casey', email: 'casey@example.com' });
    await expect(insertCustomer(identity.pool, { username: 'CASEY' })).rejects.toMatchObject({ code: '23505' });
    await expect(insertCustomer(identity.pool, { email: 'CASEY@example.com' })).rejects.toMatchObject({ code: '23505' });
  });
});
