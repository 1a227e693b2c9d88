import { ApiPaths, DraftIntakeStarted, WaitingDrafts } from '@pl/contracts';
import { apiJson, queryOptions, useMutation, useQuery, useQueryClient } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';
import { refreshQueues } from './intake-action.js';

const waitingDraftsKey = adminCache.key(ApiPaths.catalog.manifestDrafts);

/** GET /api/admin/manifests/drafts?q&limit: the manifests' new skus waiting for their intake (not listings yet). */
export function useWaitingDrafts(q: string | undefined, limit: number) {
  return useQuery(
    queryOptions({
      queryKey: [...waitingDraftsKey, q ?? '', limit],
      queryFn: async () => WaitingDrafts.parse(await apiJson('GET', `${ApiPaths.catalog.manifestDrafts}?${new URLSearchParams({ ...(q ? { q } : {}), limit: String(limit) })}`)),
    }),
  );
}

/** POST …/drafts/:sku/intake: the draft becomes its listing (unpublished), which the desk then opens. */
export function useStartDraftIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sku: string) => DraftIntakeStarted.parse(await apiJson('POST', ApiPaths.catalog.draftIntake(sku))),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: waitingDraftsKey }), refreshQueues(queryClient)]),
  });
}
