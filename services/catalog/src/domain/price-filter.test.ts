import { parsePriceRange } from './price-filter.js';

describe('parsePriceRange', () => {
  it('turns decimal prices into cents', () => {
    expect(parsePriceRange({ minPrice: '19.99', maxPrice: '250' })).toEqual({ minCents: 1999, maxCents: 25000 });
    expect(parsePriceRange({ minPrice: '0.5' })).toEqual({ minCents: 50, maxCents: undefined });
    expect(parsePriceRange({})).toEqual({ minCents: undefined, maxCents: undefined });
  });

  it('accepts a single price as both bounds', () => {
    expect(parsePriceRange({ minPrice: '10', maxPrice: '10.00' })).toEqual({ minCents: 1000, maxCents: 1000 });
  });

  it('rejects a minimum above the maximum with 400', () => {
    expect(() => parsePriceRange({ minPrice: '100', maxPrice: '99.99' })).toThrow(
      expect.objectContaining({ status: 400, message: 'minPrice: must not be above maxPrice' }),
    );
  });
});
