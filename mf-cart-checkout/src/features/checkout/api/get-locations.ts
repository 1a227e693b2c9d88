import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Location } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/** GET /api/locations: where an order can be picked up. Same key as the catalog's, so the cache is shared. */
export async function fetchLocations(): Promise<Location[]> {
  return apiJson<Location[]>('GET', ApiPaths.catalog.locations);
}

export function useLocations() {
  return useQuery(queryOptions({ queryKey: [ApiPaths.catalog.locations], queryFn: fetchLocations }));
}
