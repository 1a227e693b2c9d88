import { firstSightOf, type InventoryUpdatedMessage, type OrderUpdatedMessage, type ProductUpdatedMessage, type RealtimeState } from '@pl/contracts';
import { reconnectDelay } from './reconnect-policy.js';

export interface RealtimeHandlers {
  onInventoryUpdated(message: InventoryUpdatedMessage): void;
  /** A listing's photos or inspection changed (every browser hears it, as every browser sees the catalogue). */
  onProductUpdated(message: ProductUpdatedMessage): void;
  /** An order's status changed, or one of its refunds settled (only its owner's socket hears either). */
  onOrderUpdated(message: OrderUpdatedMessage): void;
  /** Every successful open, the first and each reconnect: events may have been missed. */
  onOpen(info: { attempt: number }): void;
  onState(state: RealtimeState, attempt: number): void;
}

export interface RealtimeOptions {
  url: string;
  baseDelayMs: number;
  /** Injectable for tests; the browser's WebSocket by default. */
  createSocket?: (url: string) => WebSocket;
  /** Injectable for tests (to observe the delays); setTimeout by default. */
  schedule?: (run: () => void, delayMs: number) => () => void;
  /** Injectable for tests (to hold a message back); the messages' schema chunk by default. */
  loadSchemas?: () => Promise<MessageSchemas>;
}

/**
 * The messages' schemas arrive with the first message, not with the page: zod is no part of a first
 * view (decision 025), and most pages are left before any stock changes.
 */
const messageSchemas = () => import(/* webpackChunkName: "realtime-messages" */ './realtime-messages.js');
type MessageSchemas = Awaited<ReturnType<typeof messageSchemas>>;
/** The messages the socket carries, each with its schema (the rest are ignored). */
const schemaOf = {
  'inventory.updated': (s: MessageSchemas) => s.InventoryUpdatedMessage,
  'product.updated': (s: MessageSchemas) => s.ProductUpdatedMessage,
  'order.status-changed': (s: MessageSchemas) => s.OrderStatusChangedMessage,
  'order.refund-settled': (s: MessageSchemas) => s.OrderRefundSettledMessage,
} as const;
type MessageType = keyof typeof schemaOf;
const isMessageType = (type: unknown): type is MessageType => typeof type === 'string' && Object.hasOwn(schemaOf, type);

// WebSocket.readyState values (spelled out: Node, where the tests run, has no WebSocket global).
const CONNECTING = 0;
const OPEN = 1;

/**
 * The shop's one websocket to the gateway. Reconnects after a close following the backoff
 * policy, resetting the attempt counter on every successful open. Errors are only logged
 * (spec §8); a malformed message is dropped.
 */
export interface RealtimeConnection {
  /**
   * After the attempts gave up: a new round (1 s, 2 s, …) from now, e.g. when the shopper asks or
   * the browser is back online. Does nothing while connected or still trying.
   */
  resume(): void;
  /**
   * A new socket now, whatever the state (the browser signed in or out: the gateway reads whose
   * browser it is when the socket opens). The old socket is closed without counting as a failure.
   */
  reconnect(): void;
  close(): void;
}

/** How many event ids a page remembers to pass each event on once (a repeat comes within seconds). */
const SEEN_EVENT_IDS = 1000;

export function connectRealtime(options: RealtimeOptions, handlers: RealtimeHandlers): RealtimeConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const schedule =
    options.schedule ??
    ((run: () => void, delayMs: number) => {
      const timer = setTimeout(run, delayMs);
      return () => clearTimeout(timer);
    });
  let attempt = 0;
  let socket: WebSocket | null = null;
  let cancelTimer: (() => void) | undefined;
  let stopped = false;
  let gaveUp = false;
  let delivering: Promise<unknown> = Promise.resolve();

  const loadSchemas = options.loadSchemas ?? messageSchemas;
  // Each event id is passed on once, whichever socket brought it.
  const firstTime = firstSightOf(SEEN_EVENT_IDS);
  const deliver = (schemas: MessageSchemas, type: MessageType, data: unknown) => {
    const parsed = schemaOf[type](schemas).safeParse(data);
    if (!parsed.success) console.warn(`[realtime] dropped a malformed ${type} message`, parsed.error.issues);
    else if (!firstTime(parsed.data.id)) return;
    else if (parsed.data.type === 'inventory.updated') handlers.onInventoryUpdated(parsed.data);
    else if (parsed.data.type === 'product.updated') handlers.onProductUpdated(parsed.data);
    else handlers.onOrderUpdated(parsed.data);
  };

  const open = () => {
    handlers.onState('connecting', attempt);
    const ws = createSocket(options.url);
    socket = ws;
    ws.onopen = () => {
      const reconnectedAfter = attempt;
      attempt = 0;
      handlers.onState('open', 0);
      handlers.onOpen({ attempt: reconnectedAfter });
    };
    ws.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        console.warn('[realtime] dropped a message that is not JSON');
        return;
      }
      const type = (data as { type?: unknown } | null)?.type;
      if (!isMessageType(type)) return;
      // In the order they came, each once the schemas are here; one that fails stops none after it.
      // Not once this socket has been replaced: the new one's open has the page fetch afresh
      // (onOpen), and an older message applied after that fetch would put older stock back.
      delivering = delivering
        .then(loadSchemas)
        .then((schemas) => stopped || socket !== ws || deliver(schemas, type, data))
        .catch((error: unknown) => console.error(`[realtime] could not deliver a ${type} message`, error));
    };
    // A connection that fails can end with 'error' alone: Chromium fires no 'close' when the CSP
    // refuses the URL. Either event ends this socket, once.
    let ended = false;
    const end = () => {
      if (ended || stopped || socket !== ws) return;
      ended = true;
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      if (ws.readyState === CONNECTING || ws.readyState === OPEN) ws.close();
      attempt += 1;
      const delay = reconnectDelay(attempt, options.baseDelayMs);
      if (delay === null) {
        gaveUp = true;
        handlers.onState('gave-up', attempt - 1);
        return;
      }
      handlers.onState('closed', attempt);
      cancelTimer = schedule(open, delay);
    };
    ws.onerror = (event) => {
      console.warn('[realtime] websocket error', event);
      end();
    };
    ws.onclose = end;
  };

  open();
  return {
    resume() {
      if (!gaveUp || stopped) return;
      gaveUp = false;
      attempt = 0;
      open();
    },
    reconnect() {
      if (stopped) return;
      cancelTimer?.();
      gaveUp = false;
      attempt = 0;
      const old = socket;
      socket = null; // its close is not this connection's end any more
      old?.close();
      open();
    },
    close() {
      stopped = true;
      cancelTimer?.();
      socket?.close();
    },
  };
}
