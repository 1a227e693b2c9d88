// The one websocket: every inventory change and every listing's new photos or inspection to every
// open browser (both public, as the catalogue is), and an order's status changes
// and settled refunds to its owner's browsers only (the session subject behind each socket, found at the upgrade).
// Each gateway instance reads every event itself (event-feed.ts: an ordered consumer of the domain
// stream per subject, so nothing published while this gateway reconnects to NATS is missed), and
// serves the browsers connected to it. A browser still refetches after its own socket reconnects:
// what happened while it was away was sent to nobody.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NatsConnection } from 'nats';
import { WebSocket, WebSocketServer } from 'ws';
import type { z } from 'zod';
import {
  EventEnvelope,
  firstSightOf,
  InternalHeaders,
  InventoryUpdatedData,
  OrderRefundSettledData,
  OrderStatusChangedData,
  ProductUpdatedData,
  Subjects,
  WS_MAX_PAYLOAD_BYTES,
  type InventoryUpdatedMessage,
  type OrderRefundSettledMessage,
  type OrderStatusChangedMessage,
  type ProductUpdatedMessage,
} from '@pl/contracts';
import { carrierFromHeaders, contextFrom, inMessageSpan, requestIdFrom, SpanKind, type Logger } from '@pl/service-kit';
import { wsClientsGauge, wsMessagesSent } from '../http/metrics.js';
import { refuseUpgrade } from '../http/refuse-upgrade.js';
import { startEventFeed, type EventFeed, type EventMessage } from './event-feed.js';

/** How many event ids a gateway remembers to pass each event on once (a repeat comes within seconds). */
const SEEN_EVENT_IDS = 10_000;

export interface RealtimeFanoutOptions {
  nats: NatsConnection;
  logger: Logger;
  /** Origins whose pages may open the socket: PUBLIC_ORIGIN plus WS_ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  /** Whose browser an upgrade comes from (the session subject), for the events only its owner may see. */
  identify(req: IncomingMessage, requestId?: string): Promise<string | undefined>;
  heartbeatIntervalMs?: number;
  maxPayloadBytes?: number;
}

export interface RealtimeFanout {
  /** Takes over an HTTP upgrade request for the websocket path (or refuses it). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  /** Resolves once every event feed reads (each keeps trying while NATS or its stream is not there yet). */
  ready: Promise<void>;
  /** Stops listening to NATS and closes every browser socket (going away). */
  close(): Promise<void>;
}

/** A browser that cannot keep up with this much unsent data is dropped rather than buffered forever. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export function createRealtimeFanout(options: RealtimeFanoutOptions): RealtimeFanout {
  const log = options.logger.child({ component: 'realtime-fanout' });
  const allowed = new Set(options.allowedOrigins);
  // Browsers send nothing but pongs; anything above the limit closes the socket with 1009.
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes ?? WS_MAX_PAYLOAD_BYTES });
  const alive = new WeakMap<WebSocket, boolean>();
  /** The session subject behind each socket (none for a browser without a usable session). */
  const owners = new WeakMap<WebSocket, string>();

  wss.on('connection', (ws) => {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    ws.on('error', (err) => log.debug({ err: err.message }, 'browser socket error'));
  });

  // A client that missed a whole heartbeat interval is gone (laptop closed, network dropped).
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, options.heartbeatIntervalMs ?? 30_000);
  heartbeat.unref();

  // Each event id goes to the browsers once. The shell drops repeats too, for those that reach it
  // through two gateways.
  const firstTime = firstSightOf(SEEN_EVENT_IDS);

  const messagesSent = wsMessagesSent();
  wsClientsGauge(() => wss.clients.size);

  const closing = new AbortController();
  // The catalogue's events go to every open browser, an order's only to its owner's.
  const toEveryone =
    <M>(toMessage: (msg: EventMessage, log: Logger) => M | undefined) =>
    (msg: EventMessage, log: Logger) => {
      const message = toMessage(msg, log);
      return message && { message, owner: undefined };
    };
  const feeds: Array<Promise<EventFeed>> = [
    { subject: Subjects.inventoryUpdatedAll, toEvent: toEveryone(toInventoryMessage) },
    { subject: Subjects.productUpdatedAll, toEvent: toEveryone(toProductMessage) },
    { subject: Subjects.orderStatusChangedAll, toEvent: toOrderMessage },
    { subject: Subjects.orderRefundSettledAll, toEvent: toRefundMessage },
  ].map(({ subject, toEvent }: { subject: string; toEvent: (msg: EventMessage, log: Logger) => { message: { id: string }; owner: string | undefined } | undefined }) =>
    startEventFeed({
      nats: options.nats,
      logger: log,
      subject,
      signal: closing.signal,
      onMessage: (msg) => {
        const event = toEvent(msg, log);
        if (event && firstTime(event.message.id)) pushInTrace(msg, event.message.id, JSON.stringify(event.message), event.owner);
      },
    }),
  );
  const ready = Promise.all(feeds).then(
    (started) => log.info({ mode: started[0]?.mode }, started[0]?.mode === 'stream' ? 'reading events from the domain stream' : 'reading events on core NATS (no JetStream)'),
    () => undefined, // closed before it could start
  );

  /**
   * The push as the last span of the trace that wrote the event (its `traceparent` header, decision
   * 040): one add to cart reads as one trace from the gateway's request to the browsers it reached.
   */
  function pushInTrace(msg: EventMessage, eventId: string, payload: string, owner?: string): void {
    const span = {
      name: 'ws push',
      kind: SpanKind.CONSUMER,
      parent: contextFrom(carrierFromHeaders(msg.headers)),
      attributes: { 'messaging.destination.name': msg.subject, 'messaging.message.id': eventId, 'messaging.operation.type': 'process' },
    } as const;
    void inMessageSpan(span, (pushed) => void pushed.setAttribute('ws.clients', broadcast(payload, owner)));
  }

  /** To every open socket, or only to the sockets of `owner`; answers how many it was sent to. */
  function broadcast(payload: string, owner?: string): number {
    let sent = 0;
    for (const ws of wss.clients) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      if (owner !== undefined && owners.get(ws) !== owner) continue;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate();
        continue;
      }
      ws.send(payload);
      sent++;
    }
    messagesSent.inc(sent);
    return sent;
  }

  return {
    handleUpgrade(req, socket, head) {
      // Cross-site WebSocket hijacking defence: browsers always send Origin, and only our pages may connect.
      const origin = req.headers.origin;
      if (!origin || !allowed.has(origin)) {
        log.warn({ reqId: requestIdFrom(req.headers[InternalHeaders.requestId]), origin }, 'websocket refused: origin not allowed');
        refuseUpgrade(socket, 403);
        return;
      }
      const requestId = requestIdFrom(req.headers[InternalHeaders.requestId]);
      void options.identify(req, requestId).then(
        (owner) => {
          if (socket.destroyed) return; // the browser went away while we asked
          wss.handleUpgrade(req, socket, head, (ws) => {
            if (owner) owners.set(ws, owner);
            wss.emit('connection', ws, req);
          });
        },
        (err: unknown) => {
          // The page's socket reconnects with back-off; identity being away is a warning (decision 038).
          const level = err instanceof Error && err.name === 'IdentityUnavailableError' ? 'warn' : 'error';
          log[level]({ err, reqId: requestId }, 'websocket refused: could not tell whose browser it is');
          refuseUpgrade(socket, 503);
        },
      );
    },
    clientCount: () => wss.clients.size,
    ready,
    async close() {
      clearInterval(heartbeat);
      closing.abort();
      await Promise.all(feeds.map((started) => started.then((feed) => feed.stop(), () => undefined)));
      const closed = new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
      // A polite close waits for the browser's reply; one that never answers must not hold up shutdown.
      const grace = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
      await Promise.race([closed, grace]);
      for (const ws of wss.clients) ws.terminate();
      await closed;
    },
  };
}

