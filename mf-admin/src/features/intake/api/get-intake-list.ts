import { ApiPaths, IntakeList } from '@pl/contracts';
import { apiJson, infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@pl/ui';
import { intakeListQuery, nextIntakeOffset, type DeskSearch } from '../utils/intake-queue.js';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/intake?queue&q&limit&offset: one page of the queue with the total that matches. */
export async function fetchIntakeList(search: DeskSearch, offset: number, signal?: AbortSignal): Promise<IntakeList> {
  return IntakeList.parse(await apiJson('GET', `${ApiPaths.catalog.intake}?${intakeListQuery(search, offset)}`, undefined, { signal }));
}

/** Every queue's key starts with the path, so a change at the desk refreshes them all by this prefix. */
export const intakeListKeyPrefix = adminCache.key(ApiPaths.catalog.intake);

/**
 * The pages of one queue and search, fetched by offset ('Show more'). Kept live by product.updated
 * (shared/team-cache.ts): a change to any listing fetches every loaded page again.
 */
export const intakeListQueryOptions = (search: DeskSearch) =>
  infiniteQueryOptions({
    queryKey: [...intakeListKeyPrefix, search],
    queryFn: ({ pageParam, signal }) => fetchIntakeList(search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextIntakeOffset(pages),
  });

/** While another queue or search loads, the previous listings stay on screen (dimmed) rather than a skeleton. */
export function useIntakeList(search: DeskSearch) {
  return useInfiniteQuery({ ...intakeListQueryOptions(search), placeholderData: keepPreviousData });
}

export type IntakeListResult = ReturnType<typeof useIntakeList>;
