import { ApiPaths, IntakeDetail } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/intake/:productId: the listing, its inspections (newest first) and a POS grade waiting (404 when unknown). */
export async function fetchIntakeDetail(productId: string): Promise<IntakeDetail> {
  return IntakeDetail.parse(await apiJson('GET', ApiPaths.catalog.intakeDetail(productId)));
}

/** The listing's key; an inspection or a photo change puts its answer here. */
export const intakeDetailQueryKey = (productId: string) => adminCache.key(ApiPaths.catalog.intakeDetail(productId));

export const intakeDetailQueryOptions = (productId: string) =>
  queryOptions({ queryKey: intakeDetailQueryKey(productId), queryFn: () => fetchIntakeDetail(productId) });

export function useIntakeDetail(productId: string) {
  return useQuery(intakeDetailQueryOptions(productId));
}
