import { ApiPaths, type Location } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { cartCache } from '../../../shared/team-cache.js';

/** GET /api/locations: where an order can be picked up. This team's own entry (decision 036). */
export async function fetchLocations(): Promise<Location[]> {
  return apiJson<Location[]>('GET', ApiPaths.catalog.locations);
}

export function useLocations() {
  return useQuery(queryOptions({ queryKey: cartCache.key(ApiPaths.catalog.locations), queryFn: fetchLocations }));
}
