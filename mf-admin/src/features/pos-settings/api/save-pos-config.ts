import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, SavePosConfigPayload } from '@pl/contracts';
import { apiRequest, serverMessage, toast } from '@pl/ui';
import { SAVE_FAILED_FALLBACK, type PosSettingsFields } from '../../../shared/utils/pos-settings-rules.js';
import { posConfigQueryKey } from './get-pos-config.js';

/** POST /api/admin/pos-config {posUrl, apiKey} */
export async function savePosConfig(payload: PosSettingsFields): Promise<void> {
  await apiRequest('POST', ApiPaths.pos.config, SavePosConfigPayload.parse(payload));
}

/** Resolves once the saved settings have been read back, so the form can show what is now saved. */
export function useSavePosConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePosConfig,
    onSuccess: async () => {
      toast({ title: 'Settings Saved', description: 'POS configuration has been updated successfully' });
      await queryClient.invalidateQueries({ queryKey: posConfigQueryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Save Failed', description: serverMessage(error) ?? SAVE_FAILED_FALLBACK });
    },
  });
}
