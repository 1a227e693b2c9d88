import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, LocationList, type Location } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/** GET /api/locations (catalog): names the inventory table's location columns. Same key as the other teams', so the cache is shared. */
export async function fetchLocations(): Promise<Location[]> {
  return LocationList.parse(await apiJson('GET', ApiPaths.catalog.locations));
}

export function useLocations() {
  return useQuery(queryOptions({ queryKey: [ApiPaths.catalog.locations], queryFn: fetchLocations }));
}
