import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, PosConfig } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/** GET /api/admin/pos-config: whether settings are saved and the saved URL. The API key never comes back. */
export async function fetchPosConfig(): Promise<PosConfig> {
  return PosConfig.parse(await apiJson('GET', ApiPaths.pos.config));
}

export const posConfigQueryKey = [ApiPaths.pos.config] as const;
export const posConfigQueryOptions = () => queryOptions({ queryKey: posConfigQueryKey, queryFn: fetchPosConfig });

export function usePosConfig() {
  return useQuery(posConfigQueryOptions());
}
