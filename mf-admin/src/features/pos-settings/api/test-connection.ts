import { ApiPaths, TestConnectionResult } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation } from '@pl/ui';
import { TEST_FAILED_FALLBACK } from '../../../shared/utils/pos-settings-rules.js';

/** GET /api/admin/sync/test-connection: tries the SAVED POS settings. */
export async function testPosConnection(): Promise<TestConnectionResult> {
  return TestConnectionResult.parse(await apiJson('GET', ApiPaths.pos.testConnection));
}

/**
 * On demand, so a mutation rather than a cached query: every click asks the POS again.
 * A request that fails outright (no settings, service down) reads as a failed connection.
 */
export function useTestConnection() {
  return useMutation({
    mutationFn: async (): Promise<TestConnectionResult> => {
      try {
        return await testPosConnection();
      } catch (error) {
        return { connected: false, message: serverMessage(error) ?? TEST_FAILED_FALLBACK };
      }
    },
    onSuccess: (result) => {
      toast(
        result.connected
          ? { title: 'Connection Successful', description: result.message }
          : { variant: 'destructive', title: 'Connection Failed', description: result.message },
      );
    },
  });
}
