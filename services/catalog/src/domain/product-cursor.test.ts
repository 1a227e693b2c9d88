import { randomUUID } from 'node:crypto';
import { decodeCursor, encodeCursor, filterFingerprint } from './product-cursor.js';

describe('product cursor', () => {
  const id = randomUUID();
  const fingerprint = filterFingerprint(['laptop', 'electronics', null]);

  it.each([
    ['newest', '2026-11-20T15:00:00.123456Z'],
    ['price_asc', 1999],
    ['price_desc', -1],
    ['discount', 42],
    ['title', 'apple macbook air'],
    ['relevance', 0.6079271],
  ] as const)('round-trips a %s position as opaque base64url', (order, key) => {
    const cursor = encodeCursor({ order, fingerprint, fuzzy: false }, { key, id });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, { order, fingerprint })).toEqual({ position: { key, id }, fuzzy: false });
  });

  it('carries the fuzzy fallback to the next page', () => {
    const cursor = encodeCursor({ order: 'relevance', fingerprint, fuzzy: true }, { key: 0.7, id });
    expect(decodeCursor(cursor, { order: 'relevance', fingerprint }).fuzzy).toBe(true);
  });

  const rejects = (raw: string, order: 'newest' | 'price_asc' = 'newest', fp = fingerprint) =>
    expect(() => decodeCursor(raw, { order, fingerprint: fp })).toThrow(expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED' }));
  const b64 = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');

  it('rejects garbage, tampering and cursors of another listing with 400', () => {
    const good = encodeCursor({ order: 'newest', fingerprint, fuzzy: false }, { key: '2026-11-20T15:00:00.123456Z', id });
    rejects('not a cursor!');
    rejects(b64('hello'));
    rejects(Buffer.from('{"v":1,').toString('base64url'));
    rejects(good.slice(0, -3) + (good.endsWith('AAA') ? 'BBB' : 'AAA'));
    rejects(good, 'price_asc'); // another sort order
    rejects(good, 'newest', filterFingerprint(['other filters'])); // other filters
    rejects(b64({ v: 1, o: 'newest', f: fingerprint, k: '2026-11-20', i: id })); // key of the wrong shape
    rejects(b64({ v: 1, o: 'newest', f: fingerprint, k: '2026-11-20T15:00:00.123456Z', i: 'not-a-uuid' }));
    rejects(b64({ v: 1, o: 'price_asc', f: fingerprint, k: 1.5, i: id }), 'price_asc');
    rejects(b64({ v: 2, o: 'newest', f: fingerprint, k: '2026-11-20T15:00:00.123456Z', i: id }));
    rejects(b64({ v: 1, o: 'newest', f: fingerprint, k: '2026-11-20T15:00:00.123456Z', i: id, extra: 1 }));
  });

  it('gives the same fingerprint for the same filters only', () => {
    expect(filterFingerprint(['a', null])).toBe(filterFingerprint(['a', null]));
    expect(filterFingerprint(['a', null])).not.toBe(filterFingerprint(['a', 'b']));
  });
});
