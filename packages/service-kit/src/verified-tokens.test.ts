import { createVerifiedTokenMemo } from './verified-tokens.js';

describe('verified token memo', () => {
  let clock = 1_000_000;
  const now = () => clock;
  const expIn = (seconds: number) => Math.floor(clock / 1000) + seconds;

  it('answers a remembered token until its expiry, and never at or after it', () => {
    const memo = createVerifiedTokenMemo<string>({ now, maxAgeMs: 600_000 });
    const exp = expIn(30);
    memo.remember('t', 'claims', exp);
    expect(memo.get('t')).toBe('claims');
    clock = exp * 1000 - 1;
    expect(memo.get('t')).toBe('claims');
    clock = exp * 1000;
    expect(memo.get('t')).toBeUndefined();
    expect(memo.size()).toBe(0);
  });

  it('forgets a token after maxAgeMs even if it expires later (a withdrawn key stops it within that bound)', () => {
    const memo = createVerifiedTokenMemo<string>({ now, maxAgeMs: 60_000 });
    memo.remember('t', 'claims', expIn(3600));
    clock += 59_999;
    expect(memo.get('t')).toBe('claims');
    clock += 1;
    expect(memo.get('t')).toBeUndefined();
  });

  it('does not keep a token that has already expired', () => {
    const memo = createVerifiedTokenMemo<string>({ now });
    memo.remember('t', 'claims', expIn(-1));
    expect(memo.get('t')).toBeUndefined();
    expect(memo.size()).toBe(0);
  });

  it('knows only the exact text it was given', () => {
    const memo = createVerifiedTokenMemo<string>({ now });
    memo.remember('header.payload.signature', 'claims', expIn(60));
    expect(memo.get('header.payload.signaturE')).toBeUndefined();
    expect(memo.get('header.payload.signature ')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently remembered first', () => {
    const memo = createVerifiedTokenMemo<number>({ now, maxEntries: 3 });
    for (const i of [1, 2, 3]) memo.remember(`t${i}`, i, expIn(60));
    memo.remember('t1', 1, expIn(60)); // remembered again: now the newest
    memo.remember('t4', 4, expIn(60));
    expect(memo.size()).toBe(3);
    expect(memo.get('t2')).toBeUndefined();
    expect([memo.get('t1'), memo.get('t3'), memo.get('t4')]).toEqual([1, 3, 4]);
  });
});
