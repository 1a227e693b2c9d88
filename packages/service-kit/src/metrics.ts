// Prometheus metrics (prom-client) for every process of the shop (decision 037). One registry per
// process: what a request took by route and status, the requests in flight, the PostgreSQL pool,
// the outbox's backlog and the age of its oldest unsent event, the NATS connection, Node's own
// process metrics; and the series a service adds for its domain, read from its database when
// scraped (active holds, the mail outbox). A service answers GET /metrics on its own port, which
// the gateway never routes; the gateway answers on a port of its own (METRICS_PORT).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import client from 'prom-client';
import type { NatsConn } from './nats.js';
import type { Pool, Queryable } from './db.js';

export const metricsRegistry = client.register;

let processMetrics = false;
/** Node's own metrics (CPU, memory, event loop lag, GC), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  client.collectDefaultMetrics({ register: metricsRegistry });
}

/** A metric registered once per process, however many apps (tests) ask for it. */
export function metricOnce<M extends client.Metric>(name: string, make: () => M): M {
  return (metricsRegistry.getSingleMetric(name) as M | undefined) ?? make();
}

const httpDuration = () =>
  metricOnce(
    'http_request_duration_seconds',
    () =>
      new client.Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time to answer an HTTP request, by method, route pattern and status',
        labelNames: ['method', 'route', 'status'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );
const httpInFlight = () => metricOnce('http_requests_in_flight', () => new client.Gauge({ name: 'http_requests_in_flight', help: 'HTTP requests being answered now' }));

/**
 * Counts one request in flight until its answer ends, then records how long it took under
 * `routeOf()` (read at the end, once the router has matched) and its status.
 */
export function observeRequest(req: IncomingMessage, res: ServerResponse, routeOf: () => string): void {
  const end = httpDuration().startTimer();
  const inFlight = httpInFlight();
  inFlight.inc();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    inFlight.dec();
    end({ method: req.method ?? 'GET', route: routeOf(), status: String(res.statusCode) });
  };
  res.once('finish', finish);
  res.once('close', finish);
}

/**
 * Times every request by its route pattern ('/api/products/:id', never the id itself, so the series
 * stay few) and counts those in flight. A request no route matched is 'unmatched'.
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    observeRequest(req, res, () => (req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched'));
    next();
  };
}

/** GET /metrics: the registry in Prometheus's text format. */
export function metricsHandler(): RequestHandler {
  return (_req, res, next) => {
    metricsRegistry.metrics().then((text) => void res.set('content-type', metricsRegistry.contentType).send(text), next);
  };
}

interface Watched {
  pools: Set<Pool>;
  outboxes: Set<Queryable>;
  /** Each NATS connection and whether it is up now (its status events say when it drops and returns). */
  nats: Map<NatsConn, { up: boolean }>;
}
const watched: Watched = { pools: new Set(), outboxes: new Set(), nats: new Map() };

function registerResourceGauges(): void {
  metricOnce(
    'pg_pool_connections',
    () =>
      new client.Gauge({
        name: 'pg_pool_connections',
        help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
        labelNames: ['state'],
        collect() {
          this.reset();
          for (const pool of watched.pools) {
            this.inc({ state: 'total' }, pool.totalCount);
            this.inc({ state: 'idle' }, pool.idleCount);
            this.inc({ state: 'waiting' }, pool.waitingCount);
          }
        },
      }),
  );
  metricOnce(
    'nats_connected',
    () =>
      new client.Gauge({
        name: 'nats_connected',
        help: '1 while the NATS connection is up, 0 while it is closed or reconnecting',
        collect() {
          let up = 0;
          for (const [nats, state] of watched.nats) up = state.up && !nats.nc.isClosed() ? 1 : 0;
          this.set(up);
        },
      }),
  );
  const backlog = metricOnce('outbox_pending_events', () => new client.Gauge({ name: 'outbox_pending_events', help: 'Events written to the outbox and not yet published to NATS' }));
  metricOnce(
    'outbox_oldest_pending_age_seconds',
    () =>
      new client.Gauge({
        name: 'outbox_oldest_pending_age_seconds',
        help: 'Age of the oldest event not yet published (0 when none waits)',
        async collect() {
          let pending = 0;
          let oldest = 0;
          for (const db of watched.outboxes) {
            const { rows } = await db
              .query<{ pending: number; oldest: number | null }>(
                `SELECT count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM outbox WHERE published_at IS NULL`,
              )
              .catch(() => ({ rows: [] as Array<{ pending: number; oldest: number | null }> }));
            pending += rows[0]?.pending ?? 0;
            oldest = Math.max(oldest, rows[0]?.oldest ?? 0);
          }
          backlog.set(pending);
          this.set(oldest);
        },
      }),
  );
}

/** Reports a running service's pool, outbox and NATS connection on /metrics; answers a function that stops it. */
export function watchServiceResources({ pool, nats }: { pool: Pool; nats?: NatsConn }): () => void {
  registerResourceGauges();
  watched.pools.add(pool);
  watched.outboxes.add(pool);
  if (nats) {
    const state = { up: true };
    watched.nats.set(nats, state);
    void (async () => {
      for await (const status of nats.nc.status()) {
        if (status.type === 'disconnect') state.up = false;
        else if (status.type === 'reconnect') state.up = true;
      }
    })().catch(() => undefined);
  }
  return () => {
    watched.pools.delete(pool);
    watched.outboxes.delete(pool);
    if (nats) watched.nats.delete(nats);
  };
}

/**
 * A gauge read from the service's database when scraped: a domain series such as the holds active
 * now or the mails waiting. `sql` answers one row with a numeric `value`.
 */
export function databaseGauge({ name, help, db, sql }: { name: string; help: string; db: Queryable; sql: string }): void {
  metricOnce(
    name,
    () =>
      new client.Gauge({
        name,
        help,
        async collect() {
          const { rows } = await db.query<{ value: number }>(sql).catch(() => ({ rows: [] as Array<{ value: number }> }));
          this.set(Number(rows[0]?.value ?? 0));
        },
      }),
  );
}

export { client as prometheus };
