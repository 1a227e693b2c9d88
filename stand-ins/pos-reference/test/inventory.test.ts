import { startReferencePos, type ReferencePos } from '../src/index.js';
import { api, startPos } from './pos-test-helpers.js';

const stockOf = (pos: ReferencePos, sku: string, locationId: string) =>
  pos
    .products()
    .flatMap((p) => p.variants)
    .find((v) => v.sku === sku)
    ?.stock.find((s) => s.location_id === locationId);

describe('POST /v1/inventory/counts', () => {
  let pos: ReferencePos;
  beforeAll(async () => {
    pos = await startPos();
  });
  afterAll(() => pos.stop());

  it('sets a count and grows its version by one each time', async () => {
    const before = stockOf(pos, 'PL-EL-001', 'dublin')!;
    const first = await api(pos, 'POST', '/v1/inventory/counts', { body: { sku: 'PL-EL-001', location_id: 'dublin', quantity: 4 } });
    const second = await api(pos, 'POST', '/v1/inventory/counts', { body: { sku: 'PL-EL-001', location_id: 'dublin', quantity: 0 } });

    expect(first.status).toBe(200);
    expect(first.body).toEqual({ count: { sku: 'PL-EL-001', location_id: 'dublin', quantity: 4, version: before.version + 1 } });
    expect(second.body.count).toEqual({ sku: 'PL-EL-001', location_id: 'dublin', quantity: 0, version: before.version + 2 });
    expect(stockOf(pos, 'PL-EL-001', 'dublin')).toEqual({ location_id: 'dublin', quantity: 0, version: before.version + 2 });
  });

  it('is the same path for the test handle', async () => {
    const before = stockOf(pos, 'POS-GM-003', 'westerville')!;
    const count = await pos.setCount('POS-GM-003', 'westerville', 11);
    expect(count).toEqual({ sku: 'POS-GM-003', location_id: 'westerville', quantity: 11, version: before.version + 1 });
    expect(pos.quantity('POS-GM-003', 'westerville')).toBe(11);
    await expect(pos.setCount('NOPE', 'dublin', 1)).rejects.toThrow(/Unknown sku/);
  });

  it('answers 404 for an unknown sku or location and 400 for a bad quantity', async () => {
    const sku = await api(pos, 'POST', '/v1/inventory/counts', { body: { sku: 'NOPE-1', location_id: 'dublin', quantity: 1 } });
    const location = await api(pos, 'POST', '/v1/inventory/counts', { body: { sku: 'PL-EL-001', location_id: 'mars', quantity: 1 } });
    expect([sku.status, location.status]).toEqual([404, 404]);
    expect(sku.body.error.code).toBe('not_found');
    for (const quantity of [-1, 1_000_001, 1.5, '3']) {
      expect((await api(pos, 'POST', '/v1/inventory/counts', { body: { sku: 'PL-EL-001', location_id: 'dublin', quantity } })).status).toBe(400);
    }
  });
});

