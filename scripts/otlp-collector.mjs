// A stand-in for an OpenTelemetry collector (outside the system): a local HTTP server that takes
// POST /v1/traces in OTLP/HTTP's JSON encoding, as a real collector does, and keeps every span. The
// built-bundle test (scripts/build-node.test.ts) and the shop's end-to-end trace test
// (e2e/operations/tracing.e2e.ts) point OTEL_EXPORTER_OTLP_ENDPOINT at it.
import { createServer } from 'node:http';

/** OTLP/JSON ids are hex; a protobuf-style JSON encoding would give base64: either is read as hex. */
const hexId = (id) => (!id ? undefined : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex'));

/** Flattens one export request into spans, each with the service.name of its resource. */
export function spansOfExport(body) {
  const spans = [];
  for (const rs of body.resourceSpans ?? []) {
    const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value?.stringValue ?? '';
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        spans.push({
          service,
          scope: ss.scope?.name ?? '',
          name: s.name,
          kind: s.kind,
          traceId: hexId(s.traceId),
          spanId: hexId(s.spanId),
          parentSpanId: hexId(s.parentSpanId),
          startNs: BigInt(s.startTimeUnixNano ?? 0),
          ms: Number(BigInt(s.endTimeUnixNano ?? 0) - BigInt(s.startTimeUnixNano ?? 0)) / 1e6,
        });
      }
    }
  }
  return spans;
}

/** Starts the collector on a free loopback port; `spans` fills as exports arrive. */
export async function startOtlpCollector() {
  const spans = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      spans.push(...spansOfExport(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
