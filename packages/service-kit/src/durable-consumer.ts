import { AckPolicy, DeliverPolicy, type JsMsg, type Msg } from 'nats';
import { EventEnvelope } from '@pl/contracts';
import type { Logger } from './logger.js';
import type { NatsConn } from './nats.js';
import type { BackgroundWorker } from './run-service.js';
import { carrierFromHeaders, contextFrom, inMessageSpan, SpanKind } from './trace-context.js';

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
  /** Without JetStream: how often a failing handler is tried before the event is given up (default 5). */
  maxLiveAttempts?: number;
}

/** The message's event envelope, or undefined for anything else (logged by the caller). */
function envelopeOf(m: { json<T>(): T }): EventEnvelope | undefined {
  let body: unknown;
  try {
    body = m.json();
  } catch {
    return undefined;
  }
  const parsed = EventEnvelope.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the handler inside a CONSUMER span whose parent is the trace the event was written in (its
 * `traceparent` header, decision 040): the handler's queries and log lines join that trace.
 */
function handleInTrace(options: ConsumeDurableOptions, m: Pick<Msg, 'subject' | 'headers'>, envelope: EventEnvelope): Promise<void> {
  const span = {
    name: `process ${options.subject}`,
    kind: SpanKind.CONSUMER,
    parent: contextFrom(carrierFromHeaders(m.headers)),
    attributes: {
      'messaging.destination.name': m.subject,
      'messaging.consumer.group.name': options.durable,
      'messaging.message.id': envelope.id,
      'messaging.operation.type': 'process',
    },
  } as const;
  return inMessageSpan(span, () => options.handler(envelope));
}

/**
 * A durable JetStream pull consumer with explicit acks: an event published while the service was
 * down is delivered when it comes back (at-least-once). A message that is not an event envelope
 * is logged and acknowledged, since redelivering it can never succeed.
 */
export async function consumeDurable(conn: NatsConn, options: ConsumeDurableOptions): Promise<BackgroundWorker> {
  const { logger } = options;
  if (!conn.hasJetStream) return consumeLive(conn, options);
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
    const envelope = envelopeOf(m);
    if (!envelope) {
      logger.warn({ subject: m.subject, seq: m.seq }, 'dropped a message that is not an event envelope');
      m.ack();
      return;
    }
    try {
      await handleInTrace(options, m, envelope);
      m.ack();
    } catch (err) {
      logger.warn({ err, eventId: envelope.id, subject: m.subject }, 'event handler failed; it will be redelivered');
      m.nak(options.retryDelayMs ?? 2000);
    }
  };
  return workerOver(messages, async () => void (await messages.close()), handle);
}

/**
 * The same consumer on a server without JetStream (the embedded development fallback, decision
 * 004): a core subscription in a queue group named after the durable, so each event still reaches
 * one instance of the service while it runs. A failed handler is retried in place a few times; what
 * was published while the service was down is not delivered (that needs a real NATS).
 */
function consumeLive(conn: NatsConn, options: ConsumeDurableOptions): BackgroundWorker {
  const { logger } = options;
  const retryDelayMs = options.retryDelayMs ?? 2000;
  const maxAttempts = options.maxLiveAttempts ?? 5;
  logger.warn({ subject: options.subject }, 'NATS has no JetStream: consuming live events only (none published while this service is down)');
  const subscription = conn.nc.subscribe(options.subject, { queue: options.durable });

  const handle = async (m: Msg) => {
    const envelope = envelopeOf(m);
    if (!envelope) {
      logger.warn({ subject: m.subject }, 'dropped a message that is not an event envelope');
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await handleInTrace(options, m, envelope);
        return;
      } catch (err) {
        if (attempt >= maxAttempts || subscription.isClosed()) {
          logger.error({ err, eventId: envelope.id, subject: m.subject, attempts: attempt }, 'event handler failed; event given up (no JetStream to redeliver it)');
          return;
        }
        logger.warn({ err, eventId: envelope.id, subject: m.subject, attempt }, 'event handler failed; retrying');
        await sleep(retryDelayMs);
      }
    }
  };
  return workerOver(subscription, () => subscription.drain(), handle);
}

/** Handles messages one at a time until stopped; stop waits for the message in hand. */
function workerOver<M>(messages: AsyncIterable<M>, close: () => Promise<void>, handle: (m: M) => Promise<void>): BackgroundWorker {
  const loop = (async () => {
    for await (const m of messages) await handle(m);
  })();
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        await close();
        await loop.catch(() => undefined);
      })();
      return stopping;
    },
  };
}
