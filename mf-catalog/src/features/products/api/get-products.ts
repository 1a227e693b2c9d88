import { ApiPaths, type ProductList } from '@pl/contracts';
import { apiJson, firstViewAnswerOf, infiniteQueryOptions, queryOptions, useQuery } from '@pl/ui';
import { catalogCache } from '../../../shared/team-cache.js';

/**
 * GET /api/products[?search]: one page of products, `{ data, nextCursor }`. The bare path is the
 * spec's call (its first page); the search string carries filters, sort and `cursor`.
 */
export async function fetchProducts(search = '', signal?: AbortSignal): Promise<ProductList> {
  return apiJson<ProductList>('GET', productsRead(search), undefined, { signal });
}

/** The read of a list's first page (also what the gateway names as a list page's first-view read). */
export const productsRead = (search = '') => (search ? `${ApiPaths.catalog.products}?${search}` : ApiPaths.catalog.products);

/** The first page of the list `search` as the page was served with it (decision 076), while the page is where it was opened. */
export const servedList = (search = '') => firstViewAnswerOf<ProductList>(productsRead(search));

/** Every product query of the catalog team starts with this key: useLiveProducts keeps them all live. */
export const productsKeyPrefix = catalogCache.key(ApiPaths.catalog.products);

/** The unfiltered first page (the home page's Featured Products). */
export const productsQueryOptions = () =>
  queryOptions({ queryKey: productsKeyPrefix, queryFn: ({ signal }) => fetchProducts('', signal) });

/** The unfiltered first page; on the page it was served with, it starts from that answer (see useProduct). */
export function useProducts() {
  const served = servedList();
  return useQuery({ ...productsQueryOptions(), initialData: served?.body, initialDataUpdatedAt: served?.at });
}

/**
 * The products page: pages of one filtered list, fetched by cursor ('Load more'). `search` is the
 * list's query without a cursor (filtersToParams), so equal filters share one cache entry.
 * Refetching (after a stock change) fetches every loaded page again, so none is lost.
 */
export const productPagesQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: catalogCache.key(ApiPaths.catalog.products, 'list', search),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(search);
      if (pageParam) params.set('cursor', pageParam);
      return fetchProducts(params.toString(), signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
