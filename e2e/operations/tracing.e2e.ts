// One add to cart is one trace across the shop's own processes (issue 15, decision 040): the shop
// as `npm start` runs it (each service and the gateway its own built process) exports OTLP to a
// collector of this test's own (scripts/otlp-collector.mjs, a local server taking OTLP/HTTP JSON as
// a real collector does). The gateway's request, its proxying to the cart, the cart's hold at the catalog, the
// catalog's outbox row and publish, and the gateway's websocket push must share one trace id, each
// span under the process that made it.
import WebSocket from 'ws';
import { ApiPaths } from '@pl/contracts';
import { startOtlpCollector, type CollectedSpan } from '../../scripts/otlp-collector.mjs';
import { until } from '../support/nats-server';
import { startTestShop, type TestShop } from '../support/shop';

/** The trace as an indented tree, parents first, siblings by start time. */
function render(spans: CollectedSpan[]): string {
  const byParent = new Map<string, CollectedSpan[]>();
  for (const s of spans) byParent.set(s.parentSpanId ?? '', [...(byParent.get(s.parentSpanId ?? '') ?? []), s]);
  const ids = new Set(spans.map((s) => s.spanId));
  const lines: string[] = [];
  const walk = (s: CollectedSpan, depth: number) => {
    lines.push(`${'  '.repeat(depth)}${s.service.padEnd(8)} ${s.name}  ${s.ms.toFixed(1)} ms  span ${s.spanId}`);
    for (const child of (byParent.get(s.spanId) ?? []).sort((a, b) => (a.startNs < b.startNs ? -1 : 1))) walk(child, depth + 1);
  };
  for (const root of spans.filter((s) => !ids.has(s.parentSpanId ?? '')).sort((a, b) => (a.startNs < b.startNs ? -1 : 1))) walk(root, 0);
  return lines.join('\n');
}

describe('traces across the shop', () => {
  let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
  let shop: TestShop;

  beforeAll(async () => {
    collector = await startOtlpCollector();
    // Spans leave each process a tenth of a second after they end, not the SDK's default five.
    shop = await startTestShop({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '100' } });
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    await collector?.close();
  });

  it('follows one add to cart from the gateway through the cart and the catalog to the websocket push', async () => {
    const products = (await (await fetch(`${shop.url}/api/products?limit=100&inStock=true`)).json()) as { data: Array<{ oneOfAKind: boolean; variants: Array<{ sku: string; totalAvailable: number }> }> };
    const sku = products.data.find((p) => p.oneOfAKind && p.variants[0]!.totalAvailable === 1)!.variants[0]!.sku;
    const socket = new WebSocket(`${shop.url.replace('http', 'ws')}/ws`, { headers: { Origin: shop.url } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const pushed = new Promise<void>((resolve) => socket.on('message', (raw) => JSON.parse(String(raw)).sku === sku && resolve()));
    try {
      const res = await fetch(shop.url + ApiPaths.cart.lines, { method: 'POST', headers: { origin: shop.url, 'content-type': 'application/json' }, body: JSON.stringify({ variantId: sku, qty: 1 }) });
      expect(res.status).toBe(201);
      await pushed;
    } finally {
      socket.close();
    }

    const isTheAdd = (s: CollectedSpan) => s.service === 'gateway' && s.kind === 2 && s.parentSpanId === undefined && collector.spans.some((c) => c.traceId === s.traceId && c.name === 'POST /api/cart/lines');
    let traceId = '';
    await until(async () => {
      traceId = collector.spans.find(isTheAdd)?.traceId ?? '';
      return traceId !== '' && collector.spans.some((s) => s.traceId === traceId && s.name === 'ws push');
    }, 'the add to cart trace, ws push included', 20_000);
    const trace = collector.spans.filter((s) => s.traceId === traceId);
    console.log(`trace ${traceId}: ${trace.length} spans from ${[...new Set(trace.map((s) => s.service))].join(', ')}\n${render(trace)}`);

    const spanOf = (service: string, name: string | RegExp) => trace.find((s) => s.service === service && (typeof name === 'string' ? s.name === name : name.test(s.name)));
    const cartRoute = spanOf('cart', 'POST /api/cart/lines');
    const holdRoute = spanOf('catalog', /^POST \/internal\/holds$/);
    const publish = spanOf('catalog', 'publish inventory.updated');
    const push = spanOf('gateway', 'ws push');
    expect([cartRoute, holdRoute, publish, push].map((s) => s !== undefined)).toEqual([true, true, true, true]);
    // The push hangs under the publish, which hangs under the catalog's hold: one causal chain.
    expect(push!.parentSpanId).toBe(publish!.spanId);
    const ancestors = (s: CollectedSpan): string[] => {
      const parent = trace.find((p) => p.spanId === s.parentSpanId);
      return parent ? [parent.spanId, ...ancestors(parent)] : [];
    };
    expect(ancestors(publish!)).toContain(holdRoute!.spanId);
    expect(ancestors(holdRoute!)).toContain(cartRoute!.spanId);
    expect(trace.some((s) => s.service === 'catalog' && /^pg\.query:INSERT/.test(s.name))).toBe(true);
  });
});
