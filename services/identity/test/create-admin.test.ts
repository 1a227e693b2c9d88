import { PassThrough, Writable } from 'node:stream';
import { captureLogger, createTestSchemaPool, testDatabaseUrl, type TestSchemaPool } from '@pl/service-kit/testing';
import { runCreateAdminCommand } from '../src/commands/create-admin.js';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seeds/demo-accounts.js';
import { argon2Hasher } from '../src/domain/passwords.js';
import { MIGRATIONS_DIR, startIdentity } from './identity-test-app.js';

const sink = () => {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
};

describe('create-admin command (production has no default admin)', () => {
  let db: TestSchemaPool;
  beforeAll(() => {
    db = createTestSchemaPool('identity_admin');
  });
  afterAll(() => db.cleanup());

  const run = async (argv: string[], options: { password?: string; stdin?: string } = {}) => {
    const stdin = new PassThrough();
    stdin.end(options.stdin ?? '');
    const stdout = sink();
    const stderr = sink();
    const env = { DATABASE_URL: testDatabaseUrl(), DB_SCHEMA: db.schema, ...(options.password ? { ADMIN_PASSWORD: options.password } : {}) };
    const code = await runCreateAdminCommand({ argv, env, migrationsDir: MIGRATIONS_DIR, io: { stdin, stdout: stdout.stream, stderr: stderr.stream } });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  };
  const admins = async () => (await db.pool.query('SELECT username, email, is_admin, password_hash FROM customers ORDER BY created_at')).rows;

  it('creates an admin on a fresh database, the password from ADMIN_PASSWORD, hashed', async () => {
    const result = await run(['--username', 'boss', '--email', 'boss@example.com', '--first-name', 'Bo'], { password: 'a long admin password' });
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^Created admin boss <boss@example.com> \(id [0-9a-f-]{36}\)\.\n$/), stderr: '' });
    const [admin] = await admins();
    expect(admin).toMatchObject({ username: 'boss', email: 'boss@example.com', is_admin: true });
    expect(await argon2Hasher().verify(admin.password_hash, 'a long admin password')).toBe(true);
  });

  it('reads the password from stdin when ADMIN_PASSWORD is unset', async () => {
    expect((await run(['--username', 'piped', '--email', 'piped@example.com'], { stdin: 'piped admin password\n' })).code).toBe(0);
    const piped = (await admins()).find((a) => a.username === 'piped');
    expect(await argon2Hasher().verify(piped.password_hash, 'piped admin password')).toBe(true);
  });

  it.each([
    [['--username', 'weak', '--email', 'weak@example.com'], 'short', 1, /Password must be at least 12 characters/],
    [['--username', 'BOSS', '--email', 'other@example.com'], 'a long admin password', 1, /Username is already taken/],
    [['--username', 'x@y', '--email', 'x@example.com'], 'a long admin password', 1, /Username cannot contain @/],
    [['--email', 'nobody@example.com'], 'a long admin password', 2, /--username and --email are required/],
    [['--username', 'u', '--email', 'u@example.com', '--admin', 'false'], 'a long admin password', 2, /Unknown option '--admin'/],
  ])('refuses %j and creates nothing', async (argv, password, code, message) => {
    const before = await admins().catch(() => []);
    const result = await run(argv, { password });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(await admins().catch(() => [])).toEqual(before);
  });
});

describe('demo accounts (outside production)', () => {
  it('creates admin and shopper when missing, logs their logins, and can sign them in; idempotent', async () => {
    const identity = await startIdentity();
    try {
      const { logger, lines } = captureLogger();
      await seedDemoAccounts(identity.pool, logger, argon2Hasher());
      await seedDemoAccounts(identity.pool, logger, argon2Hasher());

      const { rows } = await identity.pool.query('SELECT username, is_admin, email_verified_at IS NOT NULL AS verified FROM customers ORDER BY username');
      expect(rows).toEqual([
        { username: 'admin', is_admin: true, verified: true },
        { username: 'shopper', is_admin: false, verified: true },
      ]);
      const logins = lines.filter((l) => l.level === 'info' && /^demo login: /.test(l.msg ?? '')).map((l) => l.msg);
      expect(logins).toEqual(['demo login: admin / admin12345', 'demo login: shopper / shopper12345', 'demo login: admin / admin12345', 'demo login: shopper / shopper12345']);
      for (const demo of DEMO_ACCOUNTS) {
        const res = await identity.signIn(demo.username, demo.password);
        expect([res.status, (await res.json()).customer.isAdmin]).toEqual([201, demo.isAdmin]);
      }

      await identity.pool.query(`UPDATE customers SET password_hash = 'changed' WHERE username = 'admin'`);
      lines.length = 0;
      await seedDemoAccounts(identity.pool, logger, argon2Hasher());
      expect(lines.map((l) => l.msg)).toEqual(['demo account admin is not usable with its demo password (changed, or its e-mail is taken)', 'demo login: shopper / shopper12345']);
    } finally {
      await identity.stop();
    }
  });
});
