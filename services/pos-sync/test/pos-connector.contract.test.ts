import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { uniqueSuffix } from '@pl/service-kit/testing';
import { startReferencePos, type ReferencePos } from '../../../stand-ins/pos-reference/src/index.js';
import { createHttpPosConnector, noPosMessage } from '../src/connector/http-pos-connector.js';
import { posAddressPolicy } from '../src/connector/pos-address-policy.js';
import { PosError, type PosConnector } from '../src/connector/pos-connector.js';
import type { PosProduct } from '../src/connector/pos-wire.js';

/**
 * The HTTP connector against the real reference POS (the external system's documented protocol):
 * what the sync, the webhook applier and the write-back rely on.
 */
describe('HTTP POS connector (contract with the reference POS)', () => {
  const apiKey = () => `pos_contract_${uniqueSuffix()}${uniqueSuffix()}`;
  // The reference POS listens on 127.0.0.1: private addresses allowed, as under npm start.
  const addresses = posAddressPolicy({ allowPrivate: true });
  afterAll(() => addresses.dispatcher.destroy());
  const connect = (pos: ReferencePos, overrides: Partial<Parameters<typeof createHttpPosConnector>[0]> = {}) =>
    createHttpPosConnector({ baseUrl: pos.url, apiKey: pos.apiKey, addresses, timeoutMs: 5000, ...overrides });
  const failure = async (promise: Promise<unknown>): Promise<PosError> => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PosError);
    return err as PosError;
  };
  const everything = async (connector: PosConnector, updatedSince: string | null = null, limit = 200) => {
    const products: PosProduct[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await connector.listProducts({ cursor, updatedSince, limit });
      products.push(...page.products);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    return { products, pages };
  };

  describe('against a POS with 450 products', () => {
    let pos: ReferencePos;
    beforeAll(async () => {
      pos = await startReferencePos({ apiKey: apiKey(), seed: { generated: 450 }, rateLimitPerSecond: 0 });
    });
    afterAll(() => pos.stop());

    it('answers who the merchant is', async () => {
      expect(await connect(pos).merchant()).toEqual({ id: 'mrc_reference', name: 'Reference POS', currency: 'USD' });
    });

    it('pages through every product exactly once', async () => {
      const { products, pages } = await everything(connect(pos));
      const ids = products.map((p) => p.id);
      expect(pages).toBe(3);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual(pos.products().map((p) => p.id).sort());
    });

    it('picks up, with updated_since, a product counted after the first pull and none of the unchanged ones', async () => {
      const first = await everything(connect(pos));
      const since = first.products.map((p) => p.updated_at).sort().at(-1)!;
      const counted = first.products[10]!;
      await pos.setCount(counted.variants[0]!.sku, 'dublin', 42);

      const { products } = await everything(connect(pos), since);

      // updated_since is inclusive: besides the counted product, only what changed exactly at `since` comes again.
      expect(products.map((p) => p.id)).toContain(counted.id);
      const unchangedAgain = products.filter((p) => p.id !== counted.id);
      expect(unchangedAgain.every((p) => p.updated_at === since)).toBe(true);
      expect(unchangedAgain.length).toBeLessThanOrEqual(1);
      const stock = products.find((p) => p.id === counted.id)!.variants[0]!.stock.find((s) => s.location_id === 'dublin');
      expect(stock?.quantity).toBe(42);
    });

    it('reads one product, and answers undefined for one the POS does not have', async () => {
      const [known] = pos.products();
      expect((await connect(pos).getProduct(known!.id))?.variants[0]?.sku).toBe(known!.variants[0]!.sku);
      expect(await connect(pos).getProduct('prd_does_not_exist')).toBeUndefined();
    });

    it('registers the webhook URL idempotently: the same URL gets the same signature key', async () => {
      const url = 'http://127.0.0.1:9/api/webhooks/pos';
      const first = await connect(pos).subscribeWebhook(url);
      const second = await connect(pos).subscribeWebhook(url);
      expect(first.signatureKey).toEqual(expect.any(String));
      expect(second).toEqual(first);
    });

    it('applies an adjustment once, however often the same key is sent', async () => {
      const sku = pos.products()[0]!.variants[0]!.sku;
      await pos.setCount(sku, 'westerville', 5);
      const appliedBefore = pos.adjustmentsApplied();
      const body = { reason: 'sale' as const, reference: 'order-contract-1', changes: [{ sku, location_id: 'westerville', delta: -2 }] };

      const first = await connect(pos).adjustInventory('order-contract-1', body);
      const again = await connect(pos).adjustInventory('order-contract-1', body);

      expect(first.changes).toEqual([expect.objectContaining({ sku, location_id: 'westerville', delta: -2, quantity: 3 })]);
      expect(again.id).toBe(first.id);
      expect(pos.quantity(sku, 'westerville')).toBe(3);
      expect(pos.adjustmentsApplied()).toBe(appliedBefore + 1);
    });

    it("creates items once, however often the same key is sent, and refuses an sku the POS has as rejected", async () => {
      const sku = `MF-${uniqueSuffix()}`;
      const item = {
        sku,
        name: 'Dyson V8 cordless vacuum',
        brand: null,
        description: null,
        category: 'home-garden',
        condition: { grade: 'OPEN_BOX', notes: null },
        unique: false,
        price: { amount: 19900, currency: 'USD' },
        compare_at_price: null,
        stock: { location_id: 'dublin', quantity: 2 },
      };
      const size = pos.products().length;

      const first = await connect(pos).createItems(`manifest-contract-${sku}`, { items: [item] });
      const again = await connect(pos).createItems(`manifest-contract-${sku}`, { items: [item] });

      expect(first).toEqual([expect.objectContaining({ name: 'Dyson V8 cordless vacuum', variants: [expect.objectContaining({ sku })] })]);
      expect(again).toEqual(first);
      expect(pos.products()).toHaveLength(size + 1);
      expect(pos.quantity(sku, 'dublin')).toBe(2);
      const received = await connect(pos).adjustInventory(`receive-${sku}`, { reason: 'receive', changes: [{ sku, location_id: 'dublin', delta: 3 }] });
      expect(received.changes).toEqual([expect.objectContaining({ sku, quantity: 5 })]);

      const err = await failure(connect(pos).createItems(`k-${uniqueSuffix()}`, { items: [item] }));
      expect([err.kind, err.status, err.transient]).toEqual(['rejected', 409, false]);
      expect(err.message).toBe(`The POS rejected the request: The POS already has sku ${sku}; nothing was created`);
    });

    it('sets prices once per key, answering each sku in order, an unknown one as not_found', async () => {
      const [a, b] = pos.products().map((p) => p.variants[0]!.sku);
      const body = { prices: [{ sku: 'NO-SUCH-SKU', amount: 100 }, { sku: a!, amount: 1234 }, { sku: b!, amount: 5678 }] };

      const first = await connect(pos).updatePrices('prices-contract-1', body);
      const again = await connect(pos).updatePrices('prices-contract-1', body);

      expect(first).toEqual([
        { sku: 'NO-SUCH-SKU', status: 'not_found', error: { code: 'not_found', message: 'Unknown sku NO-SUCH-SKU' } },
        expect.objectContaining({ sku: a, status: 'updated', price: { amount: 1234, currency: 'USD' } }),
        expect.objectContaining({ sku: b, status: 'updated', price: { amount: 5678, currency: 'USD' } }),
      ]);
      expect(again).toEqual(first);
      expect(pos.priceBatches().map((c) => c.replayed)).toEqual([false, true]);
      expect(pos.products().flatMap((p) => p.variants).filter((v) => v.sku === a || v.sku === b).map((v) => v.price.amount).sort()).toEqual([1234, 5678]);
      const err = await failure(connect(pos).updatePrices('prices-contract-1', { prices: [{ sku: a!, amount: 1 }] }));
      expect([err.kind, err.status, err.transient]).toEqual(['rejected', 409, false]);
    });

    it('reports what the POS refuses (an unknown sku) as rejected, with its message', async () => {
      const err = await failure(connect(pos).adjustInventory(`k-${uniqueSuffix()}`, { reason: 'sale', changes: [{ sku: 'NO-SUCH-SKU', location_id: 'dublin', delta: -1 }] }));
      expect([err.kind, err.status, err.transient]).toEqual(['rejected', 404, false]);
      expect(err.message).toMatch(/^The POS rejected the request: /);
    });

    it('says the POS refused the API key when the key is wrong', async () => {
      const err = await failure(connect(pos, { apiKey: 'wrong-key' }).merchant());
      expect([err.kind, err.message]).toEqual(['unauthorized', 'The POS refused the API key']);
    });

    it('says the POS is unavailable while it answers 503, and works again after', async () => {
      pos.setDown(true);
      try {
        const err = await failure(connect(pos).listProducts({}));
        expect([err.kind, err.status, err.transient]).toEqual(['unavailable', 503, true]);
        expect(err.message).toBe(`The POS at ${pos.url} is unavailable right now; try again later`);
      } finally {
        pos.setDown(false);
      }
      expect((await connect(pos).merchant()).name).toBe('Reference POS');
    });
  });

  describe('rate limits', () => {
    let pos: ReferencePos;
    beforeAll(async () => {
      pos = await startReferencePos({ apiKey: apiKey(), seed: 'demo', rateLimitPerSecond: 1 });
    });
    afterAll(() => pos.stop());

    it('waits out a 429 as Retry-After says and then succeeds', async () => {
      const connector = connect(pos);
      // One request a second: the second of two calls in a row is answered 429 first.
      const [first, second] = [await connector.merchant(), await connector.merchant()];
      expect([first.name, second.name]).toEqual(['Reference POS', 'Reference POS']);
    });

    it('gives up with a clear error when it may not wait (no retries left)', async () => {
      const connector = connect(pos, { rateLimitRetries: 0 });
      await connector.merchant().catch(() => undefined); // spends the second's token, if there is one
      const err = await failure(connector.merchant());
      expect([err.kind, err.status, err.transient]).toEqual(['rate-limited', 429, true]);
      expect(err.message).toContain('rate limited');
    });
  });

  describe('when no POS answers', () => {
    it('says it could not reach a stopped POS', async () => {
      const pos = await startReferencePos({ apiKey: apiKey(), seed: 'none', rateLimitPerSecond: 0 });
      await pos.stop();
      const err = await failure(connect(pos).merchant());
      expect([err.kind, err.transient]).toEqual(['unreachable', true]);
      expect(err.message).toBe(noPosMessage(pos.url));
    });

    it('gives up on a POS that does not answer in time', async () => {
      const server: Server = createServer(() => undefined); // accepts, never answers
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const err = await failure(createHttpPosConnector({ baseUrl: url, apiKey: 'k', addresses, timeoutMs: 200 }).merchant());
        expect([err.kind, err.message]).toEqual(['unreachable', noPosMessage(url)]);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    });

    it.each([
      ['a web page', 200, 'text/html', '<html><body>Welcome</body></html>'],
      ['JSON of another shape', 200, 'application/json', '{"hello":"world"}'],
      ['a 404 that is not a POS error', 404, 'application/json', '{"message":"Not found"}'],
      ['a 401 that is not a POS error', 401, 'application/json', '{"message":"Invalid or expired session","code":"UNAUTHENTICATED"}'],
      ['a redirect to a login page', 302, 'text/html', ''],
      ['a 503 that is not a POS error', 503, 'text/html', '<h1>Service Unavailable</h1>'],
      ['a 429 that is not a POS error', 429, 'text/plain', 'slow down'],
    ])('says no POS answered when a server answers %s', async (_what, status, type, body) => {
      const server: Server = createServer((_req, res) => {
        res.writeHead(status, { 'content-type': type, ...(status === 302 ? { location: '/login' } : {}) }).end(body);
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const err = await failure(createHttpPosConnector({ baseUrl: `${url}/`, apiKey: 'k', addresses }).merchant());
        expect([err.kind, err.message]).toEqual(['unreachable', noPosMessage(url)]);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    });
  });
});
