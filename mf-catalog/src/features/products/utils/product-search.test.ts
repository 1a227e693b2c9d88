import { buildProduct, buildVariant } from '../testing/build-product';
import { featuredProducts, filterProducts, isSimilarOnly, uniqueProducts } from './product-search';

describe('filterProducts', () => {
  const products = [
    buildProduct({ id: 'a', title: 'Gaming Mouse', brand: 'Logi', description: 'Wireless' }),
    buildProduct({ id: 'b', title: 'Desk Lamp', brand: null, description: 'LED lamp for the office' }),
    buildProduct({ id: 'c', title: 'Headphones', brand: 'Sony', description: null }),
  ];
  const ids = (query: string) => filterProducts(products, query).map((p) => p.id);

  it('matches title, brand and description case-insensitively', () => {
    expect(ids('MOUSE')).toEqual(['a']);
    expect(ids('sony')).toEqual(['c']);
    expect(ids('Office')).toEqual(['b']);
  });

  it('matches part of a word as the shopper types', () => {
    expect(ids('hea')).toEqual(['c']);
    expect(ids('l')).toEqual(['a', 'b']);
  });

  it('needs every word, in any field and any order', () => {
    expect(ids('sony headphones')).toEqual(['c']);
    expect(ids('headphones  SONY')).toEqual(['c']);
    expect(ids('sony lamp')).toEqual([]);
  });

  it('returns everything for an empty query and nothing for no match', () => {
    expect(ids('  ')).toEqual(['a', 'b', 'c']);
    expect(ids('toaster')).toEqual([]);
  });
});

describe('uniqueProducts', () => {
  it('keeps the first copy of a product that two pages both returned', () => {
    const a = buildProduct({ id: 'a' });
    const b = buildProduct({ id: 'b' });
    expect(uniqueProducts([a, b, { ...a, title: 'later copy' }])).toEqual([a, b]);
  });
});

describe('featuredProducts', () => {
  it('puts products that can be bought first, skips products without variants, and takes the count', () => {
    const soldOut = buildProduct({ id: 'sold', variants: [buildVariant({ totalAvailable: 0 })] });
    const empty = buildProduct({ id: 'empty', variants: [] });
    const x = buildProduct({ id: 'x' });
    const y = buildProduct({ id: 'y' });
    expect(featuredProducts([soldOut, empty, x, y], 2).map((p) => p.id)).toEqual(['x', 'y']);
    expect(featuredProducts([soldOut, empty, x], 8).map((p) => p.id)).toEqual(['x', 'sold']);
  });
});

describe('isSimilarOnly', () => {
  const laptop = buildProduct({ title: 'Refurbished Laptop', brand: 'Acme', description: null });

  it("recognises the server's spelling-closeness answer, where nothing contains the words typed", () => {
    expect(isSimilarOnly([laptop], 'labtop')).toBe(true);
  });

  it('is false for real matches, an empty answer or no search', () => {
    expect(isSimilarOnly([laptop], 'lapt')).toBe(false);
    expect(isSimilarOnly([], 'labtop')).toBe(false);
    expect(isSimilarOnly([laptop], '')).toBe(false);
  });
});
