import { ApiPaths, AUDIT_PAGE_SIZE, AuditPage } from '@pl/contracts';
import { apiJson, infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';
import { auditListQuery, type AuditFilters } from '../utils/audit-filters.js';

/** GET /api/admin/audit?…: one page of the filtered log, newest first, after `cursor`. */
export async function fetchAuditPage(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  return AuditPage.parse(await apiJson('GET', `${ApiPaths.pos.audit}?${auditListQuery(filters, cursor, AUDIT_PAGE_SIZE)}`, undefined, { signal }));
}

/** The pages of one set of filters, each after the last one's cursor ('Load more'). */
export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminCache.key(ApiPaths.pos.audit), filters],
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** While other filters load, the previous entries stay on screen (dimmed) rather than a skeleton. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({ ...auditLogQueryOptions(filters), placeholderData: keepPreviousData });
}

export type AuditLogResult = ReturnType<typeof useAuditLog>;
