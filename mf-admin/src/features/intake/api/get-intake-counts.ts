import { ApiPaths, IntakeCounts } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/intake/counts: how many listings wait in each queue, and the stale queue's limit in days. */
export async function fetchIntakeCounts(): Promise<IntakeCounts> {
  return IntakeCounts.parse(await apiJson('GET', ApiPaths.catalog.intakeCounts));
}

/** Kept live with the queue by product.updated (shared/team-cache.ts), so the tabs and the list tell the same story. */
export const intakeCountsQueryOptions = () => queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.intakeCounts), queryFn: fetchIntakeCounts });

export function useIntakeCounts() {
  return useQuery(intakeCountsQueryOptions());
}
