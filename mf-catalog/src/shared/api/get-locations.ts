import { ApiPaths, type Location } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { catalogCache } from '../team-cache.js';

/** GET /api/locations: the shop's stores and warehouses. */
export async function fetchLocations(): Promise<Location[]> {
  return apiJson<Location[]>('GET', ApiPaths.catalog.locations);
}

export const locationsQueryOptions = () => queryOptions({ queryKey: catalogCache.key(ApiPaths.catalog.locations), queryFn: fetchLocations });

export function useLocations() {
  return useQuery(locationsQueryOptions());
}