/** A NATS event's envelope and its data parsed with `schema`; malformed input is logged and dropped. */
function parseEvent<T>(msg: EventMessage, schema: z.ZodType<T>, what: string, log: Logger): { envelope: EventEnvelope; data: T } | undefined {
  let raw: unknown;
  try {
    raw = msg.json();
  } catch {
    log.warn({ subject: msg.subject }, `dropped ${what} event: not JSON`);
    return undefined;
  }
  const envelope = EventEnvelope.safeParse(raw);
  if (!envelope.success) {
    log.warn({ subject: msg.subject }, `dropped ${what} event: not an event envelope`);
    return undefined;
  }
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) {
    log.warn({ subject: msg.subject, eventId: envelope.data.id }, `dropped ${what} event: bad data`);
    return undefined;
  }
  return { envelope: envelope.data, data: data.data };
}

function toInventoryMessage(msg: EventMessage, log: Logger): InventoryUpdatedMessage | undefined {
  const event = parseEvent(msg, InventoryUpdatedData, 'inventory', log);
  return event && { type: 'inventory.updated', id: event.envelope.id, timestamp: event.envelope.occurredAt, ...event.data };
}

/** The browser message of a listing's new photos or inspection: the pages showing it refetch it. */
function toProductMessage(msg: EventMessage, log: Logger): ProductUpdatedMessage | undefined {
  const event = parseEvent(msg, ProductUpdatedData, 'product', log);
  return event && { type: 'product.updated', id: event.envelope.id, timestamp: event.envelope.occurredAt, productIds: event.data.productIds, what: event.data.what };
}

/** The browser message of an order's status change, and whose it is (nobody else may receive it). */
function toOrderMessage(msg: EventMessage, log: Logger): { message: OrderStatusChangedMessage; owner: string } | undefined {
  const event = parseEvent(msg, OrderStatusChangedData, 'order', log);
  if (!event) return undefined;
  const { orderId, number, status, subject } = event.data;
  return { owner: subject, message: { type: 'order.status-changed', id: event.envelope.id, timestamp: event.envelope.occurredAt, orderId, number, status } };
}

/** The browser message of an order's settled refund, and whose it is (nobody else may receive it). */
function toRefundMessage(msg: EventMessage, log: Logger): { message: OrderRefundSettledMessage; owner: string } | undefined {
  const event = parseEvent(msg, OrderRefundSettledData, 'refund', log);
  if (!event) return undefined;
  const { orderId, number, refundId, status, subject } = event.data;
  return { owner: subject, message: { type: 'order.refund-settled', id: event.envelope.id, timestamp: event.envelope.occurredAt, orderId, number, refundId, status } };
}
