import { ApiPaths } from '@pl/contracts';
import { apiRequest, useMutation } from '@pl/ui';

/** POST /api/auth/forgot-password: the response is not read; any success shows the confirmation. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('POST', ApiPaths.auth.forgotPassword, { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
