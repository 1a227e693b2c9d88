import { ApiPaths, LocationList, type Location } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { accountCache } from '../../../shared/team-cache.js';

/** GET /api/locations (catalog): names the pickup location of an order. This team's own entry (decision 036). */
export async function fetchLocations(): Promise<Location[]> {
  return LocationList.parse(await apiJson('GET', ApiPaths.catalog.locations));
}

export function useLocations() {
  return useQuery(queryOptions({ queryKey: accountCache.key(ApiPaths.catalog.locations), queryFn: fetchLocations }));
}
