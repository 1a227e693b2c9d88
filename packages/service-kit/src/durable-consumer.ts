import { AckPolicy, DeliverPolicy, type JsMsg } from 'nats';
import { EventEnvelope } from '@pl/contracts';
import type { Logger } from './logger.js';
import type { NatsConn } from './nats.js';
import type { BackgroundWorker } from './run-service.js';

export interface ConsumeDurableOptions {
  stream: string;
  /** The consumer's name on the server: every instance of a service shares it, so each message goes to one of them. */
  durable: string;
  /** Only messages on this subject are delivered. */
  subject: string;
  logger: Logger;
  /** Handles one event envelope; throwing redelivers it later (handlers must be idempotent, e.g. by envelope id). */
  handler(envelope: EventEnvelope): Promise<void>;
  /** Pause before a failed message is redelivered (default 2000 ms). */
  retryDelayMs?: number;
}

/**
 * A durable JetStream pull consumer with explicit acks: an event published while the service was
 * down is delivered when it comes back (at-least-once). A message that is not an event envelope
 * is logged and acknowledged, since redelivering it can never succeed.
 */
export async function consumeDurable(conn: NatsConn, options: ConsumeDurableOptions): Promise<BackgroundWorker> {
  const { logger } = options;
  if (!conn.hasJetStream) {
    logger.warn({ subject: options.subject }, 'NATS has no JetStream: durable consumer not started');
    return { stop: async () => undefined };
  }
  const jsm = await conn.nc.jetstreamManager();
  await jsm.consumers.add(options.stream, {
    durable_name: options.durable,
    filter_subject: options.subject,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
  });
  const consumer = await conn.js.consumers.get(options.stream, options.durable);
  const messages = await consumer.consume({ max_messages: 16 });

  const handle = async (m: JsMsg) => {
    const parsed = EventEnvelope.safeParse((() => { try { return m.json(); } catch { return undefined; } })());
    if (!parsed.success) {
      logger.warn({ subject: m.subject, seq: m.seq }, 'dropped a message that is not an event envelope');
      m.ack();
      return;
    }
    try {
      await options.handler(parsed.data);
      m.ack();
    } catch (err) {
      logger.warn({ err, eventId: parsed.data.id, subject: m.subject }, 'event handler failed; it will be redelivered');
      m.nak(options.retryDelayMs ?? 2000);
    }
  };
  const loop = (async () => {
    for await (const m of messages) await handle(m);
  })();

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        await messages.close();
        await loop.catch(() => undefined);
      })();
      return stopping;
    },
  };
}
