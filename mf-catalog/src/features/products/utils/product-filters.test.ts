import {
  activeFilterCount,
  clearFilters,
  differsOnlyInSearch,
  EMPTY_FILTERS,
  filtersToParams,
  normalizePrice,
  parseFilters,
  readPriceRange,
  withoutFilter,
  type ProductFilters,
} from './product-filters';

const parse = (search: string) => parseFilters(new URLSearchParams(search));

describe('parseFilters (URL → filters)', () => {
  it('reads every filter the products page offers', () => {
    const { filters, categoryNote } = parse(
      '?q=lamp&category=home-garden&condition=USED,OPEN_BOX&minPrice=10&maxPrice=99.99&inStock=true&sort=price_asc',
    );
    expect(filters).toEqual({
      q: 'lamp',
      category: 'home-garden',
      conditions: ['OPEN_BOX', 'USED'],
      minPrice: '10',
      maxPrice: '99.99',
      inStock: true,
      sort: 'price_asc',
    });
    expect(categoryNote).toBeUndefined();
  });

  it('gives the defaults for a bare /products', () => {
    expect(parse('')).toEqual({ filters: EMPTY_FILTERS });
  });

  it("opens Electronics for the footer's computers and accessories links, and says so", () => {
    expect(parse('?category=computers')).toEqual({
      filters: { ...EMPTY_FILTERS, category: 'electronics' },
      categoryNote: { kind: 'alias', requested: 'computers', category: 'electronics' },
    });
    expect(parse('?category=Accessories').filters.category).toBe('electronics');
  });

  it('shows every product with a note for a category the shop does not have', () => {
    expect(parse('?category=spaceships')).toEqual({
      filters: EMPTY_FILTERS,
      categoryNote: { kind: 'unknown', requested: 'spaceships' },
    });
  });

  it('drops what the API would refuse instead of failing the page', () => {
    const { filters } = parse('?condition=MINT,used,,&minPrice=abc&maxPrice=-5&sort=random&inStock=yes');
    expect(filters).toEqual({ ...EMPTY_FILTERS, conditions: ['USED'] });
  });

  it('swaps a reversed price range', () => {
    const { filters } = parse('?minPrice=200&maxPrice=50');
    expect([filters.minPrice, filters.maxPrice]).toEqual(['50', '200']);
  });

  it('trims the search text and cuts it to what the API accepts', () => {
    expect(parse('?q=%20%20desk%20lamp%20').filters.q).toBe('desk lamp');
    expect(parse(`?q=${'x'.repeat(300)}`).filters.q).toHaveLength(200);
  });
});

describe('filtersToParams (filters → URL and API query)', () => {
  it('leaves out defaults so the plain list is /api/products with no query', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
  });

  it('writes the API parameter names in a fixed order with conditions best first', () => {
    const filters: ProductFilters = {
      q: ' lamp ',
      category: 'electronics',
      conditions: ['FOR_PARTS', 'NEW_IN_BOX'],
      minPrice: '5',
      maxPrice: '50.5',
      inStock: true,
      sort: 'discount',
    };
    expect(filtersToParams(filters).toString()).toBe(
      'q=lamp&category=electronics&condition=NEW_IN_BOX%2CFOR_PARTS&minPrice=5&maxPrice=50.5&inStock=true&sort=discount',
    );
  });

  it('round-trips through the URL', () => {
    const search = '?q=tv&category=gaming&condition=OPEN_BOX%2CUSED&maxPrice=300&inStock=true&sort=title';
    const once = filtersToParams(parse(search).filters);
    expect(parse(`?${once}`).filters).toEqual(parse(search).filters);
  });
});

describe('differsOnlyInSearch', () => {
  it('is true when only the search text changed', () => {
    expect(differsOnlyInSearch('q=lam&category=gaming', 'q=lamp&category=gaming')).toBe(true);
    expect(differsOnlyInSearch('category=gaming', 'q=lamp&category=gaming')).toBe(true);
  });

  it('is false when a filter or the sort changed', () => {
    expect(differsOnlyInSearch('q=lamp&category=gaming', 'q=lamp&category=clothing')).toBe(false);
    expect(differsOnlyInSearch('q=lamp', 'q=lamp&sort=title')).toBe(false);
  });
});

describe('activeFilterCount and clearFilters', () => {
  const filters: ProductFilters = {
    q: 'lamp',
    category: 'general',
    conditions: ['USED', 'FOR_PARTS'],
    minPrice: '1',
    maxPrice: '9',
    inStock: true,
    sort: 'price_desc',
  };

  it('counts each kind of filter once; search and sort are not filters', () => {
    expect(activeFilterCount(filters)).toBe(4);
    expect(activeFilterCount({ ...EMPTY_FILTERS, q: 'x', sort: 'title', maxPrice: '3' })).toBe(1);
  });

  it('clears the filters but keeps the search and the sort', () => {
    expect(clearFilters(filters)).toEqual({ ...EMPTY_FILTERS, q: 'lamp', sort: 'price_desc' });
  });
});

describe('prices typed in the filter panel', () => {
  it('accepts dollars and cents, with or without a $ sign', () => {
    expect(normalizePrice('$19.99')).toBe('19.99');
    expect(normalizePrice(' 20 ')).toBe('20');
    expect(normalizePrice('19.999')).toBeUndefined();
    expect(normalizePrice('1,000')).toBeUndefined();
  });

  it('treats blank as no limit and reports a bad or reversed range on the right field', () => {
    expect(readPriceRange('', '')).toEqual({ ok: true });
    expect(readPriceRange('10', '')).toEqual({ ok: true, minPrice: '10' });
    expect(readPriceRange('ten', '')).toMatchObject({ ok: false, field: 'minPrice' });
    expect(readPriceRange('50', '20')).toMatchObject({ ok: false, field: 'maxPrice' });
  });
});

describe('withoutFilter', () => {
  const filters: ProductFilters = {
    q: 'tv',
    category: 'electronics',
    conditions: ['USED'],
    minPrice: '10',
    maxPrice: '20',
    inStock: true,
    sort: 'title',
  };

  it('removes one kind of filter and keeps the rest', () => {
    expect(withoutFilter(filters, 'category')).toEqual({ ...filters, category: undefined });
    expect(filtersToParams(withoutFilter(filters, 'price')).toString()).toBe(
      'q=tv&category=electronics&condition=USED&inStock=true&sort=title',
    );
    expect(withoutFilter(filters, 'conditions').conditions).toEqual([]);
    expect(withoutFilter(filters, 'inStock').inStock).toBe(false);
  });
});
