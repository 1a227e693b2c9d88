import { ApiPaths } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { refreshCurrentUser } from '../../../shared/api/session-cache.js';
import { messageOf } from '../utils/message-of.js';

/** POST /api/auth/verify-email: confirms the address with the token from the mailed link. */
export async function verifyEmail(token: string): Promise<string | undefined> {
  return messageOf(await apiJson<unknown>('POST', ApiPaths.auth.verifyEmail, { token }));
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async (message) => {
      toast({ title: 'Email verified', description: message ?? 'Your email address has been verified.' });
      await refreshCurrentUser(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to verify email. The link may have expired.',
        variant: 'destructive',
      }),
  });
}
