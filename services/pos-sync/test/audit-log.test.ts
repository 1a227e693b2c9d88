import { randomUUID } from 'node:crypto';
import { AuditPage, type AuditRecordedData, type EventEnvelope } from '@pl/contracts';
import { withTransaction, type NatsConn, type OutboxRelay } from '@pl/service-kit';
import { connectTestNats, createTestStream, eventually, startTestRelay, TEST_ADMIN_NAME, type TestStream } from '@pl/service-kit/testing';
import { storeAuditEvent } from '../src/domain/audit-log.js';
import { startPosSyncStack, type PosSyncStack } from './pos-sync-test-app.js';

const buildAuditEvent = (overrides: Partial<AuditRecordedData> = {}, at = new Date()): EventEnvelope & { data: AuditRecordedData } => ({
  id: randomUUID(),
  type: 'audit.recorded',
  version: 1,
  occurredAt: at.toISOString(),
  data: {
    service: 'catalog',
    actor: { subject: 'admin-ada', name: 'Ada Lovelace' },
    action: 'inspection.saved',
    target: { type: 'product', id: randomUUID(), label: 'Cordless drill' },
    before: { grade: 'B' },
    after: { grade: 'A' },
    ...overrides,
  },
});

describe('the admin audit log', () => {
  let stack: PosSyncStack;
  let nats: NatsConn;
  let stream: TestStream;
  let relay: OutboxRelay;

  const page = async (query = '', who: 'admin' | 'customer' | 'guest' | 'anonymous' = 'admin') => stack.call('GET', `/api/admin/audit${query}`, undefined, who);
  const storedCount = async () => Number((await stack.pool.query('SELECT count(*) AS n FROM audit_log')).rows[0].n);
  /** Publishes what pos-sync's outbox holds and waits until the consumer has stored `count` entries. */
  const settle = async (count: number) => {
    await relay.flush();
    await eventually(async () => expect(await storedCount()).toBe(count), { timeoutMs: 10_000 });
  };

  beforeAll(async () => {
    stack = await startPosSyncStack();
    nats = await connectTestNats({ name: 'pos-sync-audit-test' });
    stream = await createTestStream(nats, 'pos_audit');
    await stack.startWorkers(nats, stream);
    relay = startTestRelay(stack.pool, nats, stream);
  });
  afterAll(async () => {
    await relay.stop();
    await stack.stop();
    await stream.delete();
    await nats.drain();
  });

  it("records saving the POS settings with the admin's name, in the log without the key", async () => {
    const before = await storedCount();
    expect((await stack.saveSettings()).status).toBe(200);
    await settle(before + 1);

    const res = await page('?action=pos-settings.');
    expect(res.status).toBe(200);
    const { entries } = AuditPage.parse(res.body);
    expect(entries[0]).toMatchObject({
      service: 'pos-sync',
      actor: { name: TEST_ADMIN_NAME },
      action: 'pos-settings.saved',
      target: { type: 'pos-settings', id: 'pos', label: 'POS connection' },
      after: { posUrl: stack.pos.url, keyChanged: expect.any(Boolean) },
    });
    expect(res.text).not.toContain(stack.pos.apiKey);
    const trail = await stack.pool.query('SELECT before, after FROM admin_audit');
    expect(JSON.stringify(trail.rows)).not.toContain(stack.pos.apiKey);
  });

  it('records nothing when the change is refused', async () => {
    const trailBefore = Number((await stack.pool.query('SELECT count(*) AS n FROM admin_audit')).rows[0].n);
    expect((await stack.call('POST', '/api/admin/pos-config', { posUrl: 'not a url', apiKey: 'k' })).status).toBe(400);
    expect((await stack.call('POST', '/api/admin/sync/cancel')).status).toBe(409);
    expect(Number((await stack.pool.query('SELECT count(*) AS n FROM admin_audit')).rows[0].n)).toBe(trailBefore);
  });

  it('records a sync an admin started, with its run id', async () => {
    await stack.saveSettings();
    const before = await storedCount();
    const res = await stack.sync();
    expect(res.status).toBe(200);
    await eventually(async () => {
      await relay.flush();
      expect(await storedCount()).toBeGreaterThanOrEqual(before + 1);
    });
    const { entries } = AuditPage.parse((await page('?action=sync.started')).body);
    expect(entries[0]).toMatchObject({ action: 'sync.started', target: { type: 'sync-run', id: res.body.runId }, actor: { name: TEST_ADMIN_NAME } });
  });

  it('stores a redelivered event once', async () => {
    const event = buildAuditEvent({ action: 'photo.added', target: { type: 'product', id: randomUUID(), label: 'Redelivered' } });
    const marker = buildAuditEvent({ action: 'photo.deleted' });
    const subject = `${stream.subjectPrefix}.audit.recorded.catalog`;
    const before = await storedCount();
    // Two publishes under different message ids, as a relay that lost NATS's answer past the
    // de-duplication window would: JetStream keeps and delivers both. The consumer handles events
    // in order, so once the marker after them is stored, both copies were handled.
    await nats.publish(subject, event, `${event.id}-a`);
    await nats.publish(subject, event, `${event.id}-b`);
    await nats.publish(subject, marker, marker.id);
    await eventually(async () => expect((await stack.pool.query('SELECT 1 FROM audit_log WHERE id = $1', [marker.id])).rowCount).toBe(1), { timeoutMs: 10_000 });
    expect(await storedCount()).toBe(before + 2);
    expect(await storeAuditEvent(stack.pool, event)).toBe('repeat');
    expect((await stack.pool.query('SELECT count(*) AS n FROM audit_log WHERE id = $1', [event.id])).rows[0].n).toBe('1');
  });

  it('refuses to change or delete what it stored', async () => {
    await storeAuditEvent(stack.pool, buildAuditEvent());
    await expect(stack.pool.query(`UPDATE audit_log SET actor_name = 'Someone else'`)).rejects.toThrow(/append-only/);
    await expect(stack.pool.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(stack.pool.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
  });

  describe('GET /api/admin/audit', () => {
    const actor = { subject: `admin-${randomUUID()}`, name: 'Grace Hopper' };
    const day = (d: number, hour = 12) => new Date(Date.UTC(2031, 0, d, hour));
    const seeded: Array<EventEnvelope & { data: AuditRecordedData }> = [];

    beforeAll(async () => {
      // Seven entries by Grace across a week of 2031 (ahead of anything else stored): photos, an inspection, an order.
      const specs: Array<[number, string, string]> = [
        [1, 'photo.added', 'product'],
        [2, 'photo.deleted', 'product'],
        [3, 'inspection.saved', 'product'],
        [4, 'photo.reordered', 'product'],
        [5, 'order.cancelled', 'order'],
        [6, 'photo.described', 'product'],
        [7, 'return.received', 'order'],
      ];
      for (const [d, action, type] of specs) {
        const event = buildAuditEvent({ actor, action, service: type === 'order' ? 'cart' : 'catalog', target: { type, id: randomUUID(), label: `${action} on day ${d}` } }, day(d));
        seeded.push(event);
        await withTransaction(stack.pool, (client) => storeAuditEvent(client, event));
      }
    });
    const ids = (body: unknown) => AuditPage.parse(body).entries.map((e) => e.id);
    const seededIds = (...days: number[]) => days.map((d) => seeded[d - 1]!.id);

    it('answers newest first, filtered by who (name or subject), what and when', async () => {
      expect(ids((await page(`?actor=grace`)).body)).toEqual(seededIds(7, 6, 5, 4, 3, 2, 1));
      expect(ids((await page(`?actor=${actor.subject}&action=photo.`)).body)).toEqual(seededIds(6, 4, 2, 1));
      expect(ids((await page(`?actor=Grace&targetType=order`)).body)).toEqual(seededIds(7, 5));
      expect(ids((await page(`?actor=Grace&from=2031-01-03&to=2031-01-05`)).body)).toEqual(seededIds(5, 4, 3));
      expect(ids((await page(`?actor=Grace&from=${encodeURIComponent(day(3, 13).toISOString())}`)).body)).toEqual(seededIds(7, 6, 5, 4));
      expect(ids((await page(`?actor=nobody-by-that-name`)).body)).toEqual([]);
    });

    it('pages with the cursor it gives, without gaps or repeats, to a last page without one', async () => {
      const first = AuditPage.parse((await page(`?actor=Grace&limit=3`)).body);
      expect(first.entries.map((e) => e.id)).toEqual(seededIds(7, 6, 5));
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = AuditPage.parse((await page(`?actor=Grace&limit=3&cursor=${first.nextCursor}`)).body);
      expect(second.entries.map((e) => e.id)).toEqual(seededIds(4, 3, 2));
      const third = AuditPage.parse((await page(`?actor=Grace&limit=3&cursor=${second.nextCursor}`)).body);
      expect(third).toEqual({ entries: [expect.objectContaining({ id: seeded[0]!.id, actor, before: { grade: 'B' }, after: { grade: 'A' } })], nextCursor: null });
    });

    it.each([
      ['an unknown parameter', '?sort=oldest'],
      ['a date that is not one', '?from=yesterday'],
      ['from after to', '?from=2031-01-05&to=2031-01-01'],
      ['a cursor it never gave', `?cursor=${Buffer.from('nonsense').toString('base64url')}`],
      ['an action with capitals', '?action=Photo'],
      ['a limit too large', '?limit=5000'],
    ])('answers 400 with a message for %s', async (_what, query) => {
      const res = await page(query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
    });

    it('is for admins only: 401 for guests and strangers, 403 for customers', async () => {
      expect((await page('', 'anonymous')).status).toBe(401);
      expect((await page('', 'guest')).status).toBe(401);
      expect((await page('', 'customer')).status).toBe(403);
      expect((await stack.call('DELETE', '/api/admin/audit')).status).toBe(404);
    });
  });
});
