// One add to cart is one trace (decision 040): the gateway's request, its proxying to the cart, the
// cart's hold at the catalog, the catalog's outbox row, the relay's publish and the gateway's
// websocket push. The real gateway, cart and catalog apps run in this process; NATS is a broker of
// this test's own (the embedded one), so the shop's real subjects never reach the shared server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { WebSocket } from 'ws';
import { ApiPaths } from '@pl/contracts';
import { createTokenVerifier, startOutboxRelay, type NatsConn, type OutboxRelay } from '@pl/service-kit';
import { connectTestNats, eventually, spanChain, startTestTracing, testLogger, type TestTracing } from '@pl/service-kit/testing';
import { loadSigningKeys } from '../../../gateway/src/auth/keys.js';
import { PUBLIC_ORIGIN, startGateway, type TestGateway } from '../../../gateway/test/support/test-gateway.js';
import { startEmbeddedNats } from '../../../scripts/embedded-nats.mjs';
import { insertProduct } from '../../catalog/test/factories.js';
import { startCartWithCatalog, type CartTestApp } from './cart-test-app.js';

describe('tracing an add to cart', () => {
  let tracing: TestTracing;
  let broker: Awaited<ReturnType<typeof startEmbeddedNats>>;
  let shop: CartTestApp;
  let gateway: TestGateway;
  let nats: NatsConn;
  let relay: OutboxRelay;
  let keyDir: string;
  beforeAll(async () => {
    tracing = await startTestTracing('shop');
    broker = await startEmbeddedNats({ port: 0 });
    keyDir = mkdtempSync(path.join(tmpdir(), 'pl-trace-keys-'));
    const { keys } = await loadSigningKeys({ keyFile: path.join(keyDir, 'jwt-keys.json') });
    // The cart checks the gateway's session tokens, as behind a real gateway.
    shop = await startCartWithCatalog({}, { verifier: createTokenVerifier({ keySet: { keys: [keys.publicJwk] } }) });
    gateway = await startGateway({ NATS_URL: broker.url, CART_URL: shop.cart.url, CATALOG_URL: shop.catalog.url }, { keys });
    nats = await connectTestNats({ url: broker.url });
    relay = startOutboxRelay({ pool: shop.catalog.db.pool, nats, logger: testLogger('relay'), pollMs: 60_000 });
  });
  afterAll(async () => {
    await relay?.stop();
    await nats?.drain();
    await gateway?.stop();
    await shop?.stop();
    await broker?.close();
    await tracing?.stop();
    rmSync(keyDir, { recursive: true, force: true });
  });

  it('follows POST /api/cart/lines from the gateway to the websocket push in one trace', async () => {
    const { variants } = await insertProduct(shop.catalog.pool, { title: 'Desk Lamp', oneOfAKind: true, variants: [{ priceCents: 2500, levels: [{ locationId: 'dublin', onHand: 1 }] }] });
    const variant = variants[0]!;
    const socket = new WebSocket(`ws://127.0.0.1:${gateway.port}/ws`, { origin: PUBLIC_ORIGIN });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const pushed = new Promise<unknown>((resolve) => socket.on('message', (raw: Buffer) => resolve(JSON.parse(raw.toString()))));

    const res = await fetch(gateway.url + ApiPaths.cart.lines, {
      method: 'POST',
      headers: { origin: PUBLIC_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ variantId: variant.sku, qty: 1 }),
    });
    expect(res.status).toBe(201);
    await relay.flush();
    expect(await pushed).toMatchObject({ type: 'inventory.updated', sku: variant.sku });
    socket.close();

    const push = await eventually(() => {
      const found = tracing.spans().find((s) => s.name === 'ws push');
      if (!found) throw new Error('no ws push span yet');
      return found;
    });
    const spans = tracing.spans().filter((s) => s.spanContext().traceId === push.spanContext().traceId);
    const chain = spanChain(push, spans);
    const root = chain[chain.length - 1]!;
    // The trace starts at the gateway's server span for the shopper's request...
    expect(root.kind).toBe(SpanKind.SERVER);
    expect(root.name).toMatch(/^POST/);
    expect(root.attributes['url.path'] ?? root.attributes['http.target']).toBe(ApiPaths.cart.lines);
    // ...and passes the cart, the catalog's hold, its publish and the push, each the parent of the next.
    expect(chain.map((s) => s.name)).toEqual(expect.arrayContaining(['ws push', 'publish inventory.updated']));
    expect(spans.filter((s) => s.kind === SpanKind.SERVER).length).toBeGreaterThanOrEqual(3);
    expect(spans.some((s) => s.name.startsWith('pg.query:'))).toBe(true);
    expect(push.attributes['ws.clients']).toBe(1);
    if (process.env.PRINT_TRACE) console.log(describeTrace(spans));
  });
});

/** The trace as an indented tree, in start order: name, kind, ids, duration. */
function describeTrace(spans: ReadableSpan[]): string {
  const ms = (s: ReadableSpan) => (s.duration[0] * 1e3 + s.duration[1] / 1e6).toFixed(1);
  const byStart = [...spans].sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
  const depth = (s: ReadableSpan): number => {
    const parent = spans.find((p) => p.spanContext().spanId === s.parentSpanContext?.spanId);
    return parent ? depth(parent) + 1 : 0;
  };
  return [
    `trace ${spans[0]?.spanContext().traceId}`,
    ...byStart.map((s) => `${'  '.repeat(depth(s))}${s.name} [${SpanKind[s.kind]}] span=${s.spanContext().spanId} parent=${s.parentSpanContext?.spanId ?? '-'} ${ms(s)} ms`),
  ].join('\n');
}
