import type { CartLine } from '@pl/contracts';
import { repricedLines } from './price-changes';

const line = (id: string, price: string): Pick<CartLine, 'id' | 'variant'> => ({
  id,
  variant: { sku: `SKU-${id}`, title: `Item ${id}`, image: null, conditionGrade: 'OPEN_BOX', oneOfAKind: false, conditionNotes: null, price },
});

describe('repricedLines', () => {
  it('names the lines whose price changed since they were shown, whichever way', () => {
    const before = [line('a', '40.00'), line('b', '10.00'), line('c', '5.00')];
    expect(repricedLines(before, [line('a', '36.00'), line('b', '10.00'), line('c', '6.00')]).map((l) => l.id)).toEqual(['a', 'c']);
  });

  it('does not count a line added or removed as a price change', () => {
    expect(repricedLines([line('a', '40.00'), line('b', '10.00')], [line('a', '40.00'), line('n', '99.00')])).toEqual([]);
  });
});