describe('POST /v1/inventory/adjustments', () => {
  let pos: ReferencePos;
  beforeEach(async () => {
    pos = await startPos();
  });
  afterEach(() => pos.stop());

  const sale = (changes: Array<{ sku: string; location_id: string; delta: number }>) => ({ reason: 'sale', reference: 'order 5f0c', changes });

  it('applies relative changes and answers the counts after them', async () => {
    const warehouse = pos.quantity('PL-EL-001', 'columbus-warehouse');
    const version = stockOf(pos, 'PL-EL-001', 'columbus-warehouse')!.version;
    const response = await api(pos, 'POST', '/v1/inventory/adjustments', {
      headers: { 'Idempotency-Key': 'order-1' },
      body: sale([
        { sku: 'PL-EL-001', location_id: 'columbus-warehouse', delta: -1 },
        { sku: 'PL-EL-001', location_id: 'columbus-warehouse', delta: -1 },
      ]),
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    expect(response.body.adjustment).toEqual({
      id: expect.stringMatching(/^adj_/),
      reason: 'sale',
      reference: 'order 5f0c',
      created_at: expect.any(String),
      changes: [
        { sku: 'PL-EL-001', location_id: 'columbus-warehouse', delta: -1, quantity: warehouse - 1, version: version + 1 },
        { sku: 'PL-EL-001', location_id: 'columbus-warehouse', delta: -1, quantity: warehouse - 2, version: version + 2 },
      ],
    });
    expect(pos.quantity('PL-EL-001', 'columbus-warehouse')).toBe(warehouse - 2);
    expect(pos.adjustmentsApplied()).toBe(1);
  });

  it("receives goods with reason 'receive': positive deltas only", async () => {
    const before = stockOf(pos, 'PL-EL-001', 'dublin')!;
    const received = await api(pos, 'POST', '/v1/inventory/adjustments', {
      headers: { 'Idempotency-Key': 'manifest-m1-0-receive' },
      body: { reason: 'receive', reference: 'manifest m1', changes: [{ sku: 'PL-EL-001', location_id: 'dublin', delta: 5 }] },
    });
    expect(received.status).toBe(200);
    expect(received.body.adjustment).toMatchObject({ reason: 'receive', changes: [{ delta: 5, quantity: before.quantity + 5, version: before.version + 1 }] });

    const taking = await api(pos, 'POST', '/v1/inventory/adjustments', {
      headers: { 'Idempotency-Key': 'receive-negative' },
      body: { reason: 'receive', changes: [{ sku: 'PL-EL-001', location_id: 'dublin', delta: 2 }, { sku: 'PL-EL-001', location_id: 'dublin', delta: -1 }] },
    });
    expect(taking.status).toBe(400);
    expect(taking.body.error.message).toBe("Invalid adjustment: changes: a 'receive' adds units: every delta must be positive");
    expect(pos.quantity('PL-EL-001', 'dublin')).toBe(before.quantity + 5);
  });

  it('lets a count go below zero, as a sale against a wrong count does', async () => {
    await pos.setCount('PL-EL-001', 'westerville', 0);
    const response = await api(pos, 'POST', '/v1/inventory/adjustments', {
      headers: { 'Idempotency-Key': 'order-2' },
      body: sale([{ sku: 'PL-EL-001', location_id: 'westerville', delta: -1 }]),
    });
    expect(response.body.adjustment.changes[0].quantity).toBe(-1);
  });

  it('applies nothing when one change names an unknown sku or location', async () => {
    const before = pos.products();
    for (const bad of [{ sku: 'NOPE-404', location_id: 'dublin', delta: -1 }, { sku: 'PL-EL-001', location_id: 'mars', delta: -1 }]) {
      const response = await api(pos, 'POST', '/v1/inventory/adjustments', {
        headers: { 'Idempotency-Key': `bad-${bad.sku}-${bad.location_id}` },
        body: sale([{ sku: 'PL-EL-001', location_id: 'dublin', delta: -1 }, bad]),
      });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect(pos.products()).toEqual(before);
    expect(pos.adjustmentsApplied()).toBe(0);
  });

  it('replays the first response for the same key and body, applying nothing twice', async () => {
    const body = sale([{ sku: 'PL-HG-001', location_id: 'dublin', delta: -1 }]);
    const before = pos.quantity('PL-HG-001', 'dublin');
    const first = await api(pos, 'POST', '/v1/inventory/adjustments', { headers: { 'Idempotency-Key': 'order-3' }, body });
    // Same body with its keys in another order is the same request.
    const again = await api(pos, 'POST', '/v1/inventory/adjustments', { headers: { 'Idempotency-Key': 'order-3' }, body: { changes: body.changes, reference: body.reference, reason: body.reason } });

    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(pos.quantity('PL-HG-001', 'dublin')).toBe(before - 1);
    expect(pos.adjustmentsApplied()).toBe(1);
  });

  it('answers 409 for the same key with another body, and 400 without a key', async () => {
    await api(pos, 'POST', '/v1/inventory/adjustments', { headers: { 'Idempotency-Key': 'order-4' }, body: sale([{ sku: 'PL-HG-001', location_id: 'dublin', delta: -1 }]) });
    const conflict = await api(pos, 'POST', '/v1/inventory/adjustments', { headers: { 'Idempotency-Key': 'order-4' }, body: sale([{ sku: 'PL-HG-001', location_id: 'dublin', delta: -2 }]) });
    const missing = await api(pos, 'POST', '/v1/inventory/adjustments', { body: sale([{ sku: 'PL-HG-001', location_id: 'dublin', delta: -1 }]) });
    const tooLong = await api(pos, 'POST', '/v1/inventory/adjustments', { headers: { 'Idempotency-Key': 'k'.repeat(256) }, body: sale([{ sku: 'PL-HG-001', location_id: 'dublin', delta: -1 }]) });

    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
    expect([missing.status, tooLong.status]).toEqual([400, 400]);
    expect(missing.body.error.code).toBe('invalid_request');
    expect(pos.adjustmentsApplied()).toBe(1);
  });

  it('rejects bad bodies with 400: zero delta, unknown reason, no changes, more than 100', async () => {
    const change = { sku: 'PL-HG-001', location_id: 'dublin', delta: -1 };
    const bodies = [
      sale([{ ...change, delta: 0 }]),
      { reason: 'theft', changes: [change] },
      sale([]),
      sale(Array.from({ length: 101 }, () => change)),
      { reason: 'sale', reference: 'r'.repeat(256), changes: [change] },
    ];
    for (const [i, body] of bodies.entries()) {
      const response = await api(pos, 'POST', '/v1/inventory/adjustments', { headers: { 'Idempotency-Key': `bad-body-${i}` }, body });
      expect(response.status).toBe(400);
    }
    expect(pos.adjustmentsApplied()).toBe(0);
  });
});

describe('count versions across restarts', () => {
  it('starts a new boot above every version of the previous one (clients keep the versions they applied)', async () => {
    const first = await startReferencePos({ apiKey: 'pos_versions_key_0123456789' });
    const bumped = await first.setCount('PL-EL-001', 'dublin', 3);
    await first.setCount('PL-EL-001', 'dublin', 4);
    await first.stop();
    const second = await startReferencePos({ apiKey: 'pos_versions_key_0123456789' });
    try {
      const seeded = second.products().flatMap((p) => p.variants).find((v) => v.sku === 'PL-EL-001')!.stock.find((s) => s.location_id === 'dublin')!;
      expect(seeded.version).toBeGreaterThan(bumped.version + 1);
    } finally {
      await second.stop();
    }
  });
});
