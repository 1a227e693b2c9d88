import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@pl/contracts';
import { consumeDurable } from './durable-consumer.js';
import { connectTestNats, createTestStream, eventually, testLogger, type TestStream } from './testing.js';
import type { NatsConn } from './nats.js';
// The broker `npm start` runs when a machine has no NATS at all (decision 004): no JetStream.
import { startEmbeddedNats } from '../../../scripts/embedded-nats.mjs';

const envelope = (data: unknown): EventEnvelope => ({ id: randomUUID(), type: 'thing.happened', version: 1, occurredAt: new Date().toISOString(), data });

describe('consumeDurable', () => {
  let conn: NatsConn;
  let stream: TestStream;
  beforeAll(async () => {
    conn = await connectTestNats();
    stream = await createTestStream(conn, 'durable');
  });
  afterAll(async () => {
    await stream.delete();
    await conn.drain();
  });

  it('delivers events published before it started, and redelivers one whose handler failed', async () => {
    const subject = `${stream.subjectPrefix}.thing.happened`;
    const first = envelope({ n: 1 });
    await conn.publish(subject, first, first.id);
    const seen: unknown[] = [];
    let failOnce = true;
    const worker = await consumeDurable(conn, {
      stream: stream.name,
      durable: 'test-durable',
      subject,
      logger: testLogger(),
      retryDelayMs: 50,
      handler: async (e) => {
        if ((e.data as { n: number }).n === 2 && failOnce) {
          failOnce = false;
          throw new Error('transient');
        }
        seen.push(e.data);
      },
    });
    const second = envelope({ n: 2 });
    await conn.publish(subject, second, second.id);
    await conn.publish(subject, { not: 'an envelope' }, randomUUID());
    await eventually(() => expect(seen).toEqual([{ n: 1 }, { n: 2 }]));
    await worker.stop();
  });
});

describe('consumeDurable on a server without JetStream (the embedded fallback)', () => {
  let broker: Awaited<ReturnType<typeof startEmbeddedNats>>;
  beforeAll(async () => {
    broker = await startEmbeddedNats({ port: 0 });
  });
  afterAll(() => broker.close());

  it('hands each live event to one instance of the service, retrying a handler that failed', async () => {
    const [a, b, publisher] = await Promise.all([1, 2, 3].map((n) => connectTestNats({ url: broker.url, name: `live-${n}` })));
    expect(a!.hasJetStream).toBe(false);
    const seen: Array<{ instance: string; n: number }> = [];
    let failOnce = true;
    const options = (instance: string) => ({
      stream: 'UNUSED',
      durable: 'test-live',
      subject: 'live.thing.happened',
      logger: testLogger(),
      retryDelayMs: 20,
      handler: async (e: EventEnvelope) => {
        const { n } = e.data as { n: number };
        if (n === 2 && failOnce) {
          failOnce = false;
          throw new Error('transient');
        }
        seen.push({ instance, n });
      },
    });
    const workers = [await consumeDurable(a!, options('a')), await consumeDurable(b!, options('b'))];
    try {
      for (const n of [1, 2, 3, 4]) {
        const e = envelope({ n });
        await publisher!.publish('live.thing.happened', e, e.id);
      }
      await publisher!.publish('live.thing.happened', { not: 'an envelope' }, randomUUID());
      await eventually(() => expect(seen.map((s) => s.n).sort()).toEqual([1, 2, 3, 4]));
    } finally {
      for (const w of workers) await w.stop();
      for (const c of [a, b, publisher]) await c!.drain();
    }
  });
});
