// Where the websocket's events come from. On a server with JetStream, an ordered consumer of the
// domain stream per subject, starting where the stream ended when the gateway started: the
// consumer remembers the last event it passed on, so what was published while this gateway was
// reconnecting to NATS (or while NATS itself restarted) is read once it is back, in order. A core
// subscription would miss it: a service that reconnects before the gateway publishes its
// outbox into a server where nobody listens yet, and the open browsers never hear of it.
// Without JetStream (the embedded development fallback) it is a core subscription.
import { DeliverPolicy, type JsMsg, type Msg, type NatsConnection } from 'nats';
import { DomainStream } from '@pl/contracts';
import { detectJetStream, ensureStream, type Logger } from '@pl/service-kit';

/** What the fan-out reads of a message, from JetStream or core NATS alike. */
export type EventMessage = Pick<Msg, 'subject' | 'headers' | 'json'> | Pick<JsMsg, 'subject' | 'headers' | 'json'>;

export interface EventFeed {
  /** How the events are read: 'stream' (JetStream, nothing missed across reconnects) or 'core'. */
  readonly mode: 'stream' | 'core';
  /** Stops reading; safe to call twice. */
  stop(): Promise<void>;
}

export interface EventFeedOptions {
  nats: NatsConnection;
  logger: Logger;
  /** One subject filter per feed (a `>` wildcard under one of the domain stream's subjects). */
  subject: string;
  onMessage(msg: EventMessage): void;
  /** Ends the tries to start (the gateway is closing). */
  signal?: AbortSignal;
}

/** How long before a consumer that ended with an error is made again, or a failed start is tried again. */
const RESTART_AFTER_MS = 1000;

/**
 * Starts reading `subject`, trying again each second while it cannot (NATS or JetStream not there
 * yet); rejects only when `signal` aborts.
 */
export async function startEventFeed(options: EventFeedOptions): Promise<EventFeed> {
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await feedOnce(options);
    } catch (err) {
      if (options.signal?.aborted) throw err;
      if (attempt === 1) options.logger.warn({ err, subject: options.subject }, 'cannot read events yet; trying again each second');
      await new Promise((resolve) => setTimeout(resolve, RESTART_AFTER_MS));
    }
  }
}

async function feedOnce(options: EventFeedOptions): Promise<EventFeed> {
  const { nats, logger, subject, onMessage } = options;
  if (!(await detectJetStream(nats))) {
    const subscription = nats.subscribe(subject, {
      callback: (err, msg) => {
        if (err) logger.error({ err: err.message, subject }, 'event subscription failed');
        else onMessage(msg);
      },
    });
    return {
      mode: 'core',
      stop: async () => {
        if (!subscription.isClosed()) subscription.unsubscribe();
      },
    };
  }

  // The services make the stream as they start; the gateway may be first.
  await ensureStream({ nc: nats, hasJetStream: true }, DomainStream);
  const js = nats.jetstream();
  const { state } = await (await nats.jetstreamManager()).streams.info(DomainStream.name);
  let stopped = false;
  let restart: NodeJS.Timeout | undefined;
  let current: { close(): Promise<void | Error> } | undefined;
  /** The stream sequence of the last event passed on. */
  let lastSeq = state.last_seq;

  /** An ordered consumer from after `lastSeq`; it makes itself again after a server restart or a gap, from where it was. */
  async function follow(): Promise<void> {
    const consumer = await js.consumers.get(DomainStream.name, {
      filterSubjects: subject,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: lastSeq + 1,
    });
    const messages = await consumer.consume({
      callback: (msg) => {
        lastSeq = msg.seq;
        onMessage(msg);
      },
    });
    current = messages;
    void messages.closed().then((err) => {
      if (stopped) return;
      logger.error({ err, subject }, 'event consumer ended; reading again from where it stopped');
      followLater();
    });
  }

  function followLater(): void {
    restart = setTimeout(() => {
      if (stopped) return;
      follow().catch((err: unknown) => {
        logger.error({ err, subject }, 'event consumer could not start; trying again');
        followLater();
      });
    }, RESTART_AFTER_MS);
    restart.unref();
  }

  await follow();
  return {
    mode: 'stream',
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(restart);
      await current?.close();
    },
  };
}
