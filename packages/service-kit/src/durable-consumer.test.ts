import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@pl/contracts';
import { consumeDurable } from './durable-consumer.js';
import { connectTestNats, createTestStream, eventually, testLogger, type TestStream } from './testing.js';
import type { NatsConn } from './nats.js';

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

  const envelope = (data: unknown): EventEnvelope => ({ id: randomUUID(), type: 'thing.happened', version: 1, occurredAt: new Date().toISOString(), data });

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
