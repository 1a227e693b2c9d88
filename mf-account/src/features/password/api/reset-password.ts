import { ApiPaths } from '@pl/contracts';
import { apiRequest, useMutation } from '@pl/ui';

/** POST /api/auth/reset-password: the token from the link and the new password (not the confirmation). */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiRequest('POST', ApiPaths.auth.resetPassword, input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
