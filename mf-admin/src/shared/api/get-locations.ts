import { ApiPaths, LocationList, type Location } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../team-cache.js';

/** GET /api/locations (catalog): names the inventory table's location columns. This team's own entry (decision 036). */
export async function fetchLocations(): Promise<Location[]> {
  return LocationList.parse(await apiJson('GET', ApiPaths.catalog.locations));
}

export function useLocations() {
  return useQuery(queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.locations), queryFn: fetchLocations }));
}
