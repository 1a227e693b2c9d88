import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AuditRecordedData, EventEnvelope } from '@pl/contracts';
import { auditActor, recordAdminAction, REDACTED, redactSecrets, type AdminActionEntry } from './audit.js';
import { runMigrations, withTransaction } from './db.js';
import type { NatsConn } from './nats.js';
import { connectTestNats, createTestSchemaPool, createTestStream, startTestRelay, type TestSchemaPool, type TestStream } from './testing.js';

const ADMIN = { subject: 'c0ffee00-0000-4000-8000-000000000001', name: 'Ada Lovelace' };

const buildEntry = (overrides: Partial<AdminActionEntry> = {}): AdminActionEntry => ({
  service: 'catalog',
  actor: ADMIN,
  action: 'inspection.saved',
  target: { type: 'product', id: 'p-1', label: 'Cordless drill' },
  before: { grade: 'B' },
  after: { grade: 'A' },
  ...overrides,
});

describe('recordAdminAction', () => {
  let db: TestSchemaPool;
  let dir: string;
  const rows = async () => (await db.pool.query('SELECT * FROM admin_audit ORDER BY seq')).rows;
  const outbox = async () => (await db.pool.query('SELECT subject, type, payload FROM outbox ORDER BY seq')).rows;

  beforeAll(async () => {
    // The kit's migrations are all the schema needs.
    dir = await mkdtemp(path.join(tmpdir(), 'pl-audit-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    db = createTestSchemaPool('audit');
    await runMigrations(db.pool, { schema: db.schema, dir });
  });
  afterEach(() => db.cleanup());

  it('appends the entry and its audit.recorded.<service> event in the transaction of the change', async () => {
    const recorded = await withTransaction(db.pool, (client) => recordAdminAction(client, buildEntry()));

    expect(await rows()).toEqual([
      expect.objectContaining({
        id: recorded.id,
        actor_subject: ADMIN.subject,
        actor_name: 'Ada Lovelace',
        action: 'inspection.saved',
        target_type: 'product',
        target_id: 'p-1',
        target_label: 'Cordless drill',
        before: { grade: 'B' },
        after: { grade: 'A' },
      }),
    ]);
    const [event] = await outbox();
    expect(event.subject).toBe('audit.recorded.catalog');
    expect(event.type).toBe('audit.recorded');
    expect(AuditRecordedData.parse(event.payload)).toEqual({ service: 'catalog', actor: ADMIN, action: 'inspection.saved', target: { type: 'product', id: 'p-1', label: 'Cordless drill' }, before: { grade: 'B' }, after: { grade: 'A' } });
  });

  it('records nothing when the change it belongs to fails', async () => {
    await expect(
      withTransaction(db.pool, async (client) => {
        await recordAdminAction(client, buildEntry());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await rows()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the trail', async () => {
    await withTransaction(db.pool, (client) => recordAdminAction(client, buildEntry()));

    await expect(db.pool.query(`UPDATE admin_audit SET actor_name = 'Someone else'`)).rejects.toThrow(/append-only: UPDATE on admin_audit refused/);
    await expect(db.pool.query(`DELETE FROM admin_audit`)).rejects.toThrow(/append-only: DELETE on admin_audit refused/);
    await expect(db.pool.query(`TRUNCATE admin_audit`)).rejects.toThrow(/append-only: TRUNCATE on admin_audit refused/);
    expect(await rows()).toEqual([expect.objectContaining({ actor_name: 'Ada Lovelace' })]);
  });

  it('never writes a secret into the trail or its event, at any depth', async () => {
    const before = { posUrl: 'http://pos.test', apiKey: 'pos_live_123', webhook: { secret: 'whsec_1', url: 'http://x' }, nested: [{ password: 'hunter2', webhookKey: 'k' }] };
    await withTransaction(db.pool, (client) => recordAdminAction(client, buildEntry({ action: 'pos-settings.saved', before, after: { api_key: 'pos_live_456', keyChanged: true } })));

    const [row] = await rows();
    const [event] = await outbox();
    for (const stored of [JSON.stringify(row.before) + JSON.stringify(row.after), JSON.stringify(event.payload)]) {
      for (const secret of ['pos_live_123', 'pos_live_456', 'whsec_1', 'hunter2', '"k"']) expect(stored).not.toContain(secret);
    }
    expect(row.before).toEqual({ posUrl: 'http://pos.test', apiKey: REDACTED, webhook: { secret: REDACTED, url: 'http://x' }, nested: [{ password: REDACTED, webhookKey: REDACTED }] });
    expect(row.after).toEqual({ api_key: REDACTED, keyChanged: true });
  });

  it('refuses an action that is not <thing>.<verb> before anything is written', async () => {
    await expect(withTransaction(db.pool, (client) => recordAdminAction(client, buildEntry({ action: 'Saved!' })))).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });
});

describe('recordAdminAction through the outbox relay', () => {
  let db: TestSchemaPool;
  let nats: NatsConn;
  let stream: TestStream;
  let dir: string;

  beforeAll(async () => {
    nats = await connectTestNats();
    dir = await mkdtemp(path.join(tmpdir(), 'pl-audit-relay-'));
    db = createTestSchemaPool('audit_relay');
    await runMigrations(db.pool, { schema: db.schema, dir });
    stream = await createTestStream(nats, 'audit');
  });
  afterAll(async () => {
    await stream.delete();
    await db.cleanup();
    await nats.drain();
    await rm(dir, { recursive: true, force: true });
  });

  it('publishes the entry with its id as the message id', async () => {
    const relay = startTestRelay(db.pool, nats, stream);
    try {
      const recorded = await withTransaction(db.pool, (client) => recordAdminAction(client, buildEntry({ service: 'pos-sync', action: 'sync.started', target: { type: 'sync-run', id: 'r-1' } })));
      await relay.flush();

      const [message] = await stream.messages();
      expect(message?.subject).toBe(`${stream.subjectPrefix}.audit.recorded.pos-sync`);
      expect(message?.msgId).toBe(recorded.id);
      const envelope = EventEnvelope.parse(message?.data);
      expect(envelope).toMatchObject({ id: recorded.id, occurredAt: recorded.occurredAt, data: { action: 'sync.started', target: { type: 'sync-run', id: 'r-1', label: null } } });
    } finally {
      await relay.stop();
    }
  });
});

describe('auditActor', () => {
  it("names the signed-in admin by the token's subject and name", () => {
    expect(auditActor({ kind: 'customer', subject: 'c-1', sessionId: 's', isAdmin: true, name: 'Ada' })).toEqual({ subject: 'c-1', name: 'Ada' });
    expect(auditActor({ kind: 'customer', subject: 'c-1', sessionId: 's', isAdmin: true })).toEqual({ subject: 'c-1', name: null });
  });

  it('is a 401 for anyone not signed in', () => {
    expect(() => auditActor({ kind: 'anonymous' })).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => auditActor({ kind: 'guest', subject: 'g-1', sessionId: 's', isAdmin: false })).toThrow(expect.objectContaining({ status: 401 }));
  });
});

describe('redactSecrets', () => {
  it('keeps what is not secret, null for nothing', () => {
    expect(redactSecrets(undefined)).toBeNull();
    expect(redactSecrets({ grade: 'A', notes: null, photos: [{ id: 'x', alt: 'front' }] })).toEqual({ grade: 'A', notes: null, photos: [{ id: 'x', alt: 'front' }] });
  });
});
