// Starting the shop is all or nothing: when one service cannot start, startShop stops every process
// that did start before it throws. A process left behind holds the test database (its drop then
// fails with 'being accessed by other users') and keeps the test runner from exiting; that is how a
// CI run once hung until its time ran out.
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { freePort, isPortOpen, SERVICES, startShop } from '../../scripts/local-stack.mjs';
import { createTestDatabase, NATS_URL, startTestShop, type TestShop } from '../support/shop.js';

describe('starting the shop', () => {
  it('leaves no process running when one service cannot start', async () => {
    const db = await createTestDatabase();
    // A port that accepts and drops every connection: pos-sync cannot listen there and exits.
    const squatter = net.createServer((socket) => socket.destroy());
    const taken = await freePort();
    await new Promise<void>((resolve) => squatter.listen(taken, '127.0.0.1', resolve));
    const ports: Record<string, number> = { 'pos-sync': taken };
    for (const name of ['gateway', 'identity', 'catalog', 'cart', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin']) ports[name] = await freePort();
    try {
      await expect(
        startShop({ databaseUrl: db.url, natsUrl: NATS_URL, ports, quiet: true, log: () => {}, referencePos: false, env: { ...process.env, LOG_LEVEL: 'warn' } }),
      ).rejects.toThrow(/pos-sync/);
      const others = SERVICES.filter((s) => s.name !== 'pos-sync').map((s) => ports[s.name] as number);
      const stillListening = await Promise.all(others.map((port) => isPortOpen(port, '127.0.0.1', 500)));
      expect(stillListening).toEqual(others.map(() => false));
    } finally {
      squatter.close();
      await db.drop();
    }
  });
});

describe('the shop as npm start runs it', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop?.stop());

  it('answers /metrics on each service and on the gateway\'s own port, never on its public one', async () => {
    expect((await fetch(`${shop.url}/api/products`)).status).toBe(200);
    const common = ['http_request_duration_seconds_bucket', 'http_requests_in_flight', 'pg_pool_connections{state="total"}', 'outbox_pending_events', 'outbox_oldest_pending_age_seconds', 'nats_connected 1', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds'];
    const own: Record<string, string[]> = {
      IDENTITY_URL: ['identity_mail_outbox_pending'],
      CATALOG_URL: ['catalog_active_holds', 'route="/api/products"'],
      CART_URL: [],
      POS_SYNC_URL: ['pos_sync_running', 'pos_sync_runs', 'pos_sync_last_run_duration_seconds'],
    };
    for (const [name, url] of Object.entries(shop.serviceUrls)) {
      const res = await fetch(`${url}/metrics`);
      expect([name, res.status, res.headers.get('content-type')]).toEqual([name, 200, expect.stringContaining('text/plain')]);
      const text = await res.text();
      for (const series of [...common, ...own[name]!]) expect([name, text.includes(series)]).toEqual([name, true]);
    }
    const gateway = await (await fetch(shop.metricsUrl)).text();
    for (const series of ['http_request_duration_seconds_bucket', 'route="/api/products"', 'ws_clients', 'ws_messages_sent_total', 'process_resident_memory_bytes']) {
      expect([series, gateway.includes(series)]).toEqual([series, true]);
    }
    const publicPort = await fetch(`${shop.url}/metrics`);
    expect([publicPort.status, await publicPort.json()]).toEqual([404, { message: 'Not found', code: 'NOT_FOUND' }]);
  });

  it('has every service listen on loopback only: no other interface of the machine reaches one (decision 044)', async () => {
    const other = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4')?.address;
    for (const [name, url] of Object.entries(shop.serviceUrls)) {
      const port = Number(new URL(url).port);
      expect([name, await isPortOpen(port, '127.0.0.1', 1000)]).toEqual([name, true]);
      if (other) expect([name, other, await isPortOpen(port, other, 1000)]).toEqual([name, other, false]);
    }
  });
});

describe('npm start keeps the shop running', () => {
  it('starts a service that was killed again, and the shop answers through it', async () => {
    const shop = await startTestShop({ supervised: true });
    try {
      const catalogPid = shop.pidOf.catalog!;
      process.kill(catalogPid, 'SIGKILL');
      // Supervised: the next catalog process answers the gateway's reads again.
      const deadline = Date.now() + 60_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = await fetch(`${shop.url}/api/products`).then((r) => r.status, () => 0);
        const ready = await fetch(`${shop.serviceUrls.CATALOG_URL}/readyz`).then((r) => r.ok, () => false);
        if (status === 200 && ready) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
      // The one answering is a new process: the killed one is gone.
      expect(() => process.kill(catalogPid, 0)).toThrow();
    } finally {
      await shop.stop();
    }
  });
});
