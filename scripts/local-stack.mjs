// Starts the whole shop as separate local processes: PostgreSQL (embedded unless DATABASE_URL),
// NATS (NATS_URL, a running local server, a nats-server binary, or the embedded fallback), the
// four services, the gateway and the four remotes, each on its own port. Used by `npm start`,
// the end-to-end tests and the benchmarks, so all three run the same system.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './serve-static.mjs';
import { startEmbeddedNats } from './embedded-nats.mjs';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVICES = [
  { name: 'identity', dir: 'services/identity', portVar: 'IDENTITY_PORT', port: 5101, urlVar: 'IDENTITY_URL' },
  { name: 'catalog', dir: 'services/catalog', portVar: 'CATALOG_PORT', port: 5102, urlVar: 'CATALOG_URL' },
  { name: 'cart', dir: 'services/cart', portVar: 'CART_PORT', port: 5103, urlVar: 'CART_URL' },
  { name: 'pos-sync', dir: 'services/pos-sync', portVar: 'POS_SYNC_PORT', port: 5104, urlVar: 'POS_SYNC_URL' },
];
/** The reference POS (stand-ins/pos-reference): a stand-in for the store's POS vendor, not part of the shop. */
export const REFERENCE_POS = { dir: 'stand-ins/pos-reference', portVar: 'POS_PORT', port: 5300 };

export const REMOTES = [
  { app: 'mf-catalog', portVar: 'MF_CATALOG_PORT', port: 5201, urlVar: 'REMOTE_MF_CATALOG_URL' },
  { app: 'mf-cart-checkout', portVar: 'MF_CART_CHECKOUT_PORT', port: 5202, urlVar: 'REMOTE_MF_CART_CHECKOUT_URL' },
  { app: 'mf-account', portVar: 'MF_ACCOUNT_PORT', port: 5203, urlVar: 'REMOTE_MF_ACCOUNT_URL' },
  { app: 'mf-admin', portVar: 'MF_ADMIN_PORT', port: 5204, urlVar: 'REMOTE_MF_ADMIN_URL' },
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function isPortOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Where freePort picks: below Linux's ephemeral range (32768+), because a port from listen(0) is
 * an ephemeral one, which an outgoing connection (to PostgreSQL, NATS, a browser) can take before
 * our process binds it. Under jest each worker (JEST_WORKER_ID 1 to 8; a ninth shares the first's)
 * picks from a slice of its own, so files run side by side (the unit run uses two workers; e2e runs
 * one file at a time, see e2e/jest.config.js) never meet: a file that stops a server and starts it
 * again on the same port cannot find another file's process there meanwhile.
 */
export function portRange(env = process.env) {
  const worker = Number(env.JEST_WORKER_ID);
  if (!Number.isInteger(worker) || worker < 1) return { from: 20000, span: 12000 };
  const slices = 8;
  const span = 12000 / slices;
  return { from: 20000 + ((worker - 1) % slices) * span, span };
}

/** A port that is free now, for a process started next (from portRange). */
const handedOut = new Set();
export async function freePort() {
  const { from, span } = portRange();
  for (;;) {
    const port = from + Math.floor(Math.random() * span);
    // Never the same port twice from this process: a stack asks for nine before starting any.
    if (handedOut.has(port)) continue;
    const free = await new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
    });
    if (free) {
      handedOut.add(port);
      return port;
    }
  }
}

