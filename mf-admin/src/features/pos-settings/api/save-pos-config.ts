import { ApiPaths, PosConfig, SavePosConfigPayload } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { SAVE_FAILED_FALLBACK, type PosSettingsFields } from '../../../shared/utils/pos-settings-rules.js';
import { posConfigQueryKey } from './get-pos-config.js';

/** POST /api/admin/pos-config {posUrl, apiKey}: answers the settings as GET now answers them (never the key). */
export async function savePosConfig(payload: PosSettingsFields): Promise<PosConfig> {
  return PosConfig.parse(await apiJson<unknown>('POST', ApiPaths.pos.config, SavePosConfigPayload.parse(payload)));
}

/** The answer is the saved settings: the form shows them without reading them back. */
export function useSavePosConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePosConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(posConfigQueryKey, config);
      toast({ title: 'Settings Saved', description: 'POS configuration has been updated successfully' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Save Failed', description: serverMessage(error) ?? SAVE_FAILED_FALLBACK });
    },
  });
}
