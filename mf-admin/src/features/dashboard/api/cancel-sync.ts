import { ApiPaths, SyncTriggerAccepted } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { syncStatusQueryOptions } from '../../../shared/api/get-sync-status.js';

/** POST /api/admin/sync/cancel: the running sync stops after the batches it is writing (its end is announced like any run's). */
export async function cancelSync(): Promise<SyncTriggerAccepted> {
  return SyncTriggerAccepted.parse(await apiJson('POST', ApiPaths.pos.cancel));
}

export function useCancelSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSync,
    onSettled: () => queryClient.invalidateQueries({ queryKey: syncStatusQueryOptions().queryKey }),
    onError: (error) => toast({ variant: 'destructive', title: 'Cancel Failed', description: serverMessage(error) ?? 'Failed to cancel the sync' }),
  });
}
