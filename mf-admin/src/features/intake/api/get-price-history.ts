import { ApiPaths, PriceHistory } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/price-history/:productId: every price change of the listing's variants, newest first. */
export async function fetchPriceHistory(productId: string): Promise<PriceHistory> {
  return PriceHistory.parse(await apiJson('GET', ApiPaths.catalog.priceHistory(productId)));
}

/** Read again when the listing changes (its price included: shared/team-cache.ts). */
export const priceHistoryQueryOptions = (productId: string) =>
  queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.priceHistory(productId)), queryFn: () => fetchPriceHistory(productId) });

export function usePriceHistory(productId: string) {
  return useQuery(priceHistoryQueryOptions(productId));
}
