import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { listPageTitle, ProductSorts, type ProductSort } from '@pl/contracts';
import { Button, conditionBadgeLook, formatPrice, Input, Select, usePageTitle, useSearchParams, useInfiniteQuery } from '@pl/ui';
import { categories } from '../../../shared/utils/category-list.js';
import { LastSyncIndicator } from '../../../shared/components/last-sync-indicator.js';
import { productPagesQueryOptions, servedList } from '../api/get-products.js';
import { useLiveProducts } from '../api/use-live-products.js';
import {
  activeFilterCount,
  clearFilters,
  DEFAULT_SORT,
  differsOnlyInSearch,
  filtersToParams,
  MAX_SEARCH_LENGTH,
  parseFilters,
  withoutFilter,
  type CategoryNote,
  type FilterKind,
  type ProductFilters,
} from '../utils/product-filters.js';
import { filterProducts, isSimilarOnly, uniqueProducts } from '../utils/product-search.js';
import { resultCountText } from '../utils/result-count.js';
import { LoadError } from '../../../shared/components/load-error.js';
import { ProductFiltersPanel } from './product-filters-panel.js';
import { ProductGrid, ProductGridSkeleton } from './product-grid.js';

/** Typing pauses this long before the search goes to the URL and the server; the loaded list filters at once. */
const SEARCH_DEBOUNCE_MS = 250;
const FILTERS_PANEL_ID = 'product-filters';

const sortLabels: Record<ProductSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  discount: 'Biggest Discount',
  title: 'Name: A to Z',
};

const categoryName = (id: string) => categories.find((c) => c.id === id)?.name ?? id;

/**
 * The product listing (spec §2 "Products page"): search as you type, filters, sort, a grid of
 * cards and 'Load more'. Search, filters and sort live in the URL (see product-filters.ts). The
 * search filters the loaded products at once, case-insensitively over title, brand and
 * description; after a pause it also goes to the server (`q`), which searches the whole catalogue.
 */
