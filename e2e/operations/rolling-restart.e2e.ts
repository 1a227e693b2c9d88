// Many instances under load while each is restarted in turn (issue 15, decision 039). Two gateways
// and two instances of every service share one PostgreSQL and one nats-server (the test's own, so
// its durable consumers meet no other suite's); the gateways and the services list both instances
// of each peer (CATALOG_URL=a,b …). Behind a small balancer (round-robin over the gateways whose
// /readyz says ready, as a real one does), clients play shoppers (browse, add to cart, pay by
// test card) and browsers with open sockets for 60 s, while one instance of each service and then
// one gateway is stopped with SIGTERM and started again. What must hold:
//   - no request fails that a client would not retry (a 503 with Retry-After, or a refused connection);
//   - no unit is sold twice: what the orders hold never exceeds the stock there was;
//   - every order a shopper was told about is there once, and there is no other;
//   - every socket that stayed open received every inventory event written meanwhile, each once;
//   - the sockets of the restarted gateway reconnect, and read the stock again.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort, REMOTES, root, SERVICES, startProcess, type StartedProcess } from '../../scripts/local-stack.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { startNatsServer, until } from '../support/nats-server';
import { createTestDatabase } from '../support/shop';
import { TEST_CARD } from '../support/shopper';

const LOAD_MS = 60_000;
const SHOPPERS = 3;
const BROWSERS = 2;
const SOCKETS_PER_GATEWAY = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
  requests: number;
  retries: number;
  retriedBecause: Record<string, number>;
  failures: string[];
  /** Steps the shop refused with 409 (sold out, held by another shopper). */
  refusedAdds: number;
  orders: string[];
  restarts: string[];
}

/** What came back, or why nothing did; `reused`: the request went out on a kept-alive connection. */
type Sent = { status: number; headers: http.IncomingHttpHeaders; text: string } | { error: NodeJS.ErrnoException; reused: boolean };

/** Connections to the gateways are kept and reused, as a browser keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function send(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Sent> {
  return new Promise((resolve) => {
    const req = http.request(url, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, agent, timeout: 15_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', (error) => resolve({ error, reused: false }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error, reused: req.reusedSocket }));
    req.end(body);
  });
}

/**
 * One browser's calls: its own cookies, each call to the next gateway in turn, sent again when a
 * browser would: the shop's 503 with Retry-After, a refused connection (nothing was sent), a
 * kept-alive connection found closed before any answer (the server closed it idle: Node's and
 * browsers' documented retry), and any failed read.
 */
