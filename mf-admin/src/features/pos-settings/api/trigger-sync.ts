import { ApiPaths, SyncTriggerAccepted, SyncTriggerResult } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { refreshAfterSync } from '../../../shared/api/refresh-after-sync.js';
import { SYNC_TRIGGER_MUTATION_KEY, syncStatusQueryOptions } from '../../../shared/api/get-sync-status.js';
import { SYNC_FAILED_FALLBACK, syncCompletedText } from '../../../shared/utils/pos-settings-rules.js';

/**
 * POST /api/admin/sync/trigger: pulls products and stock from the POS. Answers the counts when the
 * run ends within a few seconds, else its id (202) while it goes on: the status then follows it.
 */
export async function triggerSync(): Promise<SyncTriggerResult | SyncTriggerAccepted> {
  const body = await apiJson('POST', ApiPaths.pos.trigger);
  return SyncTriggerResult.or(SyncTriggerAccepted).parse(body);
}

/**
 * A 409 (a sync is already running) is a failure like any other: its message says why. A run that
 * goes on is announced by whoever follows the status (the dashboard's useSyncRunAnnouncer);
 * `claim(runId)` says whether its end is still to be announced, so it is announced once.
 */
export function useTriggerSync(claim: (runId: string) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SYNC_TRIGGER_MUTATION_KEY,
    mutationFn: triggerSync,
    onSuccess: (result) => {
      if ('stats' in result && (result.runId === undefined || claim(result.runId))) {
        toast({ title: 'Sync Completed', description: syncCompletedText(result.stats) });
      }
      void ('stats' in result ? refreshAfterSync(queryClient) : queryClient.invalidateQueries({ queryKey: syncStatusQueryOptions().queryKey }));
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Sync Failed', description: serverMessage(error) ?? SYNC_FAILED_FALLBACK });
      void refreshAfterSync(queryClient);
    },
  });
}
