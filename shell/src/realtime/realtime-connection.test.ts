import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { InventoryUpdatedMessage, OrderRefundSettledMessage, OrderStatusChangedMessage, OrderUpdatedMessage, ProductUpdatedMessage, RealtimeState } from '@pl/contracts';
import { connectRealtime } from './realtime-connection';

// A real websocket server stands in for the gateway's /ws; the `ws` client plays the browser.
// The reconnect delays are observed through an injected scheduler, not measured on a clock.

const createSocket = (url: string) => new WebSocket(url) as unknown as globalThis.WebSocket;

interface Recorder {
  inventory: InventoryUpdatedMessage[];
  products: ProductUpdatedMessage[];
  orders: OrderUpdatedMessage[];
  opens: number[];
  states: RealtimeState[];
}
const record = (): Recorder & Parameters<typeof connectRealtime>[1] => {
  const r: Recorder = { inventory: [], products: [], orders: [], opens: [], states: [] };
  return {
    ...r,
    onInventoryUpdated: (m) => r.inventory.push(m),
    onProductUpdated: (m) => r.products.push(m),
    onOrderUpdated: (m) => r.orders.push(m),
    onOpen: ({ attempt }) => r.opens.push(attempt),
    onState: (state) => r.states.push(state),
  };
};

async function startServer(port = 0): Promise<{ wss: WebSocketServer; url: string; port: number }> {
  const wss = new WebSocketServer({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const actual = (wss.address() as AddressInfo).port;
  return { wss, url: `ws://127.0.0.1:${actual}/ws`, port: actual };
}
const stopServer = (wss: WebSocketServer) =>
  new Promise<void>((resolve) => {
    wss.clients.forEach((c) => c.terminate());
    wss.close(() => resolve());
  });

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const inventoryMessage = {
  type: 'inventory.updated',
  id: 'evt-1',
  productId: 'p1',
  variantId: 'v1',
  sku: 'SKU-1',
  onHand: 3,
  reserved: 1,
  available: 2,
  timestamp: '2026-11-21T10:00:00.000Z',
};

// Connection errors are logged as warnings by design (spec §8); keep the test output quiet.
let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('connectRealtime', () => {
  it('passes on valid inventory.updated messages and drops malformed ones', async () => {
    const { wss, url } = await startServer();
    wss.on('connection', (socket) => {
      socket.send('not json');
      socket.send(JSON.stringify({ type: 'inventory.updated', sku: 'missing fields' }));
      socket.send(JSON.stringify({ type: 'something.else' }));
      socket.send(JSON.stringify(inventoryMessage));
    });
    const handlers = record();
    const connection = connectRealtime({ url, baseDelayMs: 1000, createSocket }, handlers);
    try {
      await until(() => handlers.inventory.length === 1, 'the inventory message');
      expect(handlers.inventory).toEqual([inventoryMessage]);
      expect(warn.mock.calls.filter(([text]) => String(text).includes('dropped'))).toHaveLength(2);
    } finally {
      connection.close();
      await stopServer(wss);
    }
  });

  it('passes each event on once: a repeat of an id already delivered (the relay published it again) is dropped', async () => {
    const next = { ...inventoryMessage, id: `${inventoryMessage.id}-next`, available: inventoryMessage.available + 1 };
    const { wss, url } = await startServer();
    wss.on('connection', (socket) => {
      for (const message of [inventoryMessage, inventoryMessage, next, inventoryMessage]) socket.send(JSON.stringify(message));
    });
    const handlers = record();
    const connection = connectRealtime({ url, baseDelayMs: 1000, createSocket }, handlers);
    try {
      await until(() => handlers.inventory.length === 2, 'two inventory messages');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(handlers.inventory).toEqual([inventoryMessage, next]);
    } finally {
      connection.close();
      await stopServer(wss);
    }
  });

  const order: OrderStatusChangedMessage = { type: 'order.status-changed', id: 'e1', timestamp: '2026-11-24T10:00:00.000Z', orderId: 'o1', number: 'PL-100001', status: 'shipped' };
  const refund: OrderRefundSettledMessage = { type: 'order.refund-settled', id: 'e2', timestamp: '2026-11-27T10:00:00.000Z', orderId: 'o1', number: 'PL-100001', refundId: 'r1', status: 'succeeded' };
  it.each([
    ['order.status-changed', order, { type: 'order.status-changed', orderId: 'o1' }],
    ['order.refund-settled', refund, { ...refund, status: 'pending' }],
  ])('passes on an %s message and drops a malformed one', async (_type, message, malformed) => {
    const { wss, url } = await startServer();
    wss.on('connection', (socket) => {
      socket.send(JSON.stringify(malformed));
      socket.send(JSON.stringify(message));
    });
    const handlers = record();
    const connection = connectRealtime({ url, baseDelayMs: 1000, createSocket }, handlers);
    try {
      await until(() => handlers.orders.length === 1, 'the order message');
      expect(handlers.orders).toEqual([message]);
      expect(handlers.inventory).toEqual([]);
    } finally {
      connection.close();
      await stopServer(wss);
    }
  });

  it("passes on a listing's product.updated message and drops a malformed one", async () => {
    const product: ProductUpdatedMessage = { type: 'product.updated', id: 'e3', timestamp: '2026-11-27T10:00:00.000Z', productIds: ['p1'], what: 'photos' };
    const { wss, url } = await startServer();
    wss.on('connection', (socket) => {
      socket.send(JSON.stringify({ ...product, id: 'e4', what: 'discontinued' }));
      socket.send(JSON.stringify(product));
    });
    const handlers = record();
    const connection = connectRealtime({ url, baseDelayMs: 1000, createSocket }, handlers);
    try {
      await until(() => handlers.products.length === 1, 'the product message');
      expect(handlers.products).toEqual([product]);
      expect([handlers.inventory, handlers.orders]).toEqual([[], []]);
    } finally {
      connection.close();
      await stopServer(wss);
    }
  });

  it('opens a new socket at once when asked to reconnect (a sign-in), without counting a failure', async () => {
    const { wss, url } = await startServer();
    const delays: number[] = [];
    const handlers = record();
    const connection = connectRealtime({ url, baseDelayMs: 1000, createSocket, schedule: (run, ms) => (delays.push(ms), setImmediate(run), () => {}) }, handlers);
    try {
      await until(() => handlers.opens.length === 1, 'the first open');
      connection.reconnect();
      await until(() => handlers.opens.length === 2, 'the second open');
      await new Promise((r) => setTimeout(r, 50));
      expect(handlers.opens).toEqual([0, 0]);
      expect(delays).toEqual([]);
      expect(handlers.states).toEqual(['connecting', 'open', 'connecting', 'open']);
      expect(wss.clients.size).toBe(1);
    } finally {
      connection.close();
      await stopServer(wss);
    }
  });

  it("drops a message still waiting for its schemas once its socket has been replaced (the new open refetches)", async () => {
    const { wss, url } = await startServer();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const schemas = import('./realtime-messages');
    const handlers = record();
    let connections = 0;
    wss.on('connection', (socket) => {
      connections += 1;
      if (connections === 1) socket.send(JSON.stringify(inventoryMessage));
      else socket.send(JSON.stringify({ ...inventoryMessage, id: 'evt-2', available: 1 }));
    });
    const connection = connectRealtime({ url, baseDelayMs: 1000, createSocket, loadSchemas: () => held.then(() => schemas) }, handlers);
    try {
      await until(() => handlers.opens.length === 1 && connections === 1, 'the first open');
      await new Promise((r) => setTimeout(r, 50));
      connection.reconnect();
      await until(() => handlers.opens.length === 2 && connections === 2, 'the second open');
      await new Promise((r) => setTimeout(r, 50));
      release();
      await until(() => handlers.inventory.length >= 1, "the new socket's message");
      await new Promise((r) => setTimeout(r, 50));
      expect(handlers.inventory.map((m) => m.id)).toEqual(['evt-2']);
    } finally {
      connection.close();
      await stopServer(wss);
    }
  });

  it('reports every open, including the first, so remotes refetch', async () => {
    const { wss, url } = await startServer();
    const handlers = record();
    const connection = connectRealtime({ url, baseDelayMs: 1000, createSocket }, handlers);
    try {
      await until(() => handlers.opens.length === 1, 'the first open');
      expect(handlers.opens).toEqual([0]);
      expect(handlers.states).toEqual(['connecting', 'open']);
    } finally {
      connection.close();
      await stopServer(wss);
    }
  });

  it('reconnects after 1 s, 2 s, 4 s, 8 s, 16 s and gives up after 5 failed attempts', async () => {
    const { wss, url } = await startServer();
    const delays: number[] = [];
    const handlers = record();
    const connection = connectRealtime(
      {
        url,
        baseDelayMs: 1000,
        createSocket,
        schedule: (run, ms) => {
          delays.push(ms);
          setImmediate(run); // run at once: only the requested delays matter here
          return () => {};
        },
      },
      handlers,
    );
    try {
      await until(() => handlers.opens.length === 1, 'the first open');
      await stopServer(wss); // drops the connection and refuses every reconnect
      await until(() => handlers.states.includes('gave-up'), 'giving up');
      expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
      expect(handlers.states.filter((s) => s === 'connecting')).toHaveLength(6);
    } finally {
      connection.close();
    }
  });

  it('starts a new round of attempts when resumed after giving up, and ignores resume while connected', async () => {
    let server = await startServer();
    const port = server.port;
    const delays: number[] = [];
    const handlers = record();
    const connection = connectRealtime(
      { url: server.url, baseDelayMs: 1000, createSocket, schedule: (run, ms) => (delays.push(ms), setImmediate(run), () => {}) },
      handlers,
    );
    try {
      await until(() => handlers.opens.length === 1, 'the first open');
      connection.resume(); // connected: nothing to do
      expect(handlers.states.filter((s) => s === 'connecting')).toHaveLength(1);

      await stopServer(server.wss);
      await until(() => handlers.states.includes('gave-up'), 'giving up');
      const afterGivingUp = handlers.states.length;
      await new Promise((r) => setTimeout(r, 50));
      expect(handlers.states).toHaveLength(afterGivingUp); // gave up: no attempt of its own

      server = await startServer(port); // the network is back
      delays.length = 0;
      connection.resume();
      await until(() => handlers.opens.length === 2, 'the open after resuming');
      expect(handlers.states.slice(afterGivingUp)).toEqual(['connecting', 'open']);
      expect(delays).toEqual([]);
    } finally {
      connection.close();
      await stopServer(server.wss);
    }
  });

  it('starts the backoff again at 1 s after a successful reconnect', async () => {
    let server = await startServer();
    const port = server.port;
    const delays: number[] = [];
    const pending: Array<() => void> = [];
    const handlers = record();
    const connection = connectRealtime(
      {
        url: server.url,
        baseDelayMs: 1000,
        createSocket,
        schedule: (run, ms) => {
          delays.push(ms);
          pending.push(run);
          return () => {};
        },
      },
      handlers,
    );
    const fire = () => pending.shift()!();
    try {
      await until(() => handlers.opens.length === 1, 'the first open');
      await stopServer(server.wss);
      await until(() => delays.length === 1, 'the first retry to be scheduled');
      fire(); // attempt 1 fails: the server is down
      await until(() => delays.length === 2, 'the second retry to be scheduled');
      server = await startServer(port);
      fire(); // attempt 2 succeeds
      await until(() => handlers.opens.length === 2, 'the reconnect');
      expect(handlers.opens).toEqual([0, 2]);
      server.wss.clients.forEach((c) => c.close());
      await until(() => delays.length === 3, 'the retry after the next drop');
      expect(delays).toEqual([1000, 2000, 1000]);
    } finally {
      connection.close();
      await stopServer(server.wss);
    }
  });

  it('counts a connection that fails with only an error event (no close) as a failed attempt', async () => {
    // Chromium fires 'error' and never 'close' when the page's CSP refuses the socket's URL.
    type Fake = { readyState: number; onopen: unknown; onmessage: unknown; onclose: unknown; onerror: ((e: unknown) => void) | null; close(): void };
    const sockets: Fake[] = [];
    const delays: number[] = [];
    const pending: Array<() => void> = [];
    const handlers = record();
    const connection = connectRealtime(
      {
        url: 'ws://refused.example/ws',
        baseDelayMs: 1000,
        createSocket: () => {
          const fake: Fake = { readyState: 0, onopen: null, onmessage: null, onclose: null, onerror: null, close: () => void (fake.readyState = 3) };
          sockets.push(fake);
          return fake as unknown as globalThis.WebSocket;
        },
        schedule: (run, ms) => (delays.push(ms), pending.push(run), () => {}),
      },
      handlers,
    );
    try {
      for (let i = 0; i < 6; i++) {
        sockets[i]!.readyState = 3;
        sockets[i]!.onerror?.(new Event('error'));
        if (pending.length) pending.shift()!();
      }
      expect(sockets).toHaveLength(6);
      expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
      expect(handlers.states.at(-1)).toBe('gave-up');
    } finally {
      connection.close();
    }
  });

  it('stops reconnecting once closed', async () => {
    const { wss, url } = await startServer();
    const delays: number[] = [];
    const handlers = record();
    const connection = connectRealtime(
      { url, baseDelayMs: 1000, createSocket, schedule: (_run, ms) => (delays.push(ms), () => {}) },
      handlers,
    );
    await until(() => handlers.opens.length === 1, 'the first open');
    connection.close();
    await stopServer(wss);
    await new Promise((r) => setTimeout(r, 50));
    expect(delays).toEqual([]);
  });
});
