import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, SyncTriggerResult } from '@pl/contracts';
import { apiJson, serverMessage, toast } from '@pl/ui';
import { adminInventoryKeyPrefix } from '../../dashboard/api/get-admin-inventory.js';
import { eventsQueryOptions } from '../../dashboard/api/get-events.js';
import { syncStatusQueryOptions } from '../../dashboard/api/get-sync-status.js';
import { SYNC_FAILED_FALLBACK, syncCompletedText } from '../utils/pos-settings-rules.js';

/** POST /api/admin/sync/trigger: pulls products and stock from the POS; answers when the run is over. */
export async function triggerSync(): Promise<SyncTriggerResult> {
  return SyncTriggerResult.parse(await apiJson('POST', ApiPaths.pos.trigger));
}

/** A 409 (a sync is already running) is a failure like any other: its message says why. */
export function useTriggerSync() {
  const queryClient = useQueryClient();
  // Succeeded or not, the run changed the status (error text) and may have written events and stock.
  const refreshDashboard = () =>
    Promise.all(
      [syncStatusQueryOptions().queryKey, eventsQueryOptions().queryKey, adminInventoryKeyPrefix].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn: triggerSync,
    onSuccess: (result) => {
      toast({ title: 'Sync Completed', description: syncCompletedText(result.stats) });
      void refreshDashboard();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Sync Failed', description: serverMessage(error) ?? SYNC_FAILED_FALLBACK });
      void refreshDashboard();
    },
  });
}
