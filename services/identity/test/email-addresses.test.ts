import { randomUUID } from 'node:crypto';
import { ApiPaths, SessionGrant } from '@pl/contracts';
import { testLogger } from '@pl/service-kit/testing';
import { orderBelongsTo } from '../src/domain/order-lookup.js';
import { onOrderPlaced } from '../src/events/order-mail-consumer.js';
import { MailPolicy } from '../src/mail/mail-policy.js';
import { buildRegistration, PUBLIC_ORIGIN, startIdentity, tokenFromLink, uniqueIp, type IdentityTestApp } from './identity-test-app.js';

const NOTICE = 'Someone tried to use your e-mail address at Professional Liquidation';
const VERIFY = 'Confirm your e-mail address for Professional Liquidation';

/**
 * Decision 044: registration answers the same whether an e-mail address is in use. The address
 * belongs to the first account that names it; a later account names it without holding it, and its
 * owner is told instead of that account being sent a link.
 */
describe('e-mail addresses: registration does not tell whether one is in use', () => {
  let identity: IdentityTestApp;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.stop());

  const registerRaw = (overrides = {}) =>
    identity.internal('POST', '/internal/registrations', { registration: buildRegistration(overrides), client: { ip: uniqueIp() } });
  /** What a registration's answer looks like, minus what differs for every account anyway. */
  const shapeOf = async (res: Response) => {
    const grant = SessionGrant.parse(await res.json());
    return { status: res.status, keys: Object.keys(grant.customer).sort(), emailVerifiedAt: grant.customer.emailVerifiedAt, session: Object.keys(grant.session).sort() };
  };
  const signInStatus = async (name: string, password: string) => (await identity.signIn(name, password)).status;
  const holds = async (customerId: string) => (await identity.pool.query('SELECT holds_email FROM customers WHERE id = $1', [customerId])).rows[0]?.holds_email;

  it('answers a registration with an address in use exactly like one with a new address: 201, signed in', async () => {
    const { registration: owner } = await identity.register();
    const taken = await shapeOf(await registerRaw({ email: owner.email.toUpperCase() }));
    const fresh = await shapeOf(await registerRaw());
    expect(taken).toEqual(fresh);
    expect(taken).toMatchObject({ status: 201, emailVerifiedAt: null });
  });

  it("mails the owner a notice instead of the newcomer's verification link, and the newcomer gets nothing", async () => {
    const { registration: owner, grant } = await identity.register({ firstName: 'Olive' });
    await identity.dispatchMail();
    const before = (await identity.mailbox()).length;
    const newcomer = SessionGrant.parse(await (await registerRaw({ email: owner.email.toUpperCase() })).json());
    await identity.dispatchMail();
    const sent = (await identity.mailbox()).slice(0, (await identity.mailbox()).length - before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: owner.email.toUpperCase(), subject: NOTICE, links: [`${PUBLIC_ORIGIN}/forgot-password`] });
    expect(sent[0]!.text).toMatch(/^Hello Olive,/);
    expect(sent[0]!.text).not.toContain(newcomer.customer.username);
    expect([await holds(grant.customer.id), await holds(newcomer.customer.id)]).toEqual([true, false]);
  });

  it('signs in by e-mail only once the address is confirmed, so a newcomer cannot test whose it is', async () => {
    const { registration: owner, grant } = await identity.register();
    const newcomer = buildRegistration({ email: owner.email, password: 'the newcomer own password' });
    expect((await registerRaw(newcomer)).status).toBe(201);
    // Neither signs in by the address yet, with the right password or not: one answer for all.
    expect([await signInStatus(owner.email, owner.password), await signInStatus(owner.email, newcomer.password)]).toEqual([401, 401]);
    expect([await signInStatus(owner.username, owner.password), await signInStatus(newcomer.username, newcomer.password)]).toEqual([201, 201]);
    // The owner confirms: the address signs them in; the newcomer's password still opens nothing there.
    const link = (await identity.lastMailTo(owner.email))!;
    expect(link.subject).toBe(NOTICE); // the newest: the notice; the owner's link came first
    const verification = (await identity.mailbox()).find((m) => m.to === owner.email && m.subject === VERIFY)!;
    expect((await identity.api('POST', ApiPaths.auth.verifyEmail, { body: { token: tokenFromLink(verification.links[0]!, 'verify') } })).status).toBe(200);
    const byEmail = await identity.signIn(owner.email.toUpperCase(), owner.password);
    expect([byEmail.status, SessionGrant.parse(await byEmail.json()).customer.id]).toEqual([201, grant.customer.id]);
    expect(await signInStatus(owner.email, newcomer.password)).toBe(401);
  });

  it("sends a password reset for the address to its owner's account only", async () => {
    const { registration: owner } = await identity.register();
    expect((await registerRaw({ email: owner.email })).status).toBe(201);
    await identity.dispatchMail();
    expect((await identity.api('POST', ApiPaths.auth.forgotPassword, { body: { email: owner.email } })).status).toBe(200);
    const mail = await identity.lastMailTo(owner.email);
    expect(mail?.subject).toBe('Reset your Professional Liquidation password');
    expect(mail?.text).toContain(`(${owner.username})`);
  });

  it(`sends an address at most ${MailPolicy.addressNoticesPerDay} notices a day, however many accounts name it`, async () => {
    const { registration: owner } = await identity.register();
    await identity.dispatchMail();
    for (let i = 0; i < MailPolicy.addressNoticesPerDay + 2; i++) expect((await registerRaw({ email: owner.email })).status).toBe(201);
    await identity.dispatchMail();
    const notices = (await identity.mailbox()).filter((m) => m.to === owner.email && m.subject === NOTICE);
    expect(notices).toHaveLength(MailPolicy.addressNoticesPerDay);
  });

  it('lets an account that named an address take it, and confirm it, once its owner has moved to another', async () => {
    const { registration: owner, grant: ownerGrant } = await identity.register();
    const newcomer = SessionGrant.parse(await (await registerRaw({ email: owner.email })).json());
    await identity.dispatchMail();
    const moved = await identity.api('PATCH', ApiPaths.auth.profile, { token: await identity.tokenFor(ownerGrant), body: { email: `moved-${Date.now()}@example.com` } });
    expect(moved.status).toBe(200);
    const resend = await identity.api('POST', ApiPaths.auth.resendVerification, { token: await identity.tokenFor(newcomer) });
    expect(resend.status).toBe(200);
    const mail = await identity.lastMailTo(owner.email);
    expect(mail?.subject).toBe(VERIFY);
    expect((await identity.api('POST', ApiPaths.auth.verifyEmail, { body: { token: tokenFromLink(mail!.links[0]!, 'verify') } })).status).toBe(200);
    expect(await holds(newcomer.customer.id)).toBe(true);
  });

  it('gives a free address to exactly one of many registrations naming it at once, answering all alike', async () => {
    const email = `race-${Date.now()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => registerRaw({ email })));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
    const { rows } = await identity.pool.query<{ holders: number; named: number }>(
      'SELECT count(*) FILTER (WHERE holds_email)::int AS holders, count(*)::int AS named FROM customers WHERE lower(email) = lower($1)',
      [email],
    );
    expect(rows[0]).toEqual({ holders: 1, named: 6 });
  });

  it("sends an account's order mails and order links to its address only if the account holds it", async () => {
    const { registration: owner, grant: ownerGrant } = await identity.register();
    const namer = SessionGrant.parse(await (await registerRaw({ email: owner.email })).json());
    const orderOf = (subject: string) => ({ orderId: randomUUID(), number: 'PL-100001', email: null, subject, customerKind: 'customer' as const, accessKey: 'key' });
    expect([await orderBelongsTo(identity.pool, orderOf(ownerGrant.customer.id), owner.email), await orderBelongsTo(identity.pool, orderOf(namer.customer.id), owner.email)]).toEqual([true, false]);

    const placed = onOrderPlaced({ pool: identity.pool, logger: testLogger('order-mail') });
    const order = { ...orderOf(namer.customer.id), fulfilment: { type: 'pickup' as const, locationId: 'dublin' }, lines: [{ sku: 'PL-1', qty: 1 }], total: '1.08' };
    await placed({ id: randomUUID(), type: 'order.placed', version: 1, occurredAt: new Date().toISOString(), data: order });
    const { rows } = await identity.pool.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'order' AND lower(to_address) = lower($1)`, [owner.email]);
    expect(rows[0].n).toBe(0);
  });

  it('still refuses a taken username: a handle the customer picks and must pick again', async () => {
    const { registration } = await identity.register();
    const res = await registerRaw({ username: registration.username.toUpperCase() });
    expect([res.status, await res.json()]).toEqual([409, { message: 'Username is already taken', code: 'USERNAME_TAKEN' }]);
  });
});
