import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { WebSocket } from 'ws';
import {
  DomainStream,
  Subjects,
  WS_MAX_PAYLOAD_BYTES,
  type EventEnvelope,
  type InventoryUpdatedData,
  type OrderRefundSettledData,
  type OrderStatusChangedData,
  type ProductUpdatedData,
} from '@pl/contracts';
import { ensureStream } from '@pl/service-kit';
import { freePort, spawnNatsServer } from '../../scripts/local-stack.mjs';
import { NATS_URL, PUBLIC_ORIGIN, startGateway, startGuestSession, type TestGateway } from './support/test-gateway';

const wsUrl = (gw: TestGateway, path = '/ws') => `ws://127.0.0.1:${gw.port}${path}`;

function openSocket(gw: TestGateway, options: { origin?: string; autoPong?: boolean; path?: string; cookie?: string } = {}): Promise<WebSocket> {
  const ws = new WebSocket(wsUrl(gw, options.path), {
    origin: options.origin ?? PUBLIC_ORIGIN,
    autoPong: options.autoPong ?? true,
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The status the gateway answered an upgrade it refused with. */
function refusedStatus(gw: TestGateway, options: { origin?: string; path?: string }): Promise<number> {
  const ws = new WebSocket(wsUrl(gw, options.path), options.origin ? { origin: options.origin } : {});
  return new Promise((resolve, reject) => {
    ws.once('open', () => reject(new Error('upgrade was accepted')));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => undefined);
  });
}

/** Resolves with the first message on `ws` about event `id` (other suites may publish on the same subjects). */
function nextMessageAbout(ws: WebSocket, id: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      if (message.id !== id) return;
      ws.off('message', onMessage);
      resolve(message);
    };
    ws.on('message', onMessage);
  });
}

const closeOf = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

function inventoryEvent(data: Partial<InventoryUpdatedData> = {}): EventEnvelope & { data: InventoryUpdatedData } {
  return {
    id: randomUUID(),
    type: 'inventory.updated',
    version: 1,
    occurredAt: new Date().toISOString(),
    data: { productId: 'prod-1', variantId: 'var-1', sku: 'SKU-1', onHand: 3, reserved: 1, available: 2, ...data },
  };
}

function productEvent(data: Partial<ProductUpdatedData> = {}): EventEnvelope & { data: ProductUpdatedData } {
  return { id: randomUUID(), type: 'product.updated', version: 2, occurredAt: new Date().toISOString(), data: { productIds: ['prod-1'], what: 'photos', ...data } };
}

function orderEvent(subject: string, data: Partial<OrderStatusChangedData> = {}): EventEnvelope & { data: OrderStatusChangedData } {
  return {
    id: randomUUID(),
    type: 'order.status-changed',
    version: 1,
    occurredAt: new Date().toISOString(),
    data: {
      orderId: 'order-1',
      number: 'PL-100001',
      subject,
      email: 'pat@example.com',
      status: 'ready_for_pickup',
      previous: 'paid',
      fulfilment: { type: 'pickup', locationId: 'dublin' },
      shipment: null,
      ...data,
    },
  };
}

