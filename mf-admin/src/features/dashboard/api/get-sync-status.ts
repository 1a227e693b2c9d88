import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, SyncStatus } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/** Spec §9: the sync status is polled every 10 s. */
export const SYNC_STATUS_POLL_MS = 10_000;

/** GET /api/admin/sync/status */
export async function fetchSyncStatus(): Promise<SyncStatus> {
  return SyncStatus.parse(await apiJson('GET', ApiPaths.pos.status));
}

export const syncStatusQueryOptions = () =>
  queryOptions({ queryKey: [ApiPaths.pos.status], queryFn: fetchSyncStatus, refetchInterval: SYNC_STATUS_POLL_MS });

export function useSyncStatus() {
  return useQuery(syncStatusQueryOptions());
}
