import { buildProduct } from '../testing/build-product';
import { showsAnyOf } from './product-refresh';

const showsProduct = (cached: unknown, id: string) => showsAnyOf(cached, new Set([id]));

describe('which product queries show a listing', () => {
  const mine = buildProduct({ id: 'p-mine' });
  const other = buildProduct({ id: 'p-other' });

  it('finds it as the product of a page, in a list and on any loaded page of an infinite list', () => {
    expect(showsProduct(mine, 'p-mine')).toBe(true);
    expect(showsProduct({ data: [other, mine], nextCursor: null }, 'p-mine')).toBe(true);
    expect(showsProduct({ pages: [{ data: [other] }, { data: [mine] }], pageParams: [undefined, 'c1'] }, 'p-mine')).toBe(true);
  });

  it('finds any of many listings (a markdown names a thousand at once)', () => {
    const many = new Set(Array.from({ length: 1000 }, (_, i) => `p-${i}`));
    expect(showsAnyOf({ data: [other] }, many)).toBe(false);
    many.add('p-other');
    expect(showsAnyOf({ data: [other] }, many)).toBe(true);
    expect(showsAnyOf(other, many)).toBe(true);
  });

  it('leaves alone queries that do not show it, and ones with nothing yet', () => {
    expect(showsProduct(other, 'p-mine')).toBe(false);
    expect(showsProduct({ data: [other] }, 'p-mine')).toBe(false);
    expect(showsProduct({ pages: [{ data: [other] }], pageParams: [undefined] }, 'p-mine')).toBe(false);
    expect(showsProduct(undefined, 'p-mine')).toBe(false);
    expect(showsProduct([{ category: 'x', count: 1 }], 'p-mine')).toBe(false);
  });
});