function shopClient(gateways: () => string[], origin: string, figures: Figures) {
  const jar = new Map<string, string>();
  let turn = Math.floor(Math.random() * 2);
  return async function call(method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; json: any }> {
    for (let attempt = 1; ; attempt++) {
      const list = gateways();
      const base = list[turn++ % list.length] as string;
      const headers: Record<string, string> = { origin, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const sent = await send(base + pathAndQuery, method, headers, body === undefined ? undefined : JSON.stringify(body));
      let why: string;
      if ('error' in sent) {
        const code = sent.error.code ?? sent.error.message;
        const safe = method === 'GET' || code === 'ECONNREFUSED' || (sent.reused && (code === 'ECONNRESET' || code === 'EPIPE'));
        if (!safe) {
          const failure = `${method} ${base}${pathAndQuery} -> ${code}${sent.reused ? ' (kept-alive connection)' : ''}`;
          figures.failures.push(failure);
          throw new Error(failure, { cause: sent.error });
        }
        why = `${code}${sent.reused ? ' on a kept-alive connection' : ''}`;
      } else {
        figures.requests++;
        for (const line of [sent.headers['set-cookie'] ?? []].flat()) {
          const [pair = ''] = line.split(';');
          const eq = pair.indexOf('=');
          jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
        if (sent.status === 503 && sent.headers['retry-after'] !== undefined) {
          why = `503 ${method} ${pathAndQuery.split('?')[0]}`;
        } else {
          if (sent.status >= 500) figures.failures.push(`${method} ${pathAndQuery} -> ${sent.status} ${sent.text.slice(0, 200)}`);
          let json: unknown;
          try {
            json = sent.text ? JSON.parse(sent.text) : undefined;
          } catch {
            json = undefined;
          }
          return { status: sent.status, json };
        }
      }
      figures.retries++;
      figures.retriedBecause[why] = (figures.retriedBecause[why] ?? 0) + 1;
      if (attempt >= 30) {
        figures.failures.push(`${method} ${pathAndQuery}: still ${why} after ${attempt} tries`);
        throw new Error(`gave up: ${why}`);
      }
      await sleep(200);
    }
  };
}

/**
 * What a balancer in front of the gateways does: asks each gateway's /readyz every 250 ms and sends
 * only to those that answer ready (all of them while none does). A gateway that is draining for a
 * restart says so there, and gets no new connection before it closes.
 */
function balancer(gatewayUrls: readonly string[]): { ready(): string[]; stop(): void } {
  const ready = new Set(gatewayUrls);
  const timer = setInterval(() => {
    for (const url of gatewayUrls) {
      void fetch(`${url}/readyz`, { signal: AbortSignal.timeout(500) }).then(
        (res) => (void res.body?.cancel(), res.ok ? ready.add(url) : ready.delete(url)),
        () => ready.delete(url),
      );
    }
  }, 250);
  return {
    ready: () => (ready.size > 0 ? gatewayUrls.filter((u) => ready.has(u)) : [...gatewayUrls]),
    stop: () => clearInterval(timer),
  };
}

interface SocketClient {
  name: string;
  received: string[];
  /** Closed by its gateway at least once (and connected again). */
  reconnects: number;
  resyncs: number;
  closedEver: boolean;
  close(): void;
}

/** A browser's live socket: on a close it connects again to the next gateway in turn and reads the stock again (as the shell does). */
function openSocket(name: string, first: string, gateways: () => string[], origin: string, resync: () => Promise<void>): Promise<SocketClient> {
  const client: SocketClient = { name, received: [], reconnects: 0, resyncs: 0, closedEver: false, close: () => {} };
  let stopping = false;
  let turn = 0;
  const connect = (base: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { Origin: origin } });
      ws.once('error', reject);
      ws.once('open', () => {
        resolve(ws);
        // Only an open socket that closes is connected again (a failed attempt is retried by reconnect).
        ws.once('close', () => {
          if (stopping) return;
          client.closedEver = true;
          void reconnect();
        });
      });
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; id: string };
        if (message.type === 'inventory.updated') client.received.push(message.id);
      });
    });
  const reconnect = async () => {
    while (!stopping) {
      const list = gateways();
      const base = list[turn++ % list.length] as string;
      try {
        current = await connect(base);
        if (stopping) return current.close();
        client.reconnects++;
        await resync();
        client.resyncs++;
        return;
      } catch {
        await sleep(250);
      }
    }
  };
  let current: WebSocket;
  return connect(first).then((ws) => {
    current = ws;
    client.close = () => {
      stopping = true;
      current.close();
    };
    return client;
  });
}