/** PostgreSQL: DATABASE_URL when set, else the real PostgreSQL the embedded-postgres packages ship. */
export async function startDatabase({ env = process.env, log }) {
  if (env.DATABASE_URL) {
    log(`database: using DATABASE_URL`);
    return { url: env.DATABASE_URL, kind: 'external', stop: async () => {} };
  }
  const dataDir = path.resolve(env.EMBEDDED_PG_DIR ?? path.join(root, '.data/postgres'));
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  const pg = await startEmbeddedPostgres({ dataDir, port, log });
  const client = new (await import('pg')).default.Client({ connectionString: pg.url });
  await client.connect();
  const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'shop'`);
  if (exists.rowCount === 0) await client.query('CREATE DATABASE shop');
  await client.end();
  log(`database: embedded PostgreSQL on 127.0.0.1:${port} (data in ${pg.dataDir})`);
  return { url: pg.url.replace(/\/postgres$/, '/shop'), kind: 'embedded', dataDir: pg.dataDir, stop: pg.stop };
}

/**
 * `npm start`'s database: DATABASE_URL, else scripts/embedded-db.mjs in its own process group,
 * stopped last (after every service has closed its pool).
 */
export async function startDatabaseProcess({ env = process.env, log }) {
  if (env.DATABASE_URL) return startDatabase({ env, log });
  const child = spawn(process.execPath, [path.join(root, 'scripts/embedded-db.mjs')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (d) => String(d).split('\n').filter(Boolean).forEach((line) => log(line)));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited during start (code ${code})`)));
  });
  return {
    url,
    kind: 'embedded',
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The nats-server binary on PATH; null when there is none. `orSbin`: for tests and the bench, also
 * Debian's /usr/sbin one when PATH lacks it. npm start looks on PATH only: a newcomer's check hides
 * the binary from PATH so that the embedded fallback is what runs.
 */
export function natsServerBinary({ orSbin = false } = {}) {
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  return orSbin && existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : null;
}

/**
 * Starts a nats-server with JetStream on 127.0.0.1:`port`, its store in `storeDir`; resolves once it
 * answers there under its own name (throws if it exits first, or after 10 s). `detached`: in a process group of its own (npm start: Ctrl-C
 * in the terminal reaches npm start, which stops it in turn; nats-server exits with code 1 on
 * SIGINT, which a supervisor would take for a crash). The one starter every caller uses.
 */
export async function spawnNatsServer({ binary = natsServerBinary({ orSbin: true }), port, storeDir, detached = false }) {
  if (!binary) throw new Error('no nats-server binary (apt-get install nats-server)');
  mkdirSync(storeDir, { recursive: true });
  // Named, so that what answers on the port is known to be this server: another process that took
  // the port meanwhile (a test restarting its server there) would otherwise pass for it.
  const name = `pl-${process.pid}-${randomBytes(4).toString('hex')}`;
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, '-n', name], { stdio: 'ignore', detached });
  let exited = null;
  child.on('exit', (code, signal) => (exited = signal ?? `code ${code}`));
  for (let i = 0; (await natsServerNameOn(port)) !== name; i++) {
    if (exited) throw new Error(`nats-server exited during start (${exited})`);
    if (i === 100) throw new Error(`nats-server did not answer on ${port} within 10 s`);
    await sleep(100);
  }
  return {
    child,
    url: `nats://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The server_name a NATS server on 127.0.0.1:`port` gives in its INFO greeting; null when none answers. */
function natsServerNameOn(port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let greeting = '';
    const done = (name) => {
      socket.destroy();
      resolve(name);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.on('error', () => done(null));
    socket.on('data', (chunk) => {
      greeting += chunk.toString('utf8');
      const end = greeting.indexOf('\r\n');
      if (end === -1) return;
      const line = greeting.slice(0, end);
      try {
        done(line.startsWith('INFO ') ? (JSON.parse(line.slice(5)).server_name ?? null) : null);
      } catch {
        done(null);
      }
    });
  });
}

/**
 * NATS, in order of preference: NATS_URL; a server already listening on 127.0.0.1:4222; a
 * nats-server binary on PATH (started with JetStream; with `supervised`, started again if it
 * crashes); else the embedded core-protocol fallback, which runs inside this process.
 */
export async function startNats({ env = process.env, log, supervised = false }) {
  if (env.NATS_URL) {
    log(`events: using NATS_URL`);
    return { url: env.NATS_URL, kind: 'external', stop: async () => {} };
  }
  if (await isPortOpen(4222)) {
    log('events: using the NATS server already running on 127.0.0.1:4222');
    return { url: 'nats://127.0.0.1:4222', kind: 'local', stop: async () => {} };
  }
  const binary = natsServerBinary();
  if (binary) {
    const start = () => spawnNatsServer({ binary, port: 4222, storeDir: path.join(root, '.data/nats'), detached: true });
    const proc = supervised ? await supervise({ name: 'nats-server', start, log }) : await start();
    log(`events: started ${binary} with JetStream on 127.0.0.1:4222`);
    return { url: 'nats://127.0.0.1:4222', kind: 'nats-server', stop: proc.stop };
  }
  const broker = await startEmbeddedNats({ port: 4222 });
  log('');
  log('events: WARNING no NATS_URL and no nats-server found: using the EMBEDDED NATS FALLBACK');
  log('        (same subjects and client protocol across processes: every flow works while the shop runs,');
  log('        but with no JetStream an event published while a service is down is lost; durability');
  log('        across restarts needs a real NATS). Install nats-server or set NATS_URL for production-like runs.');
  log('');
  return { url: broker.url, kind: 'embedded', stop: broker.close };
}

/**
 * For tests and benchmarks: DATABASE_URL, else the PostgreSQL on 127.0.0.1:5432, else a throwaway
 * embedded one.
 */
export async function findTestDatabase({ env = process.env, log = () => {} } = {}) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  if (await isPortOpen(5432)) return { url: 'postgres://postgres@127.0.0.1:5432/postgres', stop: async () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-test-pg-'));
  return startDatabase({ env: { EMBEDDED_PG_DIR: dir, EMBEDDED_PG_PORT: '54339' }, log });
}

/**
 * For tests and benchmarks: a NATS with JetStream from NATS_URL, 127.0.0.1:4222 or a nats-server
 * binary (never the embedded fallback, which has no JetStream). url is null when none exists.
 */
export async function findTestNats({ env = process.env } = {}) {
  if (env.NATS_URL) return { url: env.NATS_URL, stop: async () => {} };
  if (await isPortOpen(4222)) return { url: 'nats://127.0.0.1:4222', stop: async () => {} };
  if (!natsServerBinary({ orSbin: true })) return { url: null, stop: async () => {} };
  return ownNats(4222);
}

/** A nats-server on `port` with a throwaway store, removed when it stops. */
async function ownNats(port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pl-test-nats-'));
  const server = await spawnNatsServer({ port, storeDir: dir });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A nats-server of the caller's own (JetStream, a fresh store, a free port) when the machine has the
 * binary, for a run whose durable consumers must start on an empty stream (the bench: the shared
 * server keeps every earlier run's events for a week); else what findTestNats finds.
 */
export async function startPrivateNats({ env = process.env } = {}) {
  if (env.NATS_URL || !natsServerBinary({ orSbin: true })) return findTestNats({ env });
  return ownNats(await freePort());
}

const STANDARD_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'err', 'v']);
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Prints a child's JSON log lines as `[name] level message`, keeping the request id. */
function pipeLogs(name, stream, log) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line);
        const fields = Object.entries(entry)
          .filter(([k, v]) => !STANDARD_FIELDS.has(k) && v !== null && typeof v !== 'object')
          .map(([k, v]) => `${k}=${v}`)
          .join(' ');
        const err = entry.err?.message ? `: ${entry.err.message}` : '';
        log(`[${name}] ${LEVELS[entry.level] ?? entry.level} ${entry.msg ?? ''}${err}${fields ? `  ${fields}` : ''}`);
      } catch {
        log(`[${name}] ${line}`);
      }
    }
  });
}

/**
 * Keeps one process running for `npm start`: when it crashes (exits non-zero or is killed), it is started
 * again after a back-off (1 s, doubling up to 30 s; from 1 s again once it had run a minute), and
 * every exit and restart is logged. `start` starts it (resolving once it is ready) and answers
 * `{ child, stop }`; so does this, its `child` always the one running now.
 */
export async function supervise({ name, start, log }) {
  let current = await start();
  let stopping = false;
  let delay = 1000;
  const backOff = async () => {
    await sleep(delay);
    delay = Math.min(delay * 2, 30_000);
  };
  const watch = (proc) => {
    const startedAt = Date.now();
    proc.child.once('exit', async (code, signal) => {
      // A clean exit (code 0) is a process that was asked to stop and did: Ctrl-C reaches the whole
      // terminal process group, and our processes close gracefully on SIGINT and SIGTERM. A crash
      // exits non-zero or by a signal it did not handle (SIGKILL).
      if (stopping || code === 0 || signal === 'SIGINT') return;
      if (Date.now() - startedAt > 60_000) delay = 1000;
      log(`[${name}] exited unexpectedly (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s`);
      await backOff();
      while (!stopping) {
        try {
          const next = await start();
          if (stopping) return void (await next.stop());
          current = next;
          log(`[${name}] running again (pid ${current.child.pid})`);
          return watch(current);
        } catch (err) {
          log(`[${name}] could not start again: ${String(err?.message ?? err).split('\n')[0]}; next try in ${delay / 1000} s`);
          await backOff();
        }
      }
    });
  };
  watch(current);
  return {
    get child() {
      return current.child;
    },
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}

/** Spawns one Node process and waits until its /readyz answers 200. */
export async function startProcess({ name, script, env, readyUrl, log, quiet = false, timeoutMs = 60_000 }) {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited = null;
  const recent = [];
  const keep = (line) => {
    recent.push(line);
    if (recent.length > 40) recent.shift();
    if (!quiet) log(line);
  };
  pipeLogs(name, child.stdout, keep);
  pipeLogs(name, child.stderr, keep);
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const deadline = Date.now() + timeoutMs;
  // What the last readiness check saw, for the error when it never turns ready.
  let lastAnswer = 'no answer yet';
  for (;;) {
    if (exited) throw new Error(`${name} exited during start (${JSON.stringify(exited)}):\n${recent.join('\n')}`);
    try {
      const res = await fetch(readyUrl, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
      lastAnswer = `${res.status} ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      lastAnswer = `not listening (${err?.cause?.code ?? err?.name ?? 'error'})`;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready at ${readyUrl} within ${timeoutMs / 1000} s (last: ${lastAnswer}):\n${recent.join('\n')}`);
    }
    await sleep(150);
  }
  return {
    name,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The reference POS as its own process, with its URL and API key (POS_API_KEY, else a fresh one).
 * `seed` is POS_SEED: 'demo', 'none' or a number of generated products.
 */
export async function startReferencePosProcess({ env = process.env, port, seed, log = console.log, quiet = false }) {
  const posPort = Number(port ?? env[REFERENCE_POS.portVar] ?? REFERENCE_POS.port);
  const apiKey = env.POS_API_KEY || `pos_test_${randomBytes(16).toString('hex')}`;
  const url = `http://127.0.0.1:${posPort}`;
  const proc = await startProcess({
    name: 'reference-pos',
    script: path.join(root, REFERENCE_POS.dir, 'dist/main.js'),
    env: { ...env, POS_PORT: String(posPort), POS_HOST: env.POS_HOST || '127.0.0.1', POS_API_KEY: apiKey, POS_SEED: String(seed ?? env.POS_SEED ?? 'demo') },
    readyUrl: `${url}/`,
    log,
    quiet,
  });
  return { url, apiKey, pid: proc.child.pid, stop: proc.stop };
}

/**
 * Starts services, gateway and remotes against the given database and NATS. Ports come from
 * `ports` (tests pass free ones) or the environment, else the documented defaults. The reference
 * POS starts too unless `referencePos` is false.
 */
export async function startShop({ databaseUrl, natsUrl, env = process.env, ports = {}, log = console.log, quiet = false, jwtKeyFile, referencePos = true, posSeed, supervised = false }) {
  // npm start keeps every process running (supervise); tests and the bench see a crash as it is.
  const run = (name, start) => (supervised ? supervise({ name, start, log }) : start());
  const stops = [];
  /** The shop's own Node processes (services and gateway): the bench pins them to one core. */
  const pids = [];
  /** The same, by service name ('gateway', 'catalog', …): the bench reads the catalog's memory. */
  const pidOf = {};
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  try {
    // Before the services: pos-sync's catch-up sync at start finds it up.
    const pos = referencePos ? await startReferencePosProcess({ env, port: ports.pos, seed: posSeed, log, quiet }) : null;
    if (pos) stops.push(pos.stop);
    const gatewayPort = Number(ports.gateway ?? env.PORT ?? 5000);
    const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${gatewayPort}`;
    const common = {
      ...env,
      // The caller has read the shop's .env (npm start does) and passes every variable on.
      ENV_FILE: '',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      GATEWAY_JWKS_URL: `http://127.0.0.1:${gatewayPort}/.well-known/jwks.json`,
      NODE_ENV: env.NODE_ENV ?? 'development',
      // Services write links (reset, verification e-mails) to the shop's own address.
      PUBLIC_ORIGIN: publicOrigin,
      // One instance of each, nothing balancing in front: a stop has no one to drain to (decision 039).
      SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? '0',
      // The services' shared secret for their internal APIs: fresh for every start unless given.
      INTERNAL_API_TOKEN: env.INTERNAL_API_TOKEN || randomBytes(32).toString('base64url'),
      // pos-sync's key for the POS secrets it stores; npm start passes one kept in .data.
      POS_SETTINGS_KEY: env.POS_SETTINGS_KEY || randomBytes(32).toString('hex'),
      // The cart's key for order e-mail links; npm start passes one kept in .data.
      ORDER_LINK_SECRET: env.ORDER_LINK_SECRET || randomBytes(32).toString('hex'),
    };
    // Every service knows where the others are (the cart calls the catalog's internal API).
    const servicePorts = Object.fromEntries(SERVICES.map((svc) => [svc.name, Number(ports[svc.name] ?? env[svc.portVar] ?? svc.port)]));
    const serviceUrls = Object.fromEntries(SERVICES.map((svc) => [svc.urlVar, `http://127.0.0.1:${servicePorts[svc.name]}`]));
    // allSettled, not all: when one service fails to start, the others' starts are waited for,
    // so stopAll below stops every process that did start (none is left running, holding the
    // database and keeping the caller's event loop alive).
    const started = await Promise.allSettled(
      SERVICES.map(async (svc) => {
        const port = servicePorts[svc.name];
        const proc = await run(svc.name, () => startProcess({
          name: svc.name,
          script: path.join(root, svc.dir, 'dist/main.js'),
          // Loopback only, whatever HOST the caller's shell has: only the gateway on this machine calls a service (decision 044).
          env: { ...common, ...serviceUrls, PORT: String(port), HOST: '127.0.0.1', ...(ports.dbSchemas?.[svc.name] ? { DB_SCHEMA: ports.dbSchemas[svc.name] } : {}) },
          readyUrl: `http://127.0.0.1:${port}/readyz`,
          log,
          quiet,
        }));
        stops.push(proc.stop);
        pids.push(proc.child.pid);
        pidOf[svc.name] = proc.child.pid;
      }),
    );
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const remoteUrls = {};
    const remoteServers = {};
    for (const remote of REMOTES) {
      const port = Number(ports[remote.app] ?? env[remote.portVar] ?? remote.port);
      const server = await serveStatic({ dir: path.join(root, remote.app, 'dist'), port });
      stops.push(server.close);
      remoteServers[remote.app] = server;
      remoteUrls[remote.urlVar] = env[remote.urlVar] ?? `http://localhost:${server.port}/mf-manifest.json`;
    }
    // Its /metrics port: METRICS_PORT if given (npm start passes 9464), else a free one (tests, bench).
    const metricsPort = Number(env.METRICS_PORT || ports.gatewayMetrics || (await freePort()));
    const gateway = await run('gateway', () => startProcess({
      name: 'gateway',
      script: path.join(root, 'gateway/dist/main.js'),
      env: {
        ...common,
        ...serviceUrls,
        ...remoteUrls,
        PORT: String(gatewayPort),
        METRICS_PORT: String(metricsPort),
        PUBLIC_ORIGIN: publicOrigin,
        ...(jwtKeyFile ? { JWT_KEY_FILE: jwtKeyFile } : {}),
      },
      readyUrl: `http://127.0.0.1:${gatewayPort}/readyz`,
      log,
      quiet,
    }));
    stops.push(gateway.stop);
    pids.push(gateway.child.pid);
    pidOf.gateway = gateway.child.pid;
    return { url: publicOrigin, gatewayPort, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, serviceUrls, remoteUrls, remoteServers, gateway, pos, pids, pidOf, internalApiToken: common.INTERNAL_API_TOKEN, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
