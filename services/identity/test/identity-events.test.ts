import { CustomerSignedInData, EventEnvelope, IdentitySubjects, SessionsRevokedData } from '@pl/contracts';
import type { NatsConn, OutboxRelay } from '@pl/service-kit';
import { connectTestNats, createTestStream, startTestRelay, type TestStream } from '@pl/service-kit/testing';
import { startIdentity, type IdentityTestApp } from './identity-test-app.js';

/**
 * Sign-ins and revocations reach NATS through the outbox and the real relay. The relay publishes
 * into a throwaway stream (subjects prefixed), so this suite never touches the shop's own stream.
 */
describe('identity events on NATS', () => {
  let identity: IdentityTestApp;
  let nats: NatsConn;
  let stream: TestStream;
  let relay: OutboxRelay;

  beforeAll(async () => {
    identity = await startIdentity();
    nats = await connectTestNats({ name: 'identity-events-test' });
    stream = await createTestStream(nats, 'identity_events');
    relay = startTestRelay(identity.pool, nats, stream);
  });
  afterAll(async () => {
    await relay.stop();
    await stream.delete();
    await nats.drain();
    await identity.stop();
  });

  const published = async (subject: string) => {
    await relay.flush();
    return (await stream.messages())
      .filter((m) => m.subject === `${stream.subjectPrefix}.${subject}`)
      .map((m) => {
        const envelope = EventEnvelope.parse(m.data);
        expect(envelope).toMatchObject({ type: subject, version: 1 });
        expect(m.msgId).toBe(envelope.id);
        return envelope.data;
      });
  };

  it('publishes customer.signed-in for registration and sign-in, with the guest subject to merge', async () => {
    const { registration, grant } = await identity.register({}, { previousSubject: 'guest-1' });
    await identity.signIn(registration.username, registration.password, {}, 'guest-2');

    const events = (await published(IdentitySubjects.signedIn)).map((d) => CustomerSignedInData.parse(d)).filter((d) => d.customerId === grant.customer.id);
    expect(events).toEqual([
      { customerId: grant.customer.id, previousSubject: 'guest-1' },
      { customerId: grant.customer.id, previousSubject: 'guest-2' },
    ]);
  });

  it('publishes customer.sessions-revoked on logout', async () => {
    const { grant } = await identity.register();
    await identity.internal('DELETE', `/internal/sessions/${grant.session.id}`);
    const events = (await published(IdentitySubjects.sessionsRevoked)).map((d) => SessionsRevokedData.parse(d)).filter((d) => d.customerId === grant.customer.id);
    expect(events).toEqual([{ customerId: grant.customer.id, sessionIds: [grant.session.id] }]);
  });
});
