import type { Product, ReferencePos } from '../src/index.js';
import { api, startPos, startWebhookReceiver, until, type WebhookReceiver } from './pos-test-helpers.js';

describe('POST /v1/prices/batch', () => {
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

  const update = (key: string | null, body: unknown, apiKey?: string) =>
    api(pos, 'POST', '/v1/prices/batch', { body, headers: key === null ? {} : { 'Idempotency-Key': key }, ...(apiKey === undefined ? {} : { apiKey }) });
  const productOf = (sku: string): Product => pos.products().find((p) => p.variants.some((v) => v.sku === sku))!;
  const priceOf = (sku: string) => productOf(sku).variants.find((v) => v.sku === sku)!.price.amount;
  const webhooks = () => receiver.received.map((w) => JSON.parse(w.rawBody) as { type: string; data: { product: Product } });

  it('sets each price, answers per item, and sends one catalog.product.updated per product changed', async () => {
    const before = productOf('PL-CL-001-S');
    const drill = productOf('PL-HG-001');

    const response = await update('prices-b1', {
      prices: [
        { sku: 'PL-HG-001', amount: 12510 },
        { sku: 'PL-CL-001-S', amount: 19710 },
        { sku: 'PL-CL-001-M', amount: 19700 },
      ],
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    expect(response.body).toEqual({
      prices: [
        { sku: 'PL-HG-001', status: 'updated', product_id: drill.id, price: { amount: 12510, currency: 'USD' } },
        { sku: 'PL-CL-001-S', status: 'updated', product_id: before.id, price: { amount: 19710, currency: 'USD' } },
        { sku: 'PL-CL-001-M', status: 'updated', product_id: before.id, price: { amount: 19700, currency: 'USD' } },
      ],
    });
    expect([priceOf('PL-HG-001'), priceOf('PL-CL-001-S'), priceOf('PL-CL-001-M'), priceOf('PL-CL-001-L')]).toEqual([12510, 19710, 19700, 21900]);
    const after = productOf('PL-CL-001-S');
    expect(after.updated_at > before.updated_at).toBe(true);
    // Counts are not touched by a price.
    expect(after.variants.map((v) => v.stock)).toEqual(before.variants.map((v) => v.stock));

    const events = await until(() => receiver.received.length === 2 && webhooks(), 'two webhooks');
    expect(events.map((e) => [e.type, e.data.product.id]).sort()).toEqual(
      [
        ['catalog.product.updated', drill.id],
        ['catalog.product.updated', before.id],
      ].sort(),
    );
    expect(events.find((e) => e.data.product.id === before.id)!.data.product).toEqual(after);
    expect(pos.priceBatches()).toEqual([{ idempotencyKey: 'prices-b1', skus: ['PL-HG-001', 'PL-CL-001-S', 'PL-CL-001-M'], replayed: false }]);
  });

  it('answers an unknown sku in its place and applies the others', async () => {
    const response = await update('prices-b2', { prices: [{ sku: 'NOPE-1', amount: 100 }, { sku: 'PL-EL-001', amount: 67400 }] });

    expect(response.status).toBe(200);
    expect(response.body.prices).toEqual([
      { sku: 'NOPE-1', status: 'not_found', error: { code: 'not_found', message: 'Unknown sku NOPE-1' } },
      { sku: 'PL-EL-001', status: 'updated', product_id: productOf('PL-EL-001').id, price: { amount: 67400, currency: 'USD' } },
    ]);
    expect(priceOf('PL-EL-001')).toBe(67400);
    await until(() => receiver.received.length === 1, 'one webhook');
    expect(webhooks().map((e) => e.data.product.variants[0]!.sku)).toEqual(['PL-EL-001']);
  });

  it('answers the first response again for the same key and body, changing nothing, and 409 for another body', async () => {
    const body = { prices: [{ sku: 'PL-GM-001', amount: 38610 }] };
    const first = await update('prices-b3', body);
    await until(() => receiver.received.length === 1, 'the first webhook');
    // The back office changes the price meanwhile: a replay must not set the old one again.
    await pos.updateProduct(productOf('PL-GM-001').id, { price: { sku: 'PL-GM-001', amount: 40000 } });
    const updatedAt = productOf('PL-GM-001').updated_at;

    const again = await update('prices-b3', body);
    const other = await update('prices-b3', { prices: [{ sku: 'PL-GM-001', amount: 30000 }] });

    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(other.status).toBe(409);
    expect(other.body.error).toEqual({ code: 'idempotency_conflict', message: 'This Idempotency-Key was used with another request body' });
    expect(priceOf('PL-GM-001')).toBe(40000);
    expect(productOf('PL-GM-001').updated_at).toBe(updatedAt);
    // The back office's change sent one more webhook; the replay and the conflict none.
    await until(() => receiver.received.length === 2, 'the back office webhook');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(2);
    expect(pos.priceBatches().map((c) => c.replayed)).toEqual([false, true]);
    // Keys of other endpoints are other requests: the same key there is not a conflict.
    const adjustment = await api(pos, 'POST', '/v1/inventory/adjustments', {
      headers: { 'Idempotency-Key': 'prices-b3' },
      body: { reason: 'correction', changes: [{ sku: 'PL-GM-001', location_id: 'dublin', delta: 1 }] },
    });
    expect(adjustment.status).toBe(200);
  });

  it('answers 400 for a missing key and bad bodies, naming the problem, 401 without the API key, and changes nothing', async () => {
    const before = pos.products();
    expect((await update(null, { prices: [{ sku: 'PL-EL-001', amount: 1 }] })).body.error).toEqual({
      code: 'invalid_request',
      message: 'An Idempotency-Key header of 1–255 characters is required',
    });
    const bad: Array<[unknown, RegExp]> = [
      [{ prices: [] }, /prices/],
      [{}, /prices/],
      [{ prices: Array.from({ length: 501 }, (_, i) => ({ sku: `S-${i}`, amount: 1 })) }, /prices/],
      [{ prices: [{ sku: 'PL-EL-001', amount: 1 }, { sku: 'PL-EL-001', amount: 2 }] }, /prices\.1\.sku: sku PL-EL-001 appears twice/],
      [{ prices: [{ sku: 'PL-EL-001', amount: 19.99 }] }, /prices\.0\.amount/],
      [{ prices: [{ sku: 'PL-EL-001', amount: -1 }] }, /prices\.0\.amount/],
      [{ prices: [{ sku: 'PL-EL-001', amount: '100' }] }, /prices\.0\.amount/],
      [{ prices: [{ sku: '', amount: 100 }] }, /prices\.0\.sku/],
      [{ prices: [{ sku: 'PL-EL-001', amount: 100, currency: 'EUR' }] }, /prices\.0/],
    ];
    for (const [body, message] of bad) {
      const response = await update(`bad-${String(message)}`, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      expect(response.body.error.message).toMatch(message);
    }
    expect((await update('no-auth', { prices: [{ sku: 'PL-EL-001', amount: 1 }] }, 'wrong')).status).toBe(401);
    // A refused body is not remembered: the key may carry the corrected batch.
    expect((await update('bad-/prices/', { prices: [{ sku: 'PL-EL-001', amount: 70000 }] })).status).toBe(200);
    expect(pos.products().filter((p) => !p.variants.some((v) => v.sku === 'PL-EL-001'))).toEqual(before.filter((p) => !p.variants.some((v) => v.sku === 'PL-EL-001')));
  });

  it('answers 429 with Retry-After while throttled, and takes the batch after', async () => {
    pos.setThrottled(true);
    const refused = await update('prices-b5', { prices: [{ sku: 'PL-EL-001', amount: 60000 }] });
    pos.setThrottled(false);
    const taken = await update('prices-b5', { prices: [{ sku: 'PL-EL-001', amount: 60000 }] });

    expect([refused.status, refused.headers.get('retry-after'), refused.body.error.code]).toEqual([429, '1', 'rate_limited']);
    expect([taken.status, taken.headers.get('idempotent-replayed')]).toEqual([200, null]);
    expect(priceOf('PL-EL-001')).toBe(60000);
  });
});
