// Several instances behind one service (CATALOG_URL and CART_URL listing two, decision 039): the
// gateway takes turns between them, sends a request one refused to the next when it can be sent
// again, passes a refusing or draining instance over, and is ready while one of each is.
import type { ServerResponse } from 'node:http';
import { closedPortUrl, PUBLIC_ORIGIN, startGateway, startGuestSession, startStandInIdentity, startStandInService, type SeenRequest, type StandInIdentity, type StandInService, type TestGateway } from './support/test-gateway';

/** A stand-in instance that answers with its name; its /readyz answers 503 once `draining` is set. */
async function instance(name: string): Promise<StandInService & { draining: boolean }> {
  const state = { draining: false };
  const service = await startStandInService((seen: SeenRequest, res: ServerResponse) => {
    if (seen.url === '/readyz') {
      res.writeHead(state.draining ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: state.draining ? 'draining' : 'ok' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name }));
  });
  return Object.defineProperty(service as StandInService & { draining: boolean }, 'draining', {
    get: () => state.draining,
    set: (value: boolean) => void (state.draining = value),
  });
}

const nameOf = async (res: Response) => ((await res.json()) as { name: string }).name;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a service with several instances behind the gateway', () => {
  let identity: StandInIdentity;
  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;
  let refused: string;
  let gw: TestGateway;

  beforeAll(async () => {
    identity = await startStandInIdentity();
    [a, b] = await Promise.all([instance('a'), instance('b')]);
    refused = await closedPortUrl();
    gw = await startGateway({
      IDENTITY_URL: identity.url,
      CATALOG_URL: `${a.url},${b.url}`,
      // The cart's second instance is down.
      CART_URL: `${a.url}, ${refused}`,
      POS_SYNC_URL: a.url,
    });
  });
  afterAll(async () => {
    await gw.stop();
    await Promise.all([identity, a, b].map((s) => s.close()));
  });
  afterEach(() => {
    a.draining = false;
    b.draining = false;
  });

  it('takes turns between the instances', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) names.push(await nameOf(await fetch(`${gw.url}/api/products?i=${i}`)));
    expect(names.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('sends a read an instance refused to the next one, and writes go to the live instance only after one refusal', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${gw.url}/api/cart?i=${i}`);
      expect([res.status, await nameOf(res)]).toEqual([200, 'a']);
    }
    // The refusing instance was passed over: a write (whose body cannot be sent twice from here) now goes to the live one.
    const guest = await startGuestSession(gw.url);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${gw.url}/api/cart/lines`, {
        method: 'POST',
        headers: { origin: PUBLIC_ORIGIN, cookie: guest.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ variantId: 'SKU-1', qty: 1 }),
      });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('passes over an instance that says it is draining, and takes it again once it is ready', async () => {
    b.draining = true;
    await until(async () => ((await (await fetch(`${gw.url}/readyz`)).json()) as { instances: { catalog: Record<string, string> } }).instances.catalog[b.url] === 'not-ready', 'the gateway to see b draining');
    const names = [];
    for (let i = 0; i < 6; i++) names.push(await nameOf(await fetch(`${gw.url}/api/products?d=${i}`)));
    expect(names).toEqual(Array(6).fill('a'));

    b.draining = false;
    await until(async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++) seen.add(await nameOf(await fetch(`${gw.url}/api/products?r=${i}`)));
      return seen.has('b');
    }, 'b to be taken again');
  });

  it('is ready while one instance of each service is, and reports every instance', async () => {
    const res = await fetch(`${gw.url}/readyz`);
    const body = (await res.json()) as { upstreams: Record<string, string>; instances: Record<string, Record<string, string>> };
    expect(res.status).toBe(200);
    expect(body.upstreams.cart).toBe('ready');
    expect(body.instances.cart).toEqual({ [a.url]: 'ready', [refused]: 'down' });
    expect(body.instances.catalog).toEqual({ [a.url]: 'ready', [b.url]: 'ready' });
  });

  it('answers 503 with Retry-After, never a hang, when no instance of a service answers', async () => {
    const gone = await startGateway({ IDENTITY_URL: identity.url, CATALOG_URL: `${refused},${await closedPortUrl()}`, CART_URL: a.url, POS_SYNC_URL: a.url });
    try {
      const res = await fetch(`${gone.url}/api/products`);
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5']);
    } finally {
      await gone.stop();
    }
  });

  it('answers 503 with Retry-After, not 502, when a kept-alive connection is found closed before any answer', async () => {
    // A stopping instance closes its idle connections; one the gateway has just sent a write on is cut unanswered.
    const stopping = await startStandInService((seen: SeenRequest, res: ServerResponse) => {
      if (seen.method === 'POST') return void res.socket?.destroy();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"warm":true}');
    });
    const gone = await startGateway({ IDENTITY_URL: identity.url, CATALOG_URL: a.url, CART_URL: stopping.url, POS_SYNC_URL: a.url });
    try {
      const guest = await startGuestSession(gone.url);
      await (await fetch(`${gone.url}/api/cart`, { headers: { cookie: guest.cookie } })).text();
      const res = await fetch(`${gone.url}/api/cart/lines`, {
        method: 'POST',
        headers: { origin: PUBLIC_ORIGIN, cookie: guest.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ variantId: 'SKU-1', qty: 1 }),
      });
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5']);
    } finally {
      await gone.stop();
      await stopping.close();
    }
  });
});