describe('two of everything under load, each restarted in turn', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-rolling-'));
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let nats: ChildProcess;
  const processes = new Map<string, StartedProcess>();
  const remotes: Array<{ close(): Promise<void> }> = [];
  const sockets: SocketClient[] = [];
  let pool: pg.Pool;
  let front: ReturnType<typeof balancer> | undefined;
  /** The load and the restarts run while this holds; a failed test ends them before tearing down. */
  let loading = true;
  let restarting: Promise<void> = Promise.resolve();

  afterAll(async () => {
    loading = false;
    // A restart under way finishes (and its process is registered) before everything is stopped.
    await restarting.catch(() => {});
    front?.stop();
    for (const s of sockets) s.close();
    agent.destroy();
    await Promise.all([...processes.values()].map((p) => p.stop()));
    await Promise.all(remotes.map((r) => r.close()));
    await pool?.end();
    nats?.kill('SIGTERM');
    await db?.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves every request, sells no unit twice, loses no order and delivers every event', async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const natsPort = await freePort();
    nats = await startNatsServer(natsPort, path.join(dir, 'nats'));

    const ports: Record<string, number[]> = {};
    for (const name of ['gateway', ...SERVICES.map((s) => s.name)]) ports[name] = [await freePort(), await freePort()];
    const urlsOf = (name: string) => (ports[name] as number[]).map((p) => `http://127.0.0.1:${p}`);
    const gatewayUrls = urlsOf('gateway');
    const origin = `http://localhost:${(ports.gateway as number[])[0]}`;

    const remoteUrls: Record<string, string> = {};
    for (const remote of REMOTES) {
      const server = await serveStatic({ dir: path.join(root, remote.app, 'dist'), port: await freePort() });
      remotes.push(server);
      remoteUrls[remote.urlVar] = `http://127.0.0.1:${server.port}/mf-manifest.json`;
    }

    const common: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      ENV_FILE: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      PUBLIC_ORIGIN: origin,
      // SHUTDOWN_DRAIN_MS unset: the default drain (2 s) a deployment gets; the gateways probe every second.
      // Every instance shares the secrets, as replicas of one deployment do.
      INTERNAL_API_TOKEN: randomBytes(32).toString('base64url'),
      POS_SETTINGS_KEY: randomBytes(32).toString('hex'),
      ORDER_LINK_SECRET: randomBytes(32).toString('hex'),
      GATEWAY_JWKS_URL: gatewayUrls.map((u) => `${u}/.well-known/jwks.json`).join(','),
      ...Object.fromEntries(SERVICES.map((s) => [s.urlVar, urlsOf(s.name).join(',')])),
      ...remoteUrls,
    };
    const start = (name: string, i: number) => {
      const port = (ports[name] as number[])[i] as number;
      const isGateway = name === 'gateway';
      const dirOf = isGateway ? 'gateway' : (SERVICES.find((s) => s.name === name) as { dir: string }).dir;
      return startProcess({
        name: `${name}#${i + 1}`,
        script: path.join(root, dirOf, 'dist/main.js'),
        env: { ...common, PORT: String(port), ...(isGateway ? { JWT_KEY_FILE: path.join(dir, 'jwt-keys.json'), METRICS_PORT: '0' } : {}) },
        readyUrl: `http://127.0.0.1:${port}/${isGateway ? 'healthz' : 'readyz'}`,
        log: (line) => console.log(line),
        quiet: true,
      }).then((proc) => void processes.set(`${name}#${i + 1}`, proc));
    };
    // The first instance of each migrates and seeds; the second finds it done. The gateways come last.
    for (const i of [0, 1]) await Promise.all(SERVICES.map((s) => start(s.name, i)));
    for (const i of [0, 1]) await start('gateway', i);
    for (const url of gatewayUrls) await until(async () => (await fetch(`${url}/readyz`)).ok, `${url} ready`);

    const figures: Figures = { requests: 0, retries: 0, retriedBecause: {}, failures: [], refusedAdds: 0, orders: [], restarts: [] };
    front = balancer(gatewayUrls);
    const gateways = front.ready;
    const reader = shopClient(gateways, origin, figures);
    const listed = (await reader('GET', '/api/products?limit=100&inStock=true')).json.data as Array<{
      id: string;
      oneOfAKind: boolean;
      variants: Array<{ sku: string; totalAvailable: number; inventoryLevels: Array<{ locationId: string; onHand: number; reserved: number }> }>;
    }>;
    const variants = listed.flatMap((p) => p.variants.filter((v) => v.totalAvailable > 0).map((v) => ({ ...v, productId: p.id, unique: p.oneOfAKind })));
    expect(variants.length).toBeGreaterThan(10);
    const stockBefore = new Map<string, number>(
      (await pool.query<{ sku: string; on_hand: string }>('SELECT v.sku, sum(l.on_hand) AS on_hand FROM catalog.variants v JOIN catalog.inventory_levels l ON l.variant_id = v.id GROUP BY v.sku')).rows.map((r) => [r.sku, Number(r.on_hand)]),
    );

    // Sockets: two on each gateway; the second gateway is the one restarted.
    for (const [g, base] of gatewayUrls.entries()) {
      for (let k = 0; k < SOCKETS_PER_GATEWAY; k++) {
        sockets.push(await openSocket(`gateway#${g + 1} socket ${k + 1}`, base, gateways, origin, async () => void (await reader('GET', '/api/products?limit=100&inStock=true'))));
      }
    }
    await sleep(300);
    const seqBefore = Number((await pool.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM catalog.outbox')).rows[0]?.seq ?? 0);

    const shopper = async (n: number) => {
      for (let round = 0; loading; round++) {
        // A new browser each round: a guest with an empty cart.
        const call = shopClient(gateways, origin, figures);
        const pick = variants[(n * 7 + round * 3) % variants.length] as (typeof variants)[number];
        const add = await call('POST', '/api/cart/lines', { variantId: pick.sku, qty: 1 });
        // 409: sold out, or held by another shopper (one-of-a-kind items are fought over here) — the shop's honest answer.
        const refused = (res: { status: number }) => res.status === 409 && (figures.refusedAdds++, true);
        if (refused(add)) continue;
        if (add.status !== 201) throw new Error(`add answered ${add.status}: ${JSON.stringify(add.json)}`);
        const locationId = pick.inventoryLevels[0]?.locationId;
        const checkout = await call('PUT', '/api/cart/checkout', { fulfilment: { type: 'pickup', locationId }, email: `rolling-${n}-${round}@example.com` });
        if (refused(checkout)) continue;
        if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}: ${JSON.stringify(checkout.json)}`);
        const intent = await call('POST', '/api/create-payment-intent');
        if (refused(intent)) continue;
        if (intent.status !== 200) throw new Error(`payment intent answered ${intent.status}: ${JSON.stringify(intent.json)}`);
        const confirm = await call('POST', '/api/payments/test-card/confirm', { clientSecret: intent.json.clientSecret, ...TEST_CARD });
        if (confirm.status !== 200 || confirm.json.status !== 'succeeded') throw new Error(`payment answered ${confirm.status}: ${JSON.stringify(confirm.json)}`);
        figures.orders.push(confirm.json.orderId as string);
      }
    };
    const browser = async (n: number) => {
      const call = shopClient(gateways, origin, figures);
      for (let round = 0; loading; round++) {
        const v = variants[(n + round) % variants.length] as (typeof variants)[number];
        const answers = await Promise.all([call('GET', '/'), call('GET', `/api/products?limit=24${round % 2 ? '&inStock=true' : ''}`), call('GET', `/api/products/${v.productId}`)]);
        for (const a of answers) if (a.status !== 200) throw new Error(`a read answered ${a.status}: ${JSON.stringify(a.json)}`);
        const manifest = await fetch(Object.values(remoteUrls)[round % REMOTES.length] as string);
        if (!manifest.ok) throw new Error(`a remote's manifest answered ${manifest.status}`);
      }
    };
    const restarts = async () => {
      const order = [...SERVICES.map((s) => `${s.name}#1`), 'gateway#2'];
      const slot = (LOAD_MS - 10_000) / order.length;
      for (const [k, name] of order.entries()) {
        await sleep(Math.max(0, 5000 + k * slot - (Date.now() - loadStarted)));
        if (!loading) return;
        const t0 = Date.now();
        await (processes.get(name) as StartedProcess).stop();
        const [service, i] = name.split('#') as [string, string];
        await start(service, Number(i) - 1);
        figures.restarts.push(`${name} stopped and serving again in ${Date.now() - t0} ms`);
      }
    };

    const loadStarted = Date.now();
    const work = Promise.all([
      ...Array.from({ length: SHOPPERS }, (_, n) => shopper(n)),
      ...Array.from({ length: BROWSERS }, (_, n) => browser(n)),
    ]);
    restarting = restarts();
    // The load goes on for LOAD_MS and until every restart is done: on a busy machine one restart
    // took 19 s, and the last (a gateway's) was once left out of a load that had ended.
    const stopLoad = Promise.all([sleep(LOAD_MS), restarting]).then(() => (loading = false));
    await Promise.all([work.catch((err: unknown) => ((loading = false), Promise.reject(err))), restarting, stopLoad]);

    // Every event written meanwhile is published, then has had time to arrive.
    await until(async () => Number((await pool.query('SELECT count(*) AS n FROM catalog.outbox WHERE published_at IS NULL')).rows[0].n) === 0, 'the outbox to drain');
    await sleep(2000);
    const expected = (await pool.query<{ id: string }>("SELECT id FROM catalog.outbox WHERE seq > $1 AND type = 'inventory.updated'", [seqBefore])).rows.map((r) => r.id);
    for (const s of sockets) s.close();

    const stayed = sockets.filter((s) => !s.closedEver);
    const eventFigures = stayed.map((s) => {
      const got = new Set(s.received);
      return { name: s.name, delivered: expected.filter((id) => got.has(id)).length, expected: expected.length, repeated: s.received.length - got.size };
    });
    const reconnected = sockets.filter((s) => s.closedEver).map((s) => ({ name: s.name, reconnects: s.reconnects, resyncs: s.resyncs }));

    const ordersInDb = (await pool.query<{ id: string; stock_state: string }>('SELECT id, stock_state FROM cart.orders')).rows;
    const sold = (await pool.query<{ sku: string; qty: string }>("SELECT l->>'sku' AS sku, sum((l->>'qty')::int) AS qty FROM cart.orders, jsonb_array_elements(lines) l GROUP BY 1")).rows;
    const oversold = sold.filter((r) => Number(r.qty) > (stockBefore.get(r.sku) ?? 0)).map((r) => `${r.sku}: sold ${r.qty} of ${stockBefore.get(r.sku)}`);
    const stockAfter = new Map<string, number>(
      (await pool.query<{ sku: string; on_hand: string }>('SELECT v.sku, sum(l.on_hand) AS on_hand FROM catalog.variants v JOIN catalog.inventory_levels l ON l.variant_id = v.id GROUP BY v.sku')).rows.map((r) => [r.sku, Number(r.on_hand)]),
    );
    const stockMismatch = sold.filter((r) => (stockBefore.get(r.sku) ?? 0) - Number(r.qty) !== stockAfter.get(r.sku)).map((r) => `${r.sku}: ${stockBefore.get(r.sku)} - ${r.qty} sold != ${stockAfter.get(r.sku)} on hand`);

    console.log(
      [
        `rolling restart under load for ${LOAD_MS / 1000} s: ${figures.requests} requests, ${figures.retries} retried (${JSON.stringify(figures.retriedBecause)}), ${figures.failures.length} failed`,
        `  restarts: ${figures.restarts.join('; ')}`,
        `  orders: ${figures.orders.length} confirmed to shoppers, ${ordersInDb.length} in the database (${new Set(figures.orders).size} distinct), ${ordersInDb.filter((o) => o.stock_state !== 'committed').length} not committed; steps refused as sold out or held: ${figures.refusedAdds}`,
        `  units sold: ${sold.reduce((n, r) => n + Number(r.qty), 0)} over ${sold.length} skus; oversold: ${oversold.length}; stock that does not add up: ${stockMismatch.length}`,
        `  inventory events: ${expected.length} written; ${eventFigures.map((e) => `${e.name} ${e.delivered}/${e.expected} (${e.repeated} repeated)`).join(', ')}`,
        `  reconnected: ${reconnected.map((r) => `${r.name} ${r.reconnects} reconnect(s), ${r.resyncs} resync(s)`).join(', ')}`,
      ].join('\n'),
    );

    expect(figures.failures).toEqual([]);
    expect(oversold).toEqual([]);
    expect(stockMismatch).toEqual([]);
    expect(new Set(figures.orders).size).toBe(figures.orders.length);
    expect(ordersInDb.map((o) => o.id).sort()).toEqual([...figures.orders].sort());
    expect(ordersInDb.filter((o) => o.stock_state !== 'committed')).toEqual([]);
    expect(figures.orders.length).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(0);
    // The first gateway's sockets stayed open through every restart but their own gateway's.
    expect(stayed.map((s) => s.name)).toEqual(sockets.filter((s) => s.name.startsWith('gateway#1')).map((s) => s.name));
    for (const e of eventFigures) expect([e.name, e.delivered, e.repeated]).toEqual([e.name, e.expected, 0]);
    expect(reconnected.map((r) => r.name)).toEqual(sockets.filter((s) => s.name.startsWith('gateway#2')).map((s) => s.name));
    for (const r of reconnected) expect(r.resyncs).toBeGreaterThanOrEqual(1);
    expect(figures.restarts).toHaveLength(SERVICES.length + 1);
  }, 300_000);
});
