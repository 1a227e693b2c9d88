import {
  CategoryIds,
  ConditionGrades,
  ProductSorts,
  type CategoryId,
  type ConditionGrade,
  type ProductSort,
} from '@pl/contracts';

/**
 * The products page's search, filters and sort, kept in the URL so a filtered list can be shared,
 * bookmarked and reached with Back. The URL uses the API's own parameter names (contracts
 * `ProductListQuery`), so the same search string is both the page's state and its API query.
 */
export interface ProductFilters {
  q: string;
  category?: CategoryId;
  conditions: ConditionGrade[];
  /** Decimal strings as the API takes them ("19.99"). */
  minPrice?: string;
  maxPrice?: string;
  inStock: boolean;
  sort: ProductSort;
}

export const DEFAULT_SORT: ProductSort = 'newest';
export const EMPTY_FILTERS: ProductFilters = { q: '', conditions: [], inStock: false, sort: DEFAULT_SORT };
/** The API refuses longer searches (contracts `ProductListQuery`). */
export const MAX_SEARCH_LENGTH = 200;

/**
 * The spec's footer links to `?category=computers` and `?category=accessories`, which are not among
 * the eight categories. Both are electronics in this shop (Electronics is "TVs, audio, cameras,
 * computers and accessories"), so they open Electronics with a note saying so, rather than an error
 * or an empty page. Any other unknown category shows every product with a note.
 */
export const CATEGORY_ALIASES: Readonly<Record<string, CategoryId>> = {
  computers: 'electronics',
  accessories: 'electronics',
};

export type CategoryNote =
  | { kind: 'alias'; requested: string; category: CategoryId }
  | { kind: 'unknown'; requested: string };

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/** A price as typed ("$19.9", " 20 ") → the API's form ("19.9", "20"); undefined when it is not a price. */
export function normalizePrice(text: string | null | undefined): string | undefined {
  const value = (text ?? '').trim().replace(/^\$\s*/, '');
  return PRICE.test(value) ? value : undefined;
}

const isCategory = (value: string): value is CategoryId => (CategoryIds as readonly string[]).includes(value);
const isGrade = (value: string): value is ConditionGrade => (ConditionGrades as readonly string[]).includes(value);
const isSort = (value: string): value is ProductSort => (ProductSorts as readonly string[]).includes(value);

/**
 * Reads the filters from a URL. Tolerant: a hand-edited or outdated link never breaks the page;
 * values the API would refuse are dropped (a bad price, an unknown grade or sort), a reversed
 * price range is swapped.
 */
export function parseFilters(params: URLSearchParams): { filters: ProductFilters; categoryNote?: CategoryNote } {
  const rawCategory = (params.get('category') ?? '').trim().toLowerCase();
  let category: CategoryId | undefined;
  let categoryNote: CategoryNote | undefined;
  if (rawCategory) {
    if (isCategory(rawCategory)) category = rawCategory;
    else if (CATEGORY_ALIASES[rawCategory]) {
      category = CATEGORY_ALIASES[rawCategory];
      categoryNote = { kind: 'alias', requested: rawCategory, category };
    } else categoryNote = { kind: 'unknown', requested: rawCategory };
  }

  const conditions = ConditionGrades.filter((g) =>
    (params.get('condition') ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(isGrade)
      .includes(g),
  );

  let minPrice = normalizePrice(params.get('minPrice'));
  let maxPrice = normalizePrice(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && Number(minPrice) > Number(maxPrice)) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }

  const sort = params.get('sort') ?? '';
  const filters: ProductFilters = {
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    conditions,
    inStock: params.get('inStock') === 'true',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
  if (category) filters.category = category;
  if (minPrice !== undefined) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  return categoryNote ? { filters, categoryNote } : { filters };
}

/**
 * The filters as URL / API parameters, in a fixed order and without defaults, so equal filters
 * always give the same string (it is part of the query key).
 */
export function filtersToParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.category) params.set('category', filters.category);
  const conditions = ConditionGrades.filter((g) => filters.conditions.includes(g));
  if (conditions.length > 0) params.set('condition', conditions.join(','));
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  if (filters.inStock) params.set('inStock', 'true');
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  return params;
}

/** True when two API queries ask for the same list apart from the search text. */
export function differsOnlyInSearch(a: string, b: string): boolean {
  const strip = (search: string) => {
    const params = new URLSearchParams(search);
    params.delete('q');
    return params.toString();
  };
  return strip(a) === strip(b);
}

/** How many filters (not search or sort) are on: the count on the Filter button. */
export function activeFilterCount(filters: ProductFilters): number {
  return (
    (filters.category ? 1 : 0) +
    (filters.conditions.length > 0 ? 1 : 0) +
    (filters.minPrice || filters.maxPrice ? 1 : 0) +
    (filters.inStock ? 1 : 0)
  );
}

/** The filters with every filter cleared; the search text and the sort stay. */
export function clearFilters(filters: ProductFilters): ProductFilters {
  return { ...EMPTY_FILTERS, q: filters.q, sort: filters.sort };
}

export type PriceRangeResult =
  | { ok: true; minPrice?: string; maxPrice?: string }
  | { ok: false; field: 'minPrice' | 'maxPrice'; message: string };

/** Checks the price range typed in the filter panel; blank means "no limit". */
export function readPriceRange(minText: string, maxText: string): PriceRangeResult {
  const fields = [
    ['minPrice', minText],
    ['maxPrice', maxText],
  ] as const;
  const out: { minPrice?: string; maxPrice?: string } = {};
  for (const [field, text] of fields) {
    if (text.trim() === '') continue;
    const price = normalizePrice(text);
    if (price === undefined) return { ok: false, field, message: 'Enter a price such as 19.99' };
    out[field] = price;
  }
  if (out.minPrice !== undefined && out.maxPrice !== undefined && Number(out.minPrice) > Number(out.maxPrice)) {
    return { ok: false, field: 'maxPrice', message: 'The maximum price must not be below the minimum' };
  }
  return { ok: true, ...out };
}

export type FilterKind = 'category' | 'conditions' | 'price' | 'inStock';

/** The filters with one kind of filter removed (the × on an active-filter chip). */
export function withoutFilter(filters: ProductFilters, kind: FilterKind): ProductFilters {
  const next: ProductFilters = { ...filters };
  if (kind === 'category') delete next.category;
  if (kind === 'conditions') next.conditions = [];
  if (kind === 'price') {
    delete next.minPrice;
    delete next.maxPrice;
  }
  if (kind === 'inStock') next.inStock = false;
  return next;
}
