import type { ReferencePos } from '../src/index.js';
import { api, startPos, startWebhookReceiver, until, type WebhookReceiver } from './pos-test-helpers.js';

/** An item of POST /v1/products/batch, with overrides. */
const buildItem = (overrides: Record<string, unknown> = {}) => ({
  sku: 'MF-1001',
  name: 'Dyson V8 cordless vacuum',
  brand: 'Dyson',
  category: 'home-garden',
  condition: { grade: 'OPEN_BOX', notes: 'Box damaged' },
  unique: false,
  price: { amount: 19900, currency: 'USD' },
  compare_at_price: { amount: 39900, currency: 'USD' },
  stock: { location_id: 'columbus-warehouse', quantity: 3 },
  ...overrides,
});

describe('POST /v1/products/batch', () => {
  let pos: ReferencePos;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    pos = await startPos({ webhookRetryDelaysMs: [10], webhookTimeoutMs: 2000 });
    receiver = await startWebhookReceiver();
    await api(pos, 'PUT', '/v1/webhook-subscription', { body: { url: receiver.url } });
  });
  afterEach(async () => {
    await pos.stop();
    await receiver.close();
  });

  const create = (key: string | null, body: unknown, apiKey?: string) =>
    api(pos, 'POST', '/v1/products/batch', { body, headers: key === null ? {} : { 'Idempotency-Key': key }, ...(apiKey === undefined ? {} : { apiKey }) });
  const skus = () => new Set(pos.products().flatMap((p) => p.variants.map((v) => v.sku)));

  it('creates each item with its count at its location and sends catalog.product.created for each', async () => {
    const response = await create('manifest-m1-0', {
      reference: 'manifest m1 batch 0',
      items: [buildItem(), buildItem({ sku: 'MF-1002', name: 'Lamp', brand: null, compare_at_price: null, unique: true, stock: { location_id: 'dublin', quantity: 1 } })],
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    const [vacuum, lamp] = response.body.products;
    expect(vacuum).toMatchObject({
      id: expect.stringMatching(/^prd_/),
      name: 'Dyson V8 cordless vacuum',
      brand: 'Dyson',
      description: '',
      category: 'home-garden',
      condition: { grade: 'OPEN_BOX', notes: 'Box damaged' },
      unique: false,
      image_url: null,
      variants: [{ id: expect.stringMatching(/^var_/), sku: 'MF-1001', name: null, price: { amount: 19900, currency: 'USD' }, compare_at_price: { amount: 39900, currency: 'USD' } }],
    });
    const base = vacuum.variants[0].stock.find((s: { location_id: string }) => s.location_id === 'dublin').version;
    expect(vacuum.variants[0].stock).toHaveLength(4);
    expect(vacuum.variants[0].stock[0]).toEqual({ location_id: 'columbus-warehouse', quantity: 3, version: base + 1 });
    expect(lamp).toMatchObject({ brand: '', unique: true, variants: [{ sku: 'MF-1002', compare_at_price: null }] });
    expect(pos.quantity('MF-1001', 'columbus-warehouse')).toBe(3);
    expect(pos.quantity('MF-1002', 'dublin')).toBe(1);
    expect((await api(pos, 'GET', `/v1/products/${vacuum.id}`)).body.product).toEqual(vacuum);

    const events = await until(() => receiver.received.length === 2 && receiver.received.map((w) => JSON.parse(w.rawBody)), 'two webhooks');
    expect(events.map((e) => [e.type, e.data.product.variants[0].sku])).toEqual([
      ['catalog.product.created', 'MF-1001'],
      ['catalog.product.created', 'MF-1002'],
    ]);
    expect(events[0].data.product).toEqual(vacuum);
  });

  it('answers the first response again for the same key and body, creating nothing, and 409 for another body', async () => {
    const body = { items: [buildItem()] };
    const first = await create('manifest-m2-0', body);
    const again = await create('manifest-m2-0', body);
    const other = await create('manifest-m2-0', { items: [buildItem({ sku: 'MF-2002' })] });

    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(pos.quantity('MF-1001', 'columbus-warehouse')).toBe(3);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_conflict');
    expect(skus().has('MF-2002')).toBe(false);
    // Adjustment keys are another request's: the same key there is not a conflict.
    const adjustment = await api(pos, 'POST', '/v1/inventory/adjustments', {
      headers: { 'Idempotency-Key': 'manifest-m2-0' },
      body: { reason: 'receive', changes: [{ sku: 'MF-1001', location_id: 'columbus-warehouse', delta: 2 }] },
    });
    expect(adjustment.status).toBe(200);
    await until(() => receiver.received.length === 2, 'created and count webhooks');
  });

  it('refuses the whole request when the POS already has one of the skus, naming it', async () => {
    const before = pos.products();
    const response = await create('manifest-m3-0', { items: [buildItem({ sku: 'MF-3001' }), buildItem({ sku: 'PL-EL-001' })] });

    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({ code: 'sku_exists', message: 'The POS already has sku PL-EL-001; nothing was created' });
    expect(pos.products()).toEqual(before);
    // A refusal is not remembered: the key may carry the corrected batch.
    expect((await create('manifest-m3-0', { items: [buildItem({ sku: 'MF-3001' })] })).status).toBe(200);
  });

  it('refuses an unknown location with 404 and creates nothing', async () => {
    const response = await create('manifest-m4-0', { items: [buildItem({ sku: 'MF-4001' }), buildItem({ sku: 'MF-4002', stock: { location_id: 'mars', quantity: 1 } })] });
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({ code: 'not_found', message: 'Unknown location mars' });
    expect(skus().has('MF-4001')).toBe(false);
  });

  it('answers 400 for a missing key and for bad items, naming the problem, and 401 without the API key', async () => {
    const size = pos.products().length;
    expect((await create(null, { items: [buildItem()] })).body.error).toEqual({ code: 'invalid_request', message: 'An Idempotency-Key header of 1–255 characters is required' });
    const bad: Array<[unknown, RegExp]> = [
      [{ items: [] }, /items/],
      [{ items: Array.from({ length: 501 }, (_, i) => buildItem({ sku: `MF-B${i}` })) }, /items/],
      [{ items: [buildItem(), buildItem()] }, /items\.1\.sku: sku MF-1001 appears twice/],
      [{ items: [buildItem({ condition: { grade: 'MINT' } })] }, /items\.0\.condition\.grade/],
      [{ items: [buildItem({ price: { amount: 19.99, currency: 'USD' } })] }, /items\.0\.price\.amount/],
      [{ items: [buildItem({ price: { amount: 100, currency: 'EUR' } })] }, /items\.0\.price\.currency/],
      [{ items: [buildItem({ stock: { location_id: 'dublin', quantity: -1 } })] }, /items\.0\.stock\.quantity/],
      [{ items: [buildItem({ name: '  ' })] }, /items\.0\.name/],
      [{ items: [buildItem({ colour: 'red' })] }, /items\.0/],
    ];
    for (const [body, message] of bad) {
      const response = await create(`bad-${String(message)}`, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      expect(response.body.error.message).toMatch(message);
    }
    expect((await create('no-auth', { items: [buildItem()] }, 'wrong')).status).toBe(401);
    expect(pos.products()).toHaveLength(size);
  });
});