describe('the /ws realtime fan-out', () => {
  let publisher: NatsConnection;
  let gw: TestGateway;
  const sockets: WebSocket[] = [];
  const track = (ws: WebSocket) => (sockets.push(ws), ws);

  beforeAll(async () => {
    publisher = await connect({ servers: NATS_URL, name: 'fanout-test-publisher' });
    gw = await startGateway({ WS_ALLOWED_ORIGINS: 'http://localhost:5200' });
  });

  afterEach(() => {
    for (const ws of sockets.splice(0)) ws.terminate();
  });

  afterAll(async () => {
    await gw.stop();
    await publisher.drain();
  });

  it('refuses a page from another origin', async () => {
    expect(await refusedStatus(gw, { origin: 'https://evil.example' })).toBe(403);
  });

  it('refuses a client that sends no Origin', async () => {
    expect(await refusedStatus(gw, {})).toBe(403);
  });

  it('refuses upgrades on any other path', async () => {
    expect(await refusedStatus(gw, { origin: PUBLIC_ORIGIN, path: '/api/products' })).toBe(404);
  });

  it('accepts an origin from WS_ALLOWED_ORIGINS', async () => {
    const ws = track(await openSocket(gw, { origin: 'http://localhost:5200' }));
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it('pushes an inventory.updated published on NATS to the open browser', async () => {
    const ws = track(await openSocket(gw));
    const event = inventoryEvent();
    const received = nextMessageAbout(ws, event.id);
    publisher.publish(Subjects.inventoryUpdated('SKU-1'), JSON.stringify(event));
    expect(await received).toEqual({
      type: 'inventory.updated',
      id: event.id,
      timestamp: event.occurredAt,
      productId: 'prod-1',
      variantId: 'var-1',
      sku: 'SKU-1',
      onHand: 3,
      reserved: 1,
      available: 2,
    });
  });

  it("pushes a listing's product.updated to every open browser, with a session or without (the catalogue is public)", async () => {
    const shopper = await startGuestSession(gw.url);
    const sockets = [track(await openSocket(gw, { cookie: shopper.cookie })), track(await openSocket(gw))];
    const event = productEvent({ productIds: ['prod-7'], what: 'inspection' });
    const received = sockets.map((ws) => nextMessageAbout(ws, event.id));

    publisher.publish(Subjects.productUpdated('prod-7'), JSON.stringify(event));

    const expected = { type: 'product.updated', id: event.id, timestamp: event.occurredAt, productIds: ['prod-7'], what: 'inspection' };
    expect(await Promise.all(received)).toEqual([expected, expected]);
  });

  it('drops a malformed product.updated and passes each one on once', async () => {
    const ws = track(await openSocket(gw));
    const bad = productEvent();
    const good = productEvent({ productIds: ['prod-8'] });
    const ids: unknown[] = [];
    ws.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      if (JSON.stringify(message.productIds) === '["prod-8"]') ids.push(message.id);
    });
    const last = nextMessageAbout(ws, good.id);
    publisher.publish(Subjects.productUpdated('prod-8'), JSON.stringify({ ...bad, data: { productIds: ['prod-8'], what: 'discontinued' } }));
    for (const e of [good, good]) publisher.publish(Subjects.productUpdated('prod-8'), JSON.stringify(e));
    await last;
    // A later event marks the end: the repeat of `good` came before it and was not sent.
    const after = productEvent({ productIds: ['prod-8'] });
    const end = nextMessageAbout(ws, after.id);
    publisher.publish(Subjects.productUpdated('prod-8'), JSON.stringify(after));
    await end;
    expect(ids).toEqual([good.id, after.id]);
  });

  it("pushes an order's status change to its owner's sockets only, never to another browser or one without a session", async () => {
    const owner = await startGuestSession(gw.url);
    const other = await startGuestSession(gw.url);
    const mine = [track(await openSocket(gw, { cookie: owner.cookie })), track(await openSocket(gw, { cookie: owner.cookie }))];
    const theirs = track(await openSocket(gw, { cookie: other.cookie }));
    const anonymous = track(await openSocket(gw));
    const order = orderEvent(owner.subject);
    const stock = inventoryEvent();
    const othersSaw: string[] = [];
    for (const ws of [theirs, anonymous]) ws.on('message', (raw: Buffer) => othersSaw.push((JSON.parse(raw.toString()) as { id: string }).id));
    const toOwner = mine.map((ws) => nextMessageAbout(ws, order.id));

    publisher.publish(Subjects.orderStatusChanged('order-1'), JSON.stringify(order));
    const expected = { type: 'order.status-changed', id: order.id, timestamp: order.occurredAt, orderId: 'order-1', number: 'PL-100001', status: 'ready_for_pickup' };
    expect(await Promise.all(toOwner)).toEqual([expected, expected]);
    // Whom the event went to was settled at once; a public event after it reaches the others, and
    // the order's never did.
    const toOthers = [theirs, anonymous].map((ws) => nextMessageAbout(ws, stock.id));
    publisher.publish(Subjects.inventoryUpdated('SKU-1'), JSON.stringify(stock));
    await Promise.all(toOthers);
    expect(othersSaw).toContain(stock.id);
    expect(othersSaw).not.toContain(order.id);
  });

  it("pushes an order's settled refund to its owner's sockets only", async () => {
    const owner = await startGuestSession(gw.url);
    const other = await startGuestSession(gw.url);
    const mine = track(await openSocket(gw, { cookie: owner.cookie }));
    const theirs = track(await openSocket(gw, { cookie: other.cookie }));
    const refund = {
      id: randomUUID(),
      type: 'order.refund-settled',
      version: 1,
      occurredAt: new Date().toISOString(),
      data: { orderId: 'order-1', number: 'PL-100001', subject: owner.subject, refundId: 'refund-1', status: 'succeeded' } satisfies OrderRefundSettledData,
    };
    const stock = inventoryEvent();
    const theirsSaw: string[] = [];
    theirs.on('message', (raw: Buffer) => theirsSaw.push((JSON.parse(raw.toString()) as { id: string }).id));
    const toOwner = nextMessageAbout(mine, refund.id);

    publisher.publish(Subjects.orderRefundSettled('order-1'), JSON.stringify(refund));
    expect(await toOwner).toEqual({ type: 'order.refund-settled', id: refund.id, timestamp: refund.occurredAt, orderId: 'order-1', number: 'PL-100001', refundId: 'refund-1', status: 'succeeded' });
    const toTheirs = nextMessageAbout(theirs, stock.id);
    publisher.publish(Subjects.inventoryUpdated('SKU-1'), JSON.stringify(stock));
    await toTheirs;
    expect(theirsSaw).toEqual(expect.arrayContaining([stock.id]));
    expect(theirsSaw).not.toContain(refund.id);
  });

  it('drops malformed events and keeps delivering the good ones', async () => {
    const ws = track(await openSocket(gw));
    const bad = inventoryEvent();
    const good = inventoryEvent({ sku: 'SKU-2' });
    const seen: unknown[] = [];
    ws.on('message', (raw: Buffer) => seen.push(JSON.parse(raw.toString()).id));
    const received = nextMessageAbout(ws, good.id);
    publisher.publish(Subjects.inventoryUpdated('SKU-2'), 'not json');
    publisher.publish(Subjects.inventoryUpdated('SKU-2'), JSON.stringify({ ...bad, data: { sku: 'SKU-2' } }));
    publisher.publish(Subjects.inventoryUpdated('SKU-2'), JSON.stringify({ hello: 'world' }));
    publisher.publish(Subjects.inventoryUpdated('SKU-2'), JSON.stringify(good));
    await received;
    expect(seen).not.toContain(bad.id);
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it('passes each event on once: the same event published again (an outbox relay retrying) is not sent twice', async () => {
    const ws = track(await openSocket(gw));
    const event = inventoryEvent({ sku: 'SKU-3' });
    const after = inventoryEvent({ sku: 'SKU-3', available: 1 });
    const ids: string[] = [];
    ws.on('message', (raw: Buffer) => ids.push(JSON.parse(raw.toString()).id));
    const last = nextMessageAbout(ws, after.id);
    for (const e of [event, event, event, after]) publisher.publish(Subjects.inventoryUpdated('SKU-3'), JSON.stringify(e));
    await last;
    expect(ids).toEqual([event.id, after.id]);
  });

  it('closes the socket of a client that sends a message above the size limit', async () => {
    const ws = track(await openSocket(gw));
    const closed = closeOf(ws);
    ws.send('x'.repeat(WS_MAX_PAYLOAD_BYTES + 1));
    expect(await closed).toBe(1009);
  });

  it('closes browser sockets as "going away" when the gateway shuts down', async () => {
    const other = await startGateway();
    const ws = await openSocket(other);
    const closed = closeOf(ws);
    await other.stop();
    expect(await closed).toBe(1001);
  });
});

describe('the /ws inventory fan-out across gateway instances', () => {
  it('delivers the same event to browsers on every gateway instance', async () => {
    const publisher = await connect({ servers: NATS_URL, name: 'fanout-test-publisher' });
    const [a, b] = await Promise.all([startGateway(), startGateway()]);
    const [wsA, wsB] = await Promise.all([openSocket(a), openSocket(b)]);
    try {
      const event = inventoryEvent({ sku: 'SKU-1' });
      const both = Promise.all([nextMessageAbout(wsA, event.id), nextMessageAbout(wsB, event.id)]);
      publisher.publish(Subjects.inventoryUpdated('SKU-1'), JSON.stringify(event));
      const [onA, onB] = await both;
      expect(onA).toEqual(onB);
      expect(onA).toMatchObject({ type: 'inventory.updated', id: event.id, sku: 'SKU-1' });
    } finally {
      wsA.terminate();
      wsB.terminate();
      await Promise.all([a.stop(), b.stop()]);
      await publisher.drain();
    }
  });
});

describe('the /ws fan-out across a NATS restart', () => {
  it('passes on an event a service published while the gateway was still reconnecting', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pl-fanout-nats-'));
    const port = await freePort();
    let server = await spawnNatsServer({ port, storeDir: dir });
    const url = `nats://127.0.0.1:${port}`;
    // The services have made the domain stream (at their start).
    const service = await connect({ servers: url, name: 'fanout-test-service' });
    await ensureStream({ nc: service, hasJetStream: true }, DomainStream);
    await service.close();
    const gw = await startGateway({ NATS_URL: url });
    let reconnected = false;
    void (async () => {
      for await (const status of gw.nats.status()) if (status.type === 'reconnect') reconnected = true;
    })();
    const ws = await openSocket(gw);
    let publisher: NatsConnection | undefined;
    try {
      await server.stop();
      server = await spawnNatsServer({ port, storeDir: dir });
      // A service that is back first (the gateway waits 2 s between tries): its outbox goes into
      // the stream while no core subscription of the gateway's is on the server.
      publisher = await connect({ servers: url, name: 'fanout-test-service' });
      const event = inventoryEvent();
      const received = nextMessageAbout(ws, event.id);
      await publisher.jetstream().publish(Subjects.inventoryUpdated('SKU-1'), JSON.stringify(event), { msgID: event.id });
      expect(reconnected).toBe(false);
      // Lost for good on a core subscription: allow the gateway's reconnect and a good margin.
      const lost = new Promise((resolve) => setTimeout(() => resolve('not received within 15 s'), 15_000).unref());
      expect(await Promise.race([received, lost])).toMatchObject({ type: 'inventory.updated', id: event.id, sku: 'SKU-1' });
      expect(reconnected).toBe(true);
    } finally {
      ws.terminate();
      await publisher?.drain();
      await gw.stop();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the /ws heartbeat', () => {
  it('drops a client that stops answering pings and keeps one that answers', async () => {
    const gw = await startGateway({}, { heartbeatIntervalMs: 100 });
    const dead = await openSocket(gw, { autoPong: false });
    const alive = await openSocket(gw);
    try {
      expect(await closeOf(dead)).toBe(1006);
      expect(alive.readyState).toBe(WebSocket.OPEN);
    } finally {
      alive.terminate();
      await gw.stop();
    }
  });
});
