import { fingerprint, IDEMPOTENCY_TTL_MS, IdempotencyStore } from './idempotency-store.js';

describe('IdempotencyStore', () => {
  it('remembers a response for 24 hours, then forgets it', () => {
    let now = 1_000;
    const store = new IdempotencyStore(() => now);
    store.remember('order-1', 'abc', { ok: 1 });

    now += IDEMPOTENCY_TTL_MS - 1;
    expect(store.get('order-1')).toMatchObject({ fingerprint: 'abc', response: { ok: 1 } });
    now += 1;
    expect(store.get('order-1')).toBeUndefined();
  });

  it('fingerprints JSON regardless of key order, but not of values or array order', () => {
    expect(fingerprint({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprint({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
    expect(fingerprint([1, 2])).not.toBe(fingerprint([2, 1]));
  });
});
