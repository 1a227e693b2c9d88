import { ApiPaths, SyncStatus } from '@pl/contracts';
import { apiJson, queryOptions, useIsMutating, useQuery } from '@pl/ui';
import { adminCache } from '../team-cache.js';

/** Spec §9: the sync status is polled every 10 s. */
export const SYNC_STATUS_POLL_MS = 10_000;
/** While a run goes, its progress bar moves every second. */
export const SYNC_PROGRESS_POLL_MS = 1_000;

/** GET /api/admin/sync/status */
export async function fetchSyncStatus(): Promise<SyncStatus> {
  return SyncStatus.parse(await apiJson('GET', ApiPaths.pos.status));
}

/** The 'Sync from POS' request (its mutation key): while it waits for its run, the status shows that run's progress. */
export const SYNC_TRIGGER_MUTATION_KEY = adminCache.key(ApiPaths.pos.trigger);

export const syncStatusQueryOptions = () => queryOptions({ queryKey: adminCache.key(ApiPaths.pos.status), queryFn: fetchSyncStatus, refetchInterval: SYNC_STATUS_POLL_MS });

export function useSyncStatus() {
  const triggering = useIsMutating({ mutationKey: SYNC_TRIGGER_MUTATION_KEY }) > 0;
  return useQuery({
    ...syncStatusQueryOptions(),
    refetchInterval: (query) => (triggering || query.state.data?.run?.status === 'running' ? SYNC_PROGRESS_POLL_MS : SYNC_STATUS_POLL_MS),
  });
}
