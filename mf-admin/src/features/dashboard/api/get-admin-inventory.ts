import { ADMIN_INVENTORY_PAGE_SIZE, AdminInventoryList, ApiPaths, TOTAL_COUNT_HEADER } from '@pl/contracts';
import { apiRequest, infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@pl/ui';
import { nextInventoryOffset, parseTotalCount, type AdminInventoryPage } from '../utils/inventory-pages.js';
import { adminInventoryKeyPrefix, useAdminFreshness } from '../../../shared/team-cache.js';

/**
 * GET /api/admin/inventory?q&limit&offset: one page of products with their variants and stock,
 * newest first; the total-count header says how many match. apiRequest (not apiJson) because the
 * total is in a header: it still sends the session cookie and turns a 401/403 into the error the
 * dashboard's access check reads.
 */
export async function fetchAdminInventoryPage(q: string, offset: number, signal?: AbortSignal): Promise<AdminInventoryPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  params.set('limit', String(ADMIN_INVENTORY_PAGE_SIZE));
  params.set('offset', String(offset));
  const res = await apiRequest('GET', `${ApiPaths.catalog.adminInventory}?${params}`, undefined, { signal });
  return { entries: AdminInventoryList.parse(await res.json()), total: parseTotalCount(res.headers.get(TOTAL_COUNT_HEADER)) };
}



/** The pages of one search, fetched by offset ('Show more'). A refetch fetches every loaded page again. */
export const adminInventoryQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...adminInventoryKeyPrefix, { q }],
    queryFn: ({ pageParam, signal }) => fetchAdminInventoryPage(q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextInventoryOffset(pages, ADMIN_INVENTORY_PAGE_SIZE),
  });

/** While a new search loads, the previous results stay on screen rather than a skeleton. */
export function useAdminInventory(q: string) {
  useAdminFreshness();
  return useInfiniteQuery({ ...adminInventoryQueryOptions(q), placeholderData: keepPreviousData });
}

export type AdminInventoryResult = ReturnType<typeof useAdminInventory>;
