import { resultCountText } from './result-count';

describe('resultCountText', () => {
  it('says how many match in all when more are there than shown', () => {
    expect(resultCountText(24, 200)).toBe('Showing 24 of 200 products');
    expect(resultCountText(24, 1000, true)).toBe('Showing 24 of 1,000+ products');
    expect(resultCountText(48, 49)).toBe('Showing 48 of 49 products');
  });

  it('says only what is shown when that is everything, or when the total is unknown', () => {
    expect(resultCountText(7, 7)).toBe('Showing 7 products');
    expect(resultCountText(1, 1)).toBe('Showing 1 product');
    expect(resultCountText(3, undefined)).toBe('Showing 3 products');
  });
});
