import { ApiPaths, type Location } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../team-cache.js';

/** GET /api/locations (catalog): names the inventory table's location columns. This team's own entry (decision 036); typed by the contract, not parsed (decision 025), as the other teams'. */
export async function fetchLocations(): Promise<Location[]> {
  return apiJson<Location[]>('GET', ApiPaths.catalog.locations);
}

export function useLocations() {
  return useQuery(queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.locations), queryFn: fetchLocations }));
}
