// Pushes every inventory change to every open browser. Each gateway instance holds its own core
// NATS subscription with no queue group, so every instance sees every event and can serve the
// browsers connected to it. Core NATS is at-most-once: a browser refetches after every (re)connect
// rather than trusting that it saw every message.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Msg, NatsConnection, NatsError, Subscription } from 'nats';
import { WebSocket, WebSocketServer } from 'ws';
import {
  EventEnvelope,
  InternalHeaders,
  InventoryUpdatedData,
  Subjects,
  WS_MAX_PAYLOAD_BYTES,
  type InventoryUpdatedMessage,
} from '@pl/contracts';
import { requestIdFrom, type Logger } from '@pl/service-kit';
import { refuseUpgrade } from '../http/refuse-upgrade.js';

export interface InventoryFanoutOptions {
  nats: NatsConnection;
  logger: Logger;
  /** Origins whose pages may open the socket: PUBLIC_ORIGIN plus WS_ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  heartbeatIntervalMs?: number;
  maxPayloadBytes?: number;
}

export interface InventoryFanout {
  /** Takes over an HTTP upgrade request for the websocket path (or refuses it). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  /** Stops listening to NATS and closes every browser socket (going away). */
  close(): Promise<void>;
}

/** A browser that cannot keep up with this much unsent data is dropped rather than buffered forever. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export function createInventoryFanout(options: InventoryFanoutOptions): InventoryFanout {
  const log = options.logger.child({ component: 'inventory-fanout' });
  const allowed = new Set(options.allowedOrigins);
  // Browsers send nothing but pongs; anything above the limit closes the socket with 1009.
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes ?? WS_MAX_PAYLOAD_BYTES });
  const alive = new WeakMap<WebSocket, boolean>();

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

  const subscription: Subscription = options.nats.subscribe(Subjects.inventoryUpdatedAll, {
    callback: (err: NatsError | null, msg: Msg) => {
      if (err) {
        log.error({ err: err.message }, 'inventory subscription failed');
        return;
      }
      const message = toBrowserMessage(msg, log);
      if (message) broadcast(JSON.stringify(message));
    },
  });

  function broadcast(payload: string): void {
    for (const ws of wss.clients) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate();
        continue;
      }
      ws.send(payload);
    }
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
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    clientCount: () => wss.clients.size,
    async close() {
      clearInterval(heartbeat);
      if (!subscription.isClosed()) subscription.unsubscribe();
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

/** Parses a NATS inventory event into the browser message; malformed input is logged and dropped. */
function toBrowserMessage(msg: Msg, log: Logger): InventoryUpdatedMessage | undefined {
  let raw: unknown;
  try {
    raw = msg.json();
  } catch {
    log.warn({ subject: msg.subject }, 'dropped inventory event: not JSON');
    return undefined;
  }
  const envelope = EventEnvelope.safeParse(raw);
  if (!envelope.success) {
    log.warn({ subject: msg.subject }, 'dropped inventory event: not an event envelope');
    return undefined;
  }
  const data = InventoryUpdatedData.safeParse(envelope.data.data);
  if (!data.success) {
    log.warn({ subject: msg.subject, eventId: envelope.data.id }, 'dropped inventory event: bad data');
    return undefined;
  }
  return { type: 'inventory.updated', id: envelope.data.id, timestamp: envelope.data.occurredAt, ...data.data };
}
