// The gateway's Prometheus series (decision 037), on the registry service-kit keeps per process:
// requests by area ('/api/<service path>', 'page', 'static'), in flight, browser sockets open
// and messages sent to them, and Node's own process metrics. GET /metrics is answered on a port of
// its own (METRICS_PORT, bound to METRICS_HOST); the public port answers it 404.
import { createServer, type RequestListener, type Server } from 'node:http';
import { collectProcessMetrics, metricOnce, metricsRegistry, observeRequest, prometheus, type Logger } from '@pl/service-kit';

/** Messages the realtime fan-out sent to browsers. */
export const wsMessagesSent = () => metricOnce('ws_messages_sent_total', () => new prometheus.Counter({ name: 'ws_messages_sent_total', help: 'Messages sent to browser sockets' }));

/** Browser sockets open now, read from the fan-out when scraped. */
export function wsClientsGauge(count: () => number): void {
  metricOnce(
    'ws_clients',
    () =>
      new prometheus.Gauge({
        name: 'ws_clients',
        help: 'Browser websockets open on this gateway',
        collect() {
          this.set(count());
        },
      }),
  );
}

/** A request's area: the API path's first two segments (never an id), a page, or a static file. */
export function routeOf(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  const api = /^\/api\/[^/]+(\/[a-z-]+)?/.exec(pathname);
  if (api) return api[0];
  if (/\.[a-z0-9]+$/i.test(pathname)) return 'static';
  return 'page';
}

/** Times every request the gateway answers by its area (routeOf) and counts those in flight (service-kit's series). */
export function withRequestMetrics(handle: RequestListener): RequestListener {
  collectProcessMetrics();
  return (req, res) => {
    observeRequest(req, res, () => routeOf(req.url ?? '/'));
    handle(req, res);
  };
}

/** The metrics listener; a port already taken is logged and the gateway goes on without it. */
export function startMetricsServer({ port, host, logger }: { port: number; host: string; logger: Logger }): Promise<Server | undefined> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/metrics') {
      metricsRegistry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found","code":"NOT_FOUND"}');
  });
  return new Promise((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      logger.error({ err: err.message, port }, 'metrics port unavailable: /metrics is not served');
      resolve(undefined);
    });
    server.listen(port, host, () => {
      const address = server.address();
      logger.info({ metrics: `http://${host}:${typeof address === 'object' && address ? address.port : port}/metrics` }, 'metrics listening');
      resolve(server);
    });
  });
}
