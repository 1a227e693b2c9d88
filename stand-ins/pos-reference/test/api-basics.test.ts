import type { ReferencePos } from '../src/index.js';
import { api, startPos } from './pos-test-helpers.js';

describe('reference POS: auth, errors, merchant, back office', () => {
  let pos: ReferencePos;
  beforeAll(async () => {
    pos = await startPos();
  });
  afterAll(() => pos.stop());
  afterEach(() => pos.setDown(false));

  it('answers a missing or wrong API key with 401 and the documented JSON', async () => {
    const missing = await api(pos, 'GET', '/v1/merchant', { apiKey: null });
    const wrong = await api(pos, 'GET', '/v1/products', { apiKey: 'pos_test_wrong' });
    const notBearer = await api(pos, 'GET', '/v1/locations', { apiKey: null, headers: { authorization: pos.apiKey } });
    for (const response of [missing, wrong, notBearer]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { code: 'unauthorized', message: 'Invalid API key' } });
    }
  });

  it('identifies itself as a POS on GET /v1/merchant', async () => {
    const response = await api(pos, 'GET', '/v1/merchant');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ merchant: { id: 'mrc_reference', name: 'Reference POS', currency: 'USD' }, api_version: '2026-11-01' });
  });

  it("lists the shop's four locations", async () => {
    const response = await api(pos, 'GET', '/v1/locations');
    expect(response.body.locations.map((l: { id: string }) => l.id)).toEqual(['columbus-warehouse', 'downtown-columbus', 'dublin', 'westerville']);
  });

  it('answers unknown routes, malformed JSON and bad input with JSON errors, never a stack trace', async () => {
    const unknown = await api(pos, 'GET', '/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');

    const outside = await api(pos, 'GET', '/no-such-page', { apiKey: null });
    expect(outside.status).toBe(404);
    expect(outside.body.error.code).toBe('not_found');

    const malformed = await api(pos, 'POST', '/v1/inventory/counts', { rawBody: '{"sku": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: { code: 'invalid_request', message: 'Malformed JSON body' } });

    const invalid = await api(pos, 'POST', '/v1/inventory/counts', { body: { sku: 'PL-EL-001', location_id: 'dublin', quantity: -1 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('invalid_request');
    expect(invalid.body.error.message).toMatch(/quantity/);
    expect(JSON.stringify(invalid.body)).not.toMatch(/at .*\.ts/);
  });

  it('answers every /v1 call with 503 unavailable while down, and recovers', async () => {
    const before = pos.quantity('PL-EL-001', 'dublin');
    pos.setDown(true);
    const merchant = await api(pos, 'GET', '/v1/merchant');
    const counts = await api(pos, 'POST', '/v1/inventory/counts', { body: { sku: 'PL-EL-001', location_id: 'dublin', quantity: before + 5 } });
    expect([merchant.status, counts.status]).toEqual([503, 503]);
    expect(merchant.body.error.code).toBe('unavailable');
    expect(pos.quantity('PL-EL-001', 'dublin')).toBe(before);

    pos.setDown(false);
    expect((await api(pos, 'GET', '/v1/merchant')).status).toBe(200);
  });

  it('serves the back office page with its key form, script and a strict CSP', async () => {
    const page = await fetch(`${pos.url}/`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(html).toContain('<form id="key-form"');
    expect(html).toContain('<script src="/back-office.js"');
    expect(html).not.toMatch(/<script>|<style>|style="/);

    const script = await fetch(`${pos.url}/back-office.js`);
    const source = await script.text();
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(source).toContain("'/v1/inventory/counts'");
    expect(source).toContain("'PATCH'");
    expect(source).not.toContain('innerHTML');
  });
});

describe('reference POS: rate limit', () => {
  let pos: ReferencePos;
  beforeAll(async () => {
    pos = await startPos({ rateLimitPerSecond: 2, seed: 'none' });
  });
  afterAll(() => pos.stop());

  it('answers 429 rate_limited with Retry-After once the bucket is empty', async () => {
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 20 && !limited; i++) {
      const response = await api(pos, 'GET', '/v1/merchant');
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(limited?.body).toEqual({ error: { code: 'rate_limited', message: 'Too many requests' } });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(Number(limited?.headers.get('retry-after')))).toBe(true);
  });
});
