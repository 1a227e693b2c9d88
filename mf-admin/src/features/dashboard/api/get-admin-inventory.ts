import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type Query } from '@tanstack/react-query';
import { ADMIN_INVENTORY_PAGE_SIZE, AdminInventoryList, ApiPaths, TOTAL_COUNT_HEADER } from '@pl/contracts';
import { apiRequest, useTeamFreshness, type FreshnessRules } from '@pl/ui';
import { nextInventoryOffset, parseTotalCount, type AdminInventoryPage } from '../utils/inventory-pages.js';
import { adminCache, adminInventoryKeyPrefix } from '../../../shared/team-cache.js';

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


const isInventoryQuery = (query: Query) => query.queryKey[1] === adminInventoryKeyPrefix[1];

/**
 * Spec §4: the admin's inventory is live. Shortly after a burst of inventory.updated events (a POS
 * sync sends thousands) and whenever the websocket (re)connects, every loaded page of every search
 * is fetched again; for the rest of the page's life, so a list cached before comes back current.
 */
const liveInventory: FreshnessRules = { refetchAfterInventory: isInventoryQuery, refetchOnResync: isInventoryQuery };

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
  useTeamFreshness(adminCache, liveInventory);
  return useInfiniteQuery({ ...adminInventoryQueryOptions(q), placeholderData: keepPreviousData });
}

export type AdminInventoryResult = ReturnType<typeof useAdminInventory>;