export function ProductsPage() {
  useLiveProducts();
  const [params, setParams] = useSearchParams();
  const { filters, categoryNote } = useMemo(() => parseFilters(params), [params]);
  const [text, setText] = useState(filters.q);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // The URL changed from outside (the header search, Back): show its search text, unless it is
  // what is being typed (trailing spaces included) and the URL is just catching up. Only on a
  // change: on the first render the text is the URL's already, and text typed into the page's
  // server-rendered first screen arrives as the app takes over (decision 076), before the URL has it.
  const urlSearch = useRef(filters.q);
  useEffect(() => {
    if (urlSearch.current === filters.q) return;
    urlSearch.current = filters.q;
    setText((current) => (current.trim() === filters.q ? current : filters.q));
  }, [filters.q]);

  const writeSearch = useCallback(
    (q: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (q) next.set('q', q);
          else next.delete('q');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const typed = text.trim().slice(0, MAX_SEARCH_LENGTH);
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => writeSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.q, writeSearch]);

  // Filters and sort are new history entries (Back undoes them); typing replaces the entry.
  const showList = (next: ProductFilters) => setParams(filtersToParams({ ...next, q: typed }));
  const applyFilters = (next: ProductFilters) => {
    showList(next);
    setFiltersOpen(false);
  };

  const search = filtersToParams(filters).toString();
  // The list the page was served with (decision 076), as the query's first page.
  const servedPage = servedList(search);
  const [served] = useState(() => servedPage !== undefined);
  const list = useInfiniteQuery({
    ...productPagesQueryOptions(search),
    initialData: servedPage && { pages: [servedPage.body], pageParams: [undefined] },
    initialDataUpdatedAt: servedPage?.at,
    // While a new search text loads, keep the previous results (narrowed locally below) rather
    // than flashing a skeleton; a new filter or sort is a different list, so it shows the skeleton.
    placeholderData: (previous, previousQuery) =>
      previousQuery && differsOnlyInSearch(String(previousQuery.queryKey.at(-1)), search) ? previous : undefined,
  });

  const loaded = useMemo(
    () => uniqueProducts(list.data?.pages.flatMap((page) => page.data) ?? []).filter((p) => p.variants.length > 0),
    [list.data],
  );
  // The list on screen is not yet the server's answer for the typed text: filter it here.
  const narrowing = list.isPlaceholderData || typed !== filters.q;
  const shown = useMemo(() => (narrowing ? filterProducts(loaded, typed) : loaded), [narrowing, loaded, typed]);
  const waitingForServer = narrowing && (list.isFetching || typed !== filters.q);
  const similarOnly = !narrowing && isSimilarOnly(loaded, filters.q);
  const filterCount = activeFilterCount(filters);

  const first = list.data?.pages[0];
  usePageTitle(list.isPending || narrowing ? undefined : listPageTitle(filters.category ? categoryName(filters.category) : 'All products', filters.q, first?.total ?? shown.length, first?.totalIsAtLeast));

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    writeSearch(typed);
  };

  return (
    <div className="pl-container pl-page cat-products">
      <h1 className="pl-page__title">{filters.category ? categoryName(filters.category) : 'All Products'}</h1>
      <p className="pl-page__lead">Inspected, graded and ready to ship or pick up.</p>
      {categoryNote && <CategoryNoteText note={categoryNote} />}

      <div className="cat-toolbar">
        <form role="search" aria-label="Products" className="cat-toolbar__search" onSubmit={submitSearch}>
          <label htmlFor="products-search" className="pl-visually-hidden">
            Search products
          </label>
          <Input
            id="products-search"
            type="search"
            placeholder="Search products..."
            autoComplete="off"
            maxLength={MAX_SEARCH_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
        <Button
          variant={filtersOpen || filterCount > 0 ? 'secondary' : 'outline'}
          aria-expanded={filtersOpen}
          aria-controls={FILTERS_PANEL_ID}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 5h18l-7 8v6l-4 2v-8z" />
          </svg>
          Filter
          {filterCount > 0 && (
            <span className="cat-toolbar__count">
              <span className="pl-visually-hidden">, </span>
              {filterCount}
              <span className="pl-visually-hidden"> active</span>
            </span>
          )}
        </Button>
        <div className="cat-toolbar__sort">
          <label htmlFor="products-sort" className="cat-toolbar__sort-label">
            Sort
          </label>
          <Select
            id="products-sort"
            value={filters.sort}
            onChange={(event) => showList({ ...filters, sort: event.target.value as ProductSort })}
          >
            {ProductSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {filtersOpen && (
        <ProductFiltersPanel
          // A new draft whenever the filters in the URL change (Back, a chip removed), not on search or sort.
          key={filtersToParams({ ...filters, q: '', sort: DEFAULT_SORT }).toString()}
          id={FILTERS_PANEL_ID}
          filters={filters}
          onApply={applyFilters}
        />
      )}
      <ActiveFilters filters={filters} onRemove={(kind) => applyFilters(withoutFilter(filters, kind))} />

      <div className="cat-results__bar">
        <p className="cat-results__count" aria-live="polite">
          {list.isPending || waitingForServer || similarOnly || shown.length === 0 ? '\u00a0' : resultCountText(shown.length, narrowing ? undefined : list.data?.pages[0]?.total, list.data?.pages[0]?.totalIsAtLeast)}
        </p>
        <LastSyncIndicator dataUpdatedAt={list.dataUpdatedAt} className="cat-live--compact" />
      </div>

      {list.isPending ? (
        <ProductGridSkeleton />
      ) : list.isError && !list.data ? (
        <LoadError what="products" error={list.error} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 && waitingForServer ? (
        <ProductGridSkeleton />
      ) : shown.length === 0 || similarOnly ? (
        <>
          <div className="cat-empty">
            <p>No products found matching your search.</p>
            {filterCount > 0 && (
              <Button variant="outline" size="sm" onClick={() => applyFilters(clearFilters(filters))}>
                Clear filters
              </Button>
            )}
          </div>
          {similarOnly && (
            <section className="cat-section" aria-labelledby="similar-heading">
              <h2 id="similar-heading" className="cat-section__title">
                Similar products
              </h2>
              <ProductGrid products={shown} label="Similar products" served={served} />
            </section>
          )}
        </>
      ) : (
        <>
          {/* For the outline: the cards' titles are h3, and a level may not be skipped under the h1. */}
          <h2 className="pl-visually-hidden">Products</h2>
          <ProductGrid products={shown} label="Products" served={served} />
          {list.isFetchNextPageError && (
            <p className="cat-error cat-results__more-error" role="alert">
              We couldn't load more products. Please try again.
            </p>
          )}
          {list.hasNextPage && !narrowing && (
            <div className="cat-results__more">
              <Button variant="outline" size="lg" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function CategoryNoteText({ note }: { note: CategoryNote }) {
  return (
    <p className="cat-note" role="status">
      {note.kind === 'alias'
        ? `${capitalize(note.requested)} are listed under ${categoryName(note.category)}.`
        : `We don't have a category called "${note.requested}", so every product is shown.`}
    </p>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function priceRangeLabel(min?: string, max?: string): string {
  if (min && max) return `${formatPrice(min)} – ${formatPrice(max)}`;
  return min ? `From ${formatPrice(min)}` : `Up to ${formatPrice(max)}`;
}

/** The filters in force as removable chips, so a filter that came with a link is visible and easy to drop. */
function ActiveFilters({ filters, onRemove }: { filters: ProductFilters; onRemove: (kind: FilterKind) => void }) {
  const chips: Array<{ kind: FilterKind; label: string }> = [];
  if (filters.category) chips.push({ kind: 'category', label: categoryName(filters.category) });
  if (filters.conditions.length > 0) {
    chips.push({ kind: 'conditions', label: filters.conditions.map((g) => conditionBadgeLook(g).label).join(', ') });
  }
  if (filters.minPrice || filters.maxPrice) chips.push({ kind: 'price', label: priceRangeLabel(filters.minPrice, filters.maxPrice) });
  if (filters.inStock) chips.push({ kind: 'inStock', label: 'In stock only' });
  if (chips.length === 0) return null;
  return (
    <ul className="cat-chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.kind} className="cat-chip">
          <span>{chip.label}</span>
          <button type="button" className="cat-chip__remove" aria-label={`Remove filter: ${chip.label}`} onClick={() => onRemove(chip.kind)}>
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
