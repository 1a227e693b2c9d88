import { createRefusalMemo, REFUSAL_MEMORY_MS } from './refusal-memo.js';

const held = { code: 'HELD_BY_ANOTHER', message: 'Sorry, this item is reserved by another shopper' };

function memoAt(start = 1_000_000) {
  const clock = { now: start };
  const memo = createRefusalMemo(() => clock.now);
  memo.listening(true);
  return { memo, clock };
}

describe('the refusal memo', () => {
  it('repeats a refusal to anyone asking for as many units or more, not for fewer', () => {
    const { memo } = memoAt();
    memo.remember('SKU-1', 2, { code: 'INSUFFICIENT_STOCK', message: 'Only 1 left' }, memo.mark());
    expect(memo.recall('SKU-1', 2)?.message).toBe('Only 1 left');
    expect(memo.recall('SKU-1', 3)?.message).toBe('Only 1 left');
    expect(memo.recall('SKU-1', 1)).toBeUndefined();
    expect(memo.recall('SKU-2', 2)).toBeUndefined();
  });

  it('forgets a refusal when its sku changes, and only that sku', () => {
    const { memo } = memoAt();
    memo.remember('SKU-1', 1, held, memo.mark());
    memo.remember('SKU-2', 1, held, memo.mark());
    memo.changed('SKU-1');
    expect(memo.recall('SKU-1', 1)).toBeUndefined();
    expect(memo.recall('SKU-2', 1)).toEqual(held);
  });

  it('does not keep a refusal read before a change of its sku was heard', () => {
    const { memo } = memoAt();
    const mark = memo.mark();
    memo.changed('SKU-1'); // the unit was released while the read was under way
    memo.remember('SKU-1', 1, held, mark);
    expect(memo.recall('SKU-1', 1)).toBeUndefined();
    // A change of another sku does not spoil the read.
    const later = memo.mark();
    memo.changed('SKU-9');
    memo.remember('SKU-1', 1, held, later);
    expect(memo.recall('SKU-1', 1)).toEqual(held);
  });

  it(`trusts a refusal for ${REFUSAL_MEMORY_MS} ms at most`, () => {
    const { memo, clock } = memoAt();
    memo.remember('SKU-1', 1, held, memo.mark());
    clock.now += REFUSAL_MEMORY_MS - 1;
    expect(memo.recall('SKU-1', 1)).toEqual(held);
    clock.now += 1;
    expect(memo.recall('SKU-1', 1)).toBeUndefined();
  });

  it('keeps nothing while the announcements are not heard, and forgets everything when they stop', () => {
    const memo = createRefusalMemo();
    memo.remember('SKU-1', 1, held, memo.mark());
    expect(memo.recall('SKU-1', 1)).toBeUndefined();

    memo.listening(true);
    const inFlight = memo.mark();
    memo.remember('SKU-1', 1, held, memo.mark());
    memo.listening(false);
    expect(memo.recall('SKU-1', 1)).toBeUndefined();
    memo.listening(true);
    memo.remember('SKU-1', 1, held, inFlight); // begun before the gap: changes may have been missed
    expect(memo.recall('SKU-1', 1)).toBeUndefined();
  });
});
