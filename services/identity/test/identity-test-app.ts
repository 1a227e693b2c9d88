// The real identity app on port 0 over a fresh schema, with helpers to call it the way the gateway
// does: the internal API with the shared token, public routes with a signed session token and the
// X-Forwarded-For the gateway sets.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { DevMailbox, SessionGrant, type RegisterPayload } from '@pl/contracts';
import { signTestToken, startTestService, testLogger } from '@pl/service-kit/testing';
import { createApp } from '../src/app.js';
import { createCartClient } from '../src/clients/cart-client.js';
import type { IdentityLimits } from '../src/domain/limits.js';
import { argon2Hasher, type PasswordHasher } from '../src/domain/passwords.js';
import { dispatchPendingMail } from '../src/mail/mail-dispatcher.js';
import { devMailboxTransport, type MailTransport } from '../src/mail/mail-transport.js';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');
export const INTERNAL_TOKEN = 'identity-test-internal-token-0123456789abcdef';
export const PUBLIC_ORIGIN = 'http://shop.test:5000';

/** A fresh client address per call, so one test's limits never touch another's. */
export const uniqueIp = () => `10.${[...randomBytes(3)].join('.')}`;
/** A device id as the gateway's device cookie carries it. */
export const uniqueDevice = () => randomBytes(16).toString('base64url');

export const buildRegistration = (overrides: Partial<RegisterPayload> = {}): RegisterPayload => {
  const suffix = randomUUID().slice(0, 8);
  return { username: `user${suffix}`, email: `user${suffix}@example.com`, password: 'correct horse battery', firstName: 'Jane', lastName: 'Doe', phone: '555-0100', ...overrides };
};

/** argon2id, with every verify recorded: which hash sign-in checked a password against. */
export function recordingHasher(): PasswordHasher & { verified: string[] } {
  const real = argon2Hasher();
  const verified: string[] = [];
  return {
    verified,
    hash: real.hash,
    needsRehash: real.needsRehash,
    verify: (hash, password) => {
      verified.push(hash);
      return real.verify(hash, password);
    },
  };
}

type Json = Record<string, unknown>;

/** `cart`: a running cart service for the order lookup's mails; unset, nothing answers there (connection refused). */
export async function startIdentity(options: { devMailbox?: boolean; limits?: IdentityLimits; cart?: { url: string; token: string } } = {}) {
  const passwords = recordingHasher();
  const service = await startTestService({
    name: 'identity',
    migrationsDir: MIGRATIONS_DIR,
    createApp: (deps) => createApp(deps, { internalApiToken: INTERNAL_TOKEN, devMailbox: options.devMailbox ?? true, passwords, ...(options.limits ? { limits: options.limits } : {}) }),
  });

  const call = (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.url}${pathname}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });

  const app = {
    ...service,
    passwords,
    call,
    /** The gateway calling the internal API. */
    internal: (method: string, pathname: string, body?: unknown) => call(method, pathname, body, { authorization: `Bearer ${INTERNAL_TOKEN}` }),
    /** A browser request as the gateway forwards it: its session token (if any) and its address. */
    api: (method: string, pathname: string, options: { body?: unknown; token?: string; ip?: string } = {}) =>
      call(method, pathname, options.body, {
        'x-forwarded-for': options.ip ?? uniqueIp(),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      }),
    /** Registers through the internal API and returns the grant. */
    async register(overrides: Partial<RegisterPayload> = {}, extra: { ip?: string; previousSubject?: string } = {}) {
      const registration = buildRegistration(overrides);
      const res = await app.internal('POST', '/internal/registrations', { registration, client: { ip: extra.ip ?? uniqueIp() }, ...(extra.previousSubject ? { previousSubject: extra.previousSubject } : {}) });
      if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
      return { registration, grant: SessionGrant.parse(await res.json()) };
    },
    signIn: (usernameOrEmail: string, password: string, client: { ip?: string; userAgent?: string; deviceId?: string } = {}, previousSubject?: string) =>
      app.internal('POST', '/internal/sessions', { usernameOrEmail, password, client: { ...client, ip: client.ip ?? uniqueIp() }, ...(previousSubject ? { previousSubject } : {}) }),
    /** The JWT the gateway would sign for a grant. */
    tokenFor: (grant: SessionGrant) => signTestToken({ sub: grant.customer.id, kind: 'customer', sid: grant.session.id, adm: grant.customer.isAdmin }, { keys: service.keys }),
    sessionActive: async (sessionId: string) => ((await (await app.internal('GET', `/internal/sessions/${sessionId}`)).json()) as Json).active,
    /** Runs the mail dispatcher once, as the service's worker does every half second. */
    dispatchMail: (transport: MailTransport = devMailboxTransport()) =>
      dispatchPendingMail({ pool: service.pool, transport, publicOrigin: PUBLIC_ORIGIN, logger: testLogger('mail'), cart: createCartClient({ baseUrl: options.cart?.url ?? 'http://127.0.0.1:9', token: options.cart?.token ?? INTERNAL_TOKEN }) }),
    async mailbox() {
      return DevMailbox.parse(await (await call('GET', '/api/auth/dev/mailbox?format=json')).json()).messages;
    },
    /** The newest mail to an address, after dispatching what is due. */
    async lastMailTo(address: string) {
      await app.dispatchMail();
      return (await app.mailbox()).find((m) => m.to.toLowerCase() === address.toLowerCase());
    },
    /** Rows of every table, to prove a refused request changed nothing. */
    async snapshot() {
      const tables = ['customers', 'sessions', 'email_tokens', 'mail_outbox', 'outbox'];
      const out: Record<string, unknown> = {};
      for (const t of tables) out[t] = (await service.pool.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0];
      out.customerRows = (await service.pool.query(`SELECT id, username, email, first_name, last_name, phone, is_admin, email_verified_at, password_hash FROM customers ORDER BY id`)).rows;
      return out;
    },
    outboxEvents: async (subject: string) =>
      (await service.pool.query<{ payload: Json }>(`SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq`, [subject])).rows.map((r) => r.payload),
  };
  return app;
}
export type IdentityTestApp = Awaited<ReturnType<typeof startIdentity>>;

/** A token from a reset or verification link. */
export const tokenFromLink = (link: string, param: 'token' | 'verify') => new URL(link).searchParams.get(param) as string;
