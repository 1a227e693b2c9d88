import { ApiPaths, type Location } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { accountCache } from '../../../shared/team-cache.js';

/** GET /api/locations (catalog): names the pickup location of an order. This team's own entry (decision 036); typed by the contract, not parsed (decision 025), as the other teams'. */
export async function fetchLocations(): Promise<Location[]> {
  return apiJson<Location[]>('GET', ApiPaths.catalog.locations);
}

export function useLocations() {
  return useQuery(queryOptions({ queryKey: accountCache.key(ApiPaths.catalog.locations), queryFn: fetchLocations }));
}
