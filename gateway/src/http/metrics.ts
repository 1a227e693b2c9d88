// The gateway's Prometheus series (decision 037), on the registry service-kit keeps per process:
// requests by area ('/api/<service path>', 'page', 'static', 'ws'), in flight, browser sockets open
// and messages sent to them, and Node's own process metrics. GET /metrics is answered on a port of
// its own (METRICS_PORT, bound to METRICS_HOST); the public port answers it 404.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { collectProcessMetrics, metricsRegistry, prometheus, type Logger } from '@pl/service-kit';

const once = <M extends prometheus.Metric>(name: string, make: () => M): M => (metricsRegistry.getSingleMetric(name) as M | undefined) ?? make();

const duration = () =>
  once(
    'http_request_duration_seconds',
    () =>
      new prometheus.Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time to answer an HTTP request, by method, area and status',
        labelNames: ['method', 'route', 'status'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );
const inFlight = () => once('http_requests_in_flight', () => new prometheus.Gauge({ name: 'http_requests_in_flight', help: 'HTTP requests being answered now' }));

/** Messages the realtime fan-out sent to browsers. */
export const wsMessagesSent = () => once('ws_messages_sent_total', () => new prometheus.Counter({ name: 'ws_messages_sent_total', help: 'Messages sent to browser sockets' }));

/** Browser sockets open now, read from the fan-out when scraped. */
export function wsClientsGauge(count: () => number): void {
  once(
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

/** Times every request the gateway answers and counts those in flight. */
export function withRequestMetrics(handle: RequestListener): RequestListener {
  collectProcessMetrics();
  const timer = duration();
  const flying = inFlight();
  return (req: IncomingMessage, res: ServerResponse) => {
    const end = timer.startTimer();
    flying.inc();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      flying.dec();
      end({ method: req.method ?? 'GET', route: routeOf(req.url ?? '/'), status: String(res.statusCode) });
    };
    res.once('finish', finish);
    res.once('close', finish);
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
