import { connect, Events, headers, nanos, type JetStreamClient, type NatsConnection, type StreamConfig } from 'nats';
import type { Logger } from './logger.js';

export interface NatsConnectOptions {
  /** One URL or several separated by commas. */
  url: string;
  /** Shows in the server's connection list: the service name. */
  name: string;
  logger: Logger;
  /** Pause between reconnect attempts (default 1000 ms, with jitter). */
  reconnectTimeWaitMs?: number;
  /** How long a publish waits for JetStream's ack before it counts as failed (default 5000 ms). */
  publishTimeoutMs?: number;
}

/**
 * A message already written as JSON text (the outbox relay's envelopes around payloads PostgreSQL
 * gives as text): published as it is, never parsed into objects and written out again.
 */
export class JsonText {
  constructor(readonly text: string) {}
  /** What JSON.stringify makes of it elsewhere (a publisher other than NatsConn's): the same message. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

export interface NatsConn {
  nc: NatsConnection;
  js: JetStreamClient;
  /** False on a server without JetStream (the embedded development fallback): events are then not durable. */
  hasJetStream: boolean;
  /**
   * Publishes one JSON message (`data` written as JSON, or a JsonText as it is). With JetStream it waits for the stream's ack and msgId
   * de-duplicates inside the stream's window; without it, it is a core publish carrying the same
   * `Nats-Msg-Id` header, flushed to the server before resolving. `extraHeaders` go along as
   * message headers (the relay's trace context).
   */
  publish(subject: string, data: unknown, msgId: string, extraHeaders?: Readonly<Record<string, string | undefined>>): Promise<void>;
  /** Flushes what is pending and closes; safe to call twice. */
  drain(): Promise<void>;
}

const encoder = new TextEncoder();

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Whether the server `nc` is connected to runs JetStream (the embedded development fallback does not). */
export async function detectJetStream(nc: NatsConnection, timeoutMs = 5000): Promise<boolean> {
  if (nc.info?.jetstream !== true) return false;
  try {
    await nc.jetstreamManager({ timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}

/**
 * Connects with reconnect forever: a NATS outage only delays events (they wait in the outbox),
 * it never takes the service down. The first connect also waits for the server to appear.
 */
export async function connectNats(options: NatsConnectOptions): Promise<NatsConn> {
  const { logger } = options;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5000;
  const servers = options.url.split(',').map((s) => s.trim()).filter(Boolean);
  logger.info({ servers }, 'connecting to NATS');
  const nc = await connect({
    servers,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: options.reconnectTimeWaitMs ?? 1000,
    waitOnFirstConnect: true,
    timeout: publishTimeoutMs,
  });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === Events.Disconnect) logger.warn({ server: s.data }, 'NATS disconnected; reconnecting');
      else if (s.type === Events.Reconnect) logger.info({ server: s.data }, 'NATS reconnected');
      else if (s.type === Events.Error) logger.warn({ err: s.data }, 'NATS error');
    }
  })();

  const hasJetStream = await detectJetStream(nc, publishTimeoutMs);
  const canUseHeaders = nc.info?.headers !== false;
  if (hasJetStream) logger.info({ server: nc.getServer() }, 'connected to NATS with JetStream');
  else logger.warn({ server: nc.getServer() }, 'NATS server has no JetStream: events are published on core NATS and are NOT durable (development fallback only)');
  const js = nc.jetstream({ timeout: publishTimeoutMs });

  let draining: Promise<void> | undefined;
  return {
    nc,
    js,
    hasJetStream,
    async publish(subject, data, msgId, extraHeaders) {
      const payload = encoder.encode(data instanceof JsonText ? data.text : JSON.stringify(data));
      const h = extraHeaders && canUseHeaders ? headers() : undefined;
      for (const [name, value] of Object.entries(extraHeaders ?? {})) if (value !== undefined) h?.set(name, value);
      if (hasJetStream) {
        await js.publish(subject, payload, { msgID: msgId, timeout: publishTimeoutMs, ...(h ? { headers: h } : {}) });
        return;
      }
      const withId = h ?? headers();
      withId.set('Nats-Msg-Id', msgId);
      nc.publish(subject, payload, canUseHeaders ? { headers: withId } : undefined);
      // A round trip proves the server has it; while disconnected this would wait for the reconnect.
      await withTimeout(nc.flush(), publishTimeoutMs, 'NATS flush');
    },
    drain() {
      if (nc.isClosed()) return Promise.resolve();
      draining ??= nc.drain().catch((err: unknown) => logger.warn({ err }, 'NATS drain failed'));
      return draining;
    },
  };
}

export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
}

export interface EnsureStreamOptions {
  /** JetStream drops a repeated msgId inside this window (default 2 minutes). */
  duplicateWindowMs?: number;
  /** How long events stay in the stream (default 7 days). */
  maxAgeMs?: number;
}

/**
 * Creates the stream, or widens an existing one to cover our subjects and window. Subjects other
 * processes added are kept: several services call this at start, possibly at the same moment.
 */
export async function ensureStream(conn: Pick<NatsConn, 'nc' | 'hasJetStream'>, def: StreamDefinition, options: EnsureStreamOptions = {}): Promise<void> {
  if (!conn.hasJetStream) return;
  const jsm = await conn.nc.jetstreamManager();
  const wanted: Partial<StreamConfig> = {
    name: def.name,
    subjects: [...def.subjects],
    duplicate_window: nanos(options.duplicateWindowMs ?? 120_000),
    max_age: nanos(options.maxAgeMs ?? 7 * 24 * 3600_000),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await jsm.streams.info(def.name).catch((err: { api_error?: { err_code?: number } }) => {
      if (err.api_error?.err_code === 10059) return undefined; // stream not found
      throw err;
    });
    try {
      if (!existing) {
        await jsm.streams.add(wanted);
        return;
      }
      const subjects = [...new Set([...existing.config.subjects, ...def.subjects])];
      const same =
        subjects.length === existing.config.subjects.length &&
        existing.config.duplicate_window === wanted.duplicate_window &&
        existing.config.max_age === wanted.max_age;
      if (!same) await jsm.streams.update(def.name, { ...existing.config, subjects, duplicate_window: wanted.duplicate_window, max_age: wanted.max_age });
      return;
    } catch (err) {
      // Lost a race with another process creating or updating it: look again.
      if (attempt === 2) throw err;
    }
  }
}
