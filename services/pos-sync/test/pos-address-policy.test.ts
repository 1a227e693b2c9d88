// The POS address policy through the real pos-sync app (decision 046): what an admin can learn
// about the addresses behind the server by saving a POS URL and pressing Test or Sync. Nothing here
// leaves this machine: "public" is played by 127.0.0.2, allowed as an operator's range, and DNS by
// a resolver that answers what the test says.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import type { LookupAddress } from 'node:dns';
import { TestConnectionResult } from '@pl/contracts';
import { eventually } from '@pl/service-kit/testing';
import { loadPosSyncConfig } from '../src/config.js';
import { noPosMessage } from '../src/connector/http-pos-connector.js';
import { posAddressPolicy, type PosAddressPolicy, type PrivateAddressAllowance } from '../src/connector/pos-address-policy.js';
import { startPosSyncStack, type PosSyncStack } from './pos-sync-test-app.js';

/** A call to the POS takes at most this long here: "no POS answered" comes after exactly this long. */
const TIMEOUT_MS = 1000;

describe('the POS address policy', () => {
  let stack: PosSyncStack;
  const servers: Server[] = [];
  /** What the test's DNS answers, name by name. */
  const dns = new Map<string, string>();
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    const address = dns.get(hostname);
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  const policies: PosAddressPolicy[] = [];
  const policy = (allowPrivate: PrivateAddressAllowance) => {
    stack.ctx.addresses = posAddressPolicy({ allowPrivate, resolve });
    policies.push(stack.ctx.addresses);
  };

  beforeAll(async () => {
    stack = await startPosSyncStack({ options: { pos: { timeoutMs: TIMEOUT_MS } } });
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
    for (const p of policies) await p.dispatcher.destroy();
    await stack.stop();
  });
  beforeEach(async () => {
    dns.clear();
    await stack.pool.query('TRUNCATE pos_settings, sync_runs, pos_events, writebacks, price_writebacks, stock_versions');
  });

  /** A local server; `requests` counts what reached it. */
  const serve = async (handler: RequestListener, { host = '127.0.0.1', port = 0 } = {}) => {
    const requests: string[] = [];
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      requests.push(`${req.method} ${req.url}`);
      handler(req, res);
    });
    server.listen(port, host);
    await once(server, 'listening');
    servers.push(server);
    return { port: (server.address() as AddressInfo).port, requests };
  };
  /** Answers the merchant call as a POS does, closing each connection (so every call resolves the name again). */
  const tinyPos: RequestListener = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ merchant: { id: 'm_1', name: 'Public POS', currency: 'USD' }, api_version: '1' }));
  };

  const save = (posUrl: string) => stack.saveSettings(posUrl, stack.pos.apiKey);
  const testConnection = async () => {
    const started = Date.now();
    const res = await stack.call('GET', '/api/admin/sync/test-connection');
    expect(res.status).toBe(200);
    return { ...TestConnectionResult.parse(res.body), ms: Date.now() - started };
  };
  const settingsRows = async () => (await stack.pool.query('SELECT pos_url FROM pos_settings')).rows;

  describe('in production (POS_ALLOW_PRIVATE_ADDRESSES unset)', () => {
    beforeEach(() => policy(loadPosSyncConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32), POS_SETTINGS_KEY: 'a'.repeat(64) }).POS_ALLOW_PRIVATE_ADDRESSES));

    it.each([
      ['loopback', 'http://127.0.0.1:1'],
      ['loopback', 'http://[::1]:5300'],
      ['loopback', 'http://[::ffff:127.0.0.1]:5300'],
      ['loopback', 'http://2130706433:5300'],
      ['loopback', 'http://localhost:5300'],
      ['unspecified', 'http://0.0.0.0:5300'],
      ['link-local', 'http://169.254.169.254'],
      ['link-local', 'http://[fe80::1]'],
      ['private', 'http://10.0.0.5:5300'],
      ['private', 'http://172.20.0.3:5300'],
      ['private', 'http://192.168.1.20:5300'],
      ['carrier-grade NAT', 'http://100.64.1.1'],
      ['private (unique local)', 'http://[fd00::5]:5300'],
      ['multicast', 'http://224.0.0.1'],
    ])('refuses to save a %s address (%s), by its text, and saves nothing', async (why, posUrl) => {
      const res = await save(posUrl);
      expect([res.status, res.body]).toEqual([
        400,
        { message: `POS URL points to a ${why} address, which this shop does not call (POS_ALLOW_PRIVATE_ADDRESSES allows private POS addresses)`, code: 'VALIDATION_FAILED' },
      ]);
      expect(await settingsRows()).toEqual([]);
    });

    it('refuses a name that resolves to 127.0.0.1 once resolved, where a POS does listen, with the one "no POS" answer', async () => {
      const port = new URL(stack.pos.url).port;
      dns.set('pos.internal.test', '127.0.0.1');
      expect((await save(`http://pos.internal.test:${port}`)).status).toBe(200);

      const refused = await testConnection();
      expect([refused.connected, refused.message]).toEqual([false, noPosMessage(`http://pos.internal.test:${port}`)]);

      // The same name with private addresses allowed reaches the reference POS: the name was the only thing refused.
      policy(true);
      expect(await testConnection()).toMatchObject({ connected: true, message: 'Connected to Reference POS' });
    });

    it('checks every connection, so a name that turns private after a good answer (DNS rebinding) is refused', async () => {
      policy(['127.0.0.2/32']); // 127.0.0.2 plays a public address
      const inside = await serve(tinyPos);
      const outside = await serve(tinyPos, { host: '127.0.0.2', port: inside.port });
      dns.set('pos.rebinding.test', '127.0.0.2');
      await save(`http://pos.rebinding.test:${inside.port}`);
      expect(await testConnection()).toMatchObject({ connected: true, message: 'Connected to Public POS' });
      // Saving subscribed to the webhooks in the background: that call too went to the public address.
      await eventually(() => expect(outside.requests).toEqual(expect.arrayContaining(['PUT /v1/webhook-subscription', 'GET /v1/merchant'])));

      dns.set('pos.rebinding.test', '127.0.0.1');
      expect(await testConnection()).toMatchObject({ connected: false, message: noPosMessage(`http://pos.rebinding.test:${inside.port}`) });
      expect(inside.requests).toEqual([]);
    });

    it('does not follow a redirect from an allowed address to a private one', async () => {
      policy(['127.0.0.2/32']);
      const inside = await serve(tinyPos);
      const outside = await serve(
        (_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${inside.port}/v1/merchant` }).end(),
        { host: '127.0.0.2' },
      );
      await save(`http://127.0.0.2:${outside.port}`);

      expect(await testConnection()).toMatchObject({ connected: false, message: noPosMessage(`http://127.0.0.2:${outside.port}`) });
      expect(outside.requests).toContain('GET /v1/merchant');
      expect(inside.requests).toEqual([]);
    });

    it('refuses a sync from a name that resolves to 127.0.0.1 with the same answer', async () => {
      dns.set('pos.internal.test', '127.0.0.1');
      await save(`http://pos.internal.test:${new URL(stack.pos.url).port}`);
      const refused = await stack.sync();
      expect([refused.status, refused.body]).toEqual([502, { message: noPosMessage(`http://pos.internal.test:${new URL(stack.pos.url).port}`), code: 'POS_SYNC_FAILED' }]);
    });
  });

  describe('with POS_ALLOW_PRIVATE_ADDRESSES=on (npm start, docker-compose, the local cluster)', () => {
    beforeEach(() =>
      policy(loadPosSyncConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: 'x'.repeat(32), POS_SETTINGS_KEY: 'a'.repeat(64), POS_ALLOW_PRIVATE_ADDRESSES: 'on' }).POS_ALLOW_PRIVATE_ADDRESSES),
    );

    it('saves, tests and syncs a POS at 127.0.0.1', async () => {
      expect((await save(stack.pos.url)).status).toBe(200);
      expect(await testConnection()).toMatchObject({ connected: true, message: 'Connected to Reference POS' });
      expect((await stack.sync()).status).toBe(200);
    });

    it('answers the same, after the same time, whatever is at the address: closed, open, silent, or not a POS', async () => {
      const closed = await serve(() => undefined);
      servers.pop()!.close(); // its port is free again: nothing listens there
      const web = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>It works!</html>'));
      const api = await serve((_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Invalid or expired session","code":"UNAUTHENTICATED"}'));
      const silent = await serve(() => undefined); // accepts, never answers: a filtered port's answer, as far as a client can tell
      const urls = {
        'a closed port': `http://127.0.0.1:${closed.port}`,
        'port 1': 'http://127.0.0.1:1',
        'a web server': `http://127.0.0.1:${web.port}`,
        'another API': `http://127.0.0.1:${api.port}`,
        'a port that never answers': `http://127.0.0.1:${silent.port}`,
        'the catalog service': stack.catalog.url,
        'an unknown name': 'http://pos.unknown.test:5300',
      };

      const answers: Record<string, unknown> = {};
      const syncs: Record<string, unknown> = {};
      for (const [what, url] of Object.entries(urls)) {
        await save(url);
        const { ms, ...answer } = await testConnection();
        // Never sooner than the deadline; the margin above is the machine's, not the address's.
        expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS);
        expect(ms).toBeLessThan(TIMEOUT_MS + 2000);
        answers[what] = JSON.parse(JSON.stringify(answer).replaceAll(url, '<url>'));
        const sync = await stack.sync();
        syncs[what] = JSON.parse(JSON.stringify([sync.status, sync.body]).replaceAll(url, '<url>'));
      }

      const oneAnswer = { connected: false, message: noPosMessage('<url>') };
      expect(answers).toEqual(Object.fromEntries(Object.keys(urls).map((what) => [what, oneAnswer])));
      expect(syncs).toEqual(Object.fromEntries(Object.keys(urls).map((what) => [what, [502, { message: noPosMessage('<url>'), code: 'POS_SYNC_FAILED' }]])));
    }, 60_000);
  });

  it('never follows a redirect, even to an allowed address', async () => {
    policy(true);
    const inside = await serve(tinyPos);
    const outside = await serve((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/v1/merchant` }).end());
    await save(`http://127.0.0.1:${outside.port}`);
    expect(await testConnection()).toMatchObject({ connected: false, message: noPosMessage(`http://127.0.0.1:${outside.port}`) });
    expect(inside.requests).toEqual([]);
  });
});
