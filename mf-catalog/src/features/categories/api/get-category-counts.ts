import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, CategoryCountList, type CategoryCount } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/** GET /api/categories/counts: how many products each category has. */
export async function fetchCategoryCounts(): Promise<CategoryCount[]> {
  return CategoryCountList.parse(await apiJson('GET', ApiPaths.catalog.categoryCounts));
}

export const categoryCountsQueryOptions = () =>
  queryOptions({ queryKey: [ApiPaths.catalog.categoryCounts], queryFn: fetchCategoryCounts });

export function useCategoryCounts() {
  return useQuery(categoryCountsQueryOptions());
}
