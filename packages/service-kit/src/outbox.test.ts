import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EventEnvelope } from '@pl/contracts';
import { runMigrations, withTransaction } from './db.js';
import type { NatsConn } from './nats.js';
import { startOutboxRelay, writeOutbox, type OutboxRelay } from './outbox.js';
import {
  connectTestNats,
  createTestSchemaPool,
  createTestStream,
  eventually,
  testDatabaseUrl,
  testLogger,
  testNatsUrl,
  type TestSchemaPool,
  type TestStream,
} from './testing.js';

/** A TCP hop between the client and NATS that the test can cut and restore: a NATS outage on demand. */
async function cuttableProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = net.connect(Number(target.port || 4222), target.hostname);
    const kill = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', kill);
      s.on('close', kill);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `nats://127.0.0.1:${port}`,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => {
      open = false;
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

describe('outbox', () => {
  let db: TestSchemaPool;
  let nats: NatsConn;
  let stream: TestStream;
  let dir: string;
  const relays: OutboxRelay[] = [];
  const logger = testLogger('outbox');

  const start = (overrides: Partial<Parameters<typeof startOutboxRelay>[0]> = {}) => {
    const relay = startOutboxRelay({ pool: db.pool, nats, logger, pollMs: 60_000, ...overrides });
    relays.push(relay);
    return relay;
  };
  const subject = (name: string) => `${stream.subjectPrefix}.${name}`;
  const commitEvents = (count: number, name = 'thing') =>
    withTransaction(db.pool, async (client) => {
      const out = [];
      for (let i = 0; i < count; i++) out.push(await writeOutbox(client, { subject: subject(name), type: 'thing.happened', data: { i } }));
      return out;
    });
  const unpublished = async () => Number((await db.pool.query('SELECT count(*) AS n FROM outbox WHERE published_at IS NULL')).rows[0].n);

  beforeAll(async () => {
    nats = await connectTestNats();
    // No files of its own: the kit's outbox migration is all the schema needs.
    dir = await mkdtemp(path.join(tmpdir(), 'pl-outbox-'));
  });
  afterAll(async () => {
    await nats.drain();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    db = createTestSchemaPool('outbox');
    await runMigrations(db.pool, { schema: db.schema, dir });
    stream = await createTestStream(nats, 'outbox');
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await stream.delete();
    await db.cleanup();
  });

  describe('writeOutbox', () => {
    it('records the event only when the surrounding transaction commits', async () => {
      await expect(
        withTransaction(db.pool, async (client) => {
          await writeOutbox(client, { subject: subject('x'), type: 'thing.happened', data: { n: 1 } });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await unpublished()).toBe(0);

      const [envelope] = await commitEvents(1);
      expect(EventEnvelope.parse(envelope)).toEqual({ id: expect.any(String), type: 'thing.happened', version: 1, occurredAt: expect.any(String), data: { i: 0 } });
      expect(await unpublished()).toBe(1);
    });
  });

  describe('startOutboxRelay', () => {
    it('publishes each committed event once, with the outbox id as message id, and marks it', async () => {
      const written = await commitEvents(3);
      const relay = start();

      await eventually(async () => (await unpublished()) === 0);
      expect(await relay.flush()).toBe(0);

      const messages = await stream.messages();
      expect(messages).toEqual(written.map((envelope) => ({ subject: subject('thing'), msgId: envelope.id, data: envelope })));
    });

    it('is woken by the commit itself, not only by polling', async () => {
      start(); // polls once a minute: only NOTIFY can make this fast
      await eventually(async () => (await unpublished()) === 0);
      await commitEvents(2);

      await eventually(async () => (await unpublished()) === 0, { timeoutMs: 5000 });
      expect(await stream.count()).toBe(2);
    });

    it('loses nothing when events were committed while no relay ran', async () => {
      // The service committed and died before any relay published: the rows simply wait.
      const written = await commitEvents(5);
      const relay = start();

      await relay.flush();
      await eventually(async () => (await unpublished()) === 0);

      expect(await stream.count()).toBe(5);
      expect((await stream.messages()).map((m) => m.msgId)).toEqual(written.map((e) => e.id));
    });

    it('does not duplicate when the relay dies after publishing but before marking', async () => {
      await commitEvents(4);
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      let published = 0;
      // Publishes for real, then kills the relay's database session mid-transaction so the marks
      // are lost; from then on this "process" is dead and publishes nothing more.
      const crashingNats = {
        async publish(s: string, data: unknown, msgId: string) {
          if (published === 4) throw new Error('this relay is dead');
          await nats.publish(s, data, msgId);
          if (++published === 4) {
            await admin.query(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND state LIKE 'idle in transaction%'`,
              [db.applicationName],
            );
          }
        },
      };
      try {
        const crashing = start({ nats: crashingNats });
        await expect(crashing.flush()).rejects.toThrow();
        await crashing.stop();
      } finally {
        await admin.end();
      }
      expect(published).toBe(4);
      expect(await stream.count()).toBe(4);
      expect(await unpublished()).toBe(4);

      const relay = start();
      await relay.flush();
      await eventually(async () => (await unpublished()) === 0);

      expect(await stream.count()).toBe(4);
    });

    it('lets several relays share the outbox without publishing any row twice', async () => {
      await commitEvents(120);
      let publishCalls = 0;
      const counting = {
        publish(s: string, data: unknown, msgId: string) {
          publishCalls++;
          return nats.publish(s, data, msgId);
        },
      };
      const relays3 = [1, 2, 3].map(() => start({ nats: counting, batchSize: 7 }));

      await Promise.all(relays3.map((r) => r.flush()));
      await eventually(async () => (await unpublished()) === 0);

      // JetStream would hide a double publish; counting the calls shows each row was claimed by one relay only.
      expect(publishCalls).toBe(120);
      expect(await stream.count()).toBe(120);
    });

    it('sends a batch in order without waiting for each ack, and after a failure midway marks only the rows before it', async () => {
      const written = await commitEvents(50);
      let inFlight = 0;
      let mostInFlight = 0;
      let failOnce: string | undefined = written[30]!.id;
      const calls: string[] = [];
      const pipelined = {
        async publish(s: string, data: unknown, msgId: string) {
          calls.push(msgId);
          inFlight++;
          mostInFlight = Math.max(mostInFlight, inFlight);
          try {
            if (msgId === failOnce) {
              failOnce = undefined;
              throw new Error('no ack in time');
            }
            return await nats.publish(s, data, msgId);
          } finally {
            inFlight--;
          }
        },
      };
      const relay = start({ nats: pipelined, batchSize: 50, maxBackoffMs: 50 });
      await relay.flush().catch(() => undefined);
      await eventually(async () => (await unpublished()) === 0);
      expect(mostInFlight).toBeGreaterThan(1);
      // The first pass sent all 50 at once; the retry sent again only the failed row and those after it.
      expect(calls.slice(0, 50)).toEqual(written.map((e) => e.id));
      expect(calls.slice(50)).toEqual(written.slice(30).map((e) => e.id));
      // Each event once, in the order written, except the one that failed, which came on the retry.
      const ids = (await stream.messages()).map((m) => m.msgId);
      expect(ids).toEqual([...written.slice(0, 30), ...written.slice(31), written[30]!].map((e) => e.id));
    });

    it('keeps each transaction within its byte budget: large payloads go a few at a time, each whole and in order', async () => {
      // ~100 kB each, hardly compressible (as stored, PostgreSQL would shrink repetitive text).
      const written = await withTransaction(db.pool, async (client) => {
        const out = [];
        for (let i = 0; i < 10; i++) out.push(await writeOutbox(client, { subject: subject('big'), type: 'big.happened', data: { i, blob: randomBytes(50_000).toString('hex') } }));
        return out;
      });
      let inFlight = 0;
      let mostInFlight = 0;
      const counting = {
        async publish(s: string, data: unknown, msgId: string) {
          inFlight++;
          mostInFlight = Math.max(mostInFlight, inFlight);
          try {
            return await nats.publish(s, data, msgId);
          } finally {
            inFlight--;
          }
        },
      };
      const relay = start({ nats: counting, batchBytes: 250_000 });
      expect(await relay.flush()).toBe(10);
      // A batch is published at once (pipelined): no more rows at once than fit the budget.
      expect(mostInFlight).toBe(2);
      expect(await stream.messages()).toEqual(written.map((envelope) => ({ subject: subject('big'), msgId: envelope.id, data: envelope })));
    });

    it('hands a publisher that writes the envelope itself (JSON.stringify) the same message', async () => {
      const [written] = await commitEvents(1, 'own');
      const seen: unknown[] = [];
      const relay = start({ nats: { publish: async (_s: string, data: unknown) => void seen.push(JSON.parse(JSON.stringify(data))) } });
      expect(await relay.flush()).toBe(1);
      expect(seen).toEqual([written]);
    });

    it('keeps events while NATS is unreachable and delivers each once when it is back', async () => {
      const proxy = await cuttableProxy(testNatsUrl());
      const viaProxy = await connectTestNats({ url: proxy.url, name: 'outbox-outage', publishTimeoutMs: 300 });
      try {
        const relay = start({ nats: viaProxy, pollMs: 50, maxBackoffMs: 200 });
        await eventually(async () => (await unpublished()) === 0);

        proxy.cut();
        const written = await commitEvents(3);
        await expect(relay.flush()).rejects.toThrow();
        expect(await unpublished()).toBe(3);

        proxy.restore();
        await eventually(async () => (await unpublished()) === 0, { timeoutMs: 15_000 });

        // Publishes buffered during the outage may also reach the server: msgId de-duplication keeps it at one each.
        await eventually(async () => (await stream.count()) === 3);
        expect((await stream.messages()).map((m) => m.msgId).sort()).toEqual(written.map((e) => e.id).sort());
      } finally {
        await Promise.all(relays.splice(0).map((r) => r.stop()));
        await viaProxy.drain();
        await proxy.close();
      }
    });

    it('stops cleanly and publishes nothing after stop', async () => {
      const relay = start();
      await relay.stop();
      await commitEvents(1);
      expect(await relay.flush()).toBe(0);
      expect(await unpublished()).toBe(1);
    });
  });
});
