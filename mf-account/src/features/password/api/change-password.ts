import { ApiPaths } from '@pl/contracts';
import { apiRequest, toast, useMutation, useQueryClient } from '@pl/ui';
import { refreshCurrentUser } from '../../../shared/api/session-cache.js';

/** POST /api/auth/change-password: needs the current password; the confirmation stays in the form. */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await apiRequest('POST', ApiPaths.auth.changePassword, input);
}

/** Errors (a wrong current password) are shown inside the Change Password form. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      toast({ title: 'Password changed', description: 'Your password has been changed.' });
      // Changing the password may end other sessions; the current user shows what is left.
      await refreshCurrentUser(queryClient);
    },
  });
}
