import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReferencePos } from '../src/index.js';
import { api, startPos, startWebhookReceiver, until, type ReceivedWebhook, type WebhookReceiver } from './pos-test-helpers.js';

/** What a receiver does: recompute the HMAC over the raw body with the subscription's key. */
function verify(webhook: ReceivedWebhook, signatureKey: string): { ok: boolean; t: number } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(webhook.headers['pos-signature']));
  if (!match) return { ok: false, t: 0 };
  const expected = createHmac('sha256', signatureKey).update(`${match[1]}.${webhook.rawBody}`).digest();
  return { ok: timingSafeEqual(expected, Buffer.from(match[2] as string, 'hex')), t: Number(match[1]) };
}

describe('webhooks', () => {
  let pos: ReferencePos;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    pos = await startPos({ webhookRetryDelaysMs: [10, 20], webhookTimeoutMs: 2000 });
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await pos.stop();
    await receiver.close();
  });

  const subscribe = async (url = receiver.url): Promise<string> => {
    const response = await api(pos, 'PUT', '/v1/webhook-subscription', { body: { url } });
    expect(response.status).toBe(200);
    return response.body.subscription.signature_key;
  };

  it('keeps the same signature key for the same API key and URL', async () => {
    const first = await api(pos, 'PUT', '/v1/webhook-subscription', { body: { url: receiver.url } });
    const again = await api(pos, 'PUT', '/v1/webhook-subscription', { body: { url: receiver.url } });
    const other = await api(pos, 'PUT', '/v1/webhook-subscription', { body: { url: 'https://shop.example/api/webhooks/pos' } });

    expect(first.body.subscription).toEqual({
      url: receiver.url,
      signature_key: expect.stringMatching(/^[0-9a-f]{64}$/),
      event_types: ['inventory.count.updated', 'catalog.product.created', 'catalog.product.updated'],
    });
    expect(again.body.subscription.signature_key).toBe(first.body.subscription.signature_key);
    expect(other.body.subscription.signature_key).not.toBe(first.body.subscription.signature_key);
    expect((await api(pos, 'PUT', '/v1/webhook-subscription', { body: { url: 'ftp://x.example/' } })).status).toBe(400);
  });

  it('delivers a signed inventory.count.updated for a count', async () => {
    const key = await subscribe();
    const response = await api(pos, 'POST', '/v1/inventory/counts', { body: { sku: 'PL-EL-001', location_id: 'dublin', quantity: 6 } });
    const [webhook] = await until(() => receiver.received.length === 1 && receiver.received, 'the webhook');

    const event = JSON.parse(webhook!.rawBody);
    const product = pos.products().find((p) => p.variants.some((v) => v.sku === 'PL-EL-001'))!;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'inventory.count.updated',
      created_at: expect.any(String),
      data: { sku: 'PL-EL-001', location_id: 'dublin', quantity: 6, version: response.body.count.version, product_id: product.id },
    });
    expect(webhook!.headers['content-type']).toBe('application/json');
    expect(webhook!.headers['pos-event-id']).toBe(event.id);
    const { ok, t } = verify(webhook!, key);
    expect(ok).toBe(true);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(300);
    expect(verify({ ...webhook!, rawBody: webhook!.rawBody.replace('"quantity":6', '"quantity":7') }, key).ok).toBe(false);
    await until(() => pos.deliveries.length === 1, 'the delivery record');
    expect(pos.deliveries).toEqual([{ eventId: event.id, type: 'inventory.count.updated', url: receiver.url, attempt: 1, status: 200 }]);
  });

  it('sends one event per adjustment change and catalog.product.updated for a product change', async () => {
    await subscribe();
    await api(pos, 'POST', '/v1/inventory/adjustments', {
      headers: { 'Idempotency-Key': 'order-1' },
      body: { reason: 'sale', changes: [{ sku: 'PL-HG-001', location_id: 'dublin', delta: -1 }, { sku: 'PL-GM-001', location_id: 'dublin', delta: -1 }] },
    });
    const product = pos.products()[0]!;
    await pos.updateProduct(product.id, { name: 'Renamed by hand' });

    const events = (await until(() => receiver.received.length === 3 && receiver.received, 'three webhooks')).map((w) => JSON.parse(w.rawBody));
    expect(events.filter((e) => e.type === 'inventory.count.updated').map((e) => e.data.sku).sort()).toEqual(['PL-GM-001', 'PL-HG-001']);
    const updated = events.find((e) => e.type === 'catalog.product.updated');
    expect(updated.data.product).toMatchObject({ id: product.id, name: 'Renamed by hand' });
  });

  it('retries a failed delivery with the same event id and a fresh signature, then stops on 2xx', async () => {
    const key = await subscribe();
    receiver.respondWith.push(500, 503);
    await pos.setCount('PL-EL-001', 'dublin', 2);

    const received = await until(() => receiver.received.length === 3 && receiver.received, 'three attempts');
    const ids = received.map((w) => w.headers['pos-event-id']);
    expect(new Set(ids).size).toBe(1);
    expect(received.map((w) => w.rawBody)).toEqual([received[0]!.rawBody, received[0]!.rawBody, received[0]!.rawBody]);
    expect(received.every((w) => verify(w, key).ok)).toBe(true);
    await until(() => pos.deliveries.length === 3, 'three delivery records');
    expect(pos.deliveries.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
  });

  it('drops an event after the last retry, and records an unreachable URL as error', async () => {
    await subscribe();
    receiver.respondWith.push(500, 500, 500, 500);
    await pos.setCount('PL-EL-001', 'dublin', 3);
    await until(() => pos.deliveries.length === 3, 'three attempts');
    expect(pos.deliveries.map((d) => d.status)).toEqual([500, 500, 500]);

    const closed = await startWebhookReceiver();
    await closed.close();
    await subscribe(closed.url);
    await pos.setCount('PL-EL-001', 'dublin', 4);
    await until(() => pos.deliveries.filter((d) => d.url === closed.url).length === 3, 'three failed attempts');
    expect(pos.deliveries.filter((d) => d.url === closed.url).map((d) => d.status)).toEqual(['error', 'error', 'error']);
  });

  it('stops deliveries to a URL after DELETE /v1/webhook-subscription', async () => {
    const other = await startWebhookReceiver();
    try {
      await subscribe();
      await subscribe(other.url);
      const removed = await api(pos, 'DELETE', '/v1/webhook-subscription', { body: { url: receiver.url } });
      expect(removed.status).toBe(204);
      await pos.setCount('PL-EL-001', 'dublin', 5);
      await until(() => other.received.length === 1, 'the remaining subscriber');
      await until(() => pos.deliveries.length === 1, 'the delivery record');
      expect(receiver.received).toHaveLength(0);
      expect(pos.deliveries.map((d) => d.url)).toEqual([other.url]);
    } finally {
      await other.close();
    }
  });

  it('cancels pending retries on stop', async () => {
    const stopped = await startPos({ webhookRetryDelaysMs: [20] });
    try {
      await api(stopped, 'PUT', '/v1/webhook-subscription', { body: { url: receiver.url } });
      receiver.respondWith.push(500);
      await stopped.setCount('PL-EL-001', 'dublin', 1);
      await until(() => stopped.deliveries.length === 1, 'the first attempt');
    } finally {
      await stopped.stop();
    }
    // Well past the 20 ms retry delay: a retry that survived stop() would have arrived by now
    // (a slow machine could only make this pass wrongly, never fail wrongly).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
    expect(stopped.deliveries).toHaveLength(1);
  });
});
