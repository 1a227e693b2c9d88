import { ApiPaths, type LoginPayload } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { sessionChanged } from '../../../shared/api/session-cache.js';

/** POST /api/auth/login: the gateway checks the credentials with identity and sets the session cookie. */
export function login(payload: LoginPayload): Promise<unknown> {
  return apiJson('POST', ApiPaths.auth.login, payload);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Logged in successfully' });
      // Every team refreshes its own data (the guest's cart was merged into the customer's).
      await sessionChanged(queryClient, true);
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to login', variant: 'destructive' });
    },
  });
}
