import { ApiPaths, type CategoryCount } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { catalogCache } from '../../../shared/team-cache.js';

/** GET /api/categories/counts: how many products each category has. */
export async function fetchCategoryCounts(): Promise<CategoryCount[]> {
  return apiJson<CategoryCount[]>('GET', ApiPaths.catalog.categoryCounts);
}

export const categoryCountsQueryOptions = () =>
  queryOptions({ queryKey: catalogCache.key(ApiPaths.catalog.categoryCounts), queryFn: fetchCategoryCounts });

export function useCategoryCounts() {
  return useQuery(categoryCountsQueryOptions());
}
