import { ApiPaths, PosConfig } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/pos-config: whether settings are saved and the saved URL. The API key never comes back. */
export async function fetchPosConfig(): Promise<PosConfig> {
  return PosConfig.parse(await apiJson('GET', ApiPaths.pos.config));
}

export const posConfigQueryKey = adminCache.key(ApiPaths.pos.config);
export const posConfigQueryOptions = () => queryOptions({ queryKey: posConfigQueryKey, queryFn: fetchPosConfig });

export function usePosConfig() {
  return useQuery(posConfigQueryOptions());
}
