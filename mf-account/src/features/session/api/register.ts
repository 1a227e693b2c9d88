import { ApiPaths, type RegisterPayload } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { sessionChanged } from '../../../shared/api/session-cache.js';

/** POST /api/auth/register: creates the customer and signs them in (the gateway sets the cookie). */
export function register(payload: RegisterPayload): Promise<unknown> {
  return apiJson('POST', ApiPaths.auth.register, payload);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async () => {
      // An address signs in once confirmed (decision 044): say so now, not after a failed sign-in.
      toast({ title: 'Success', description: `Account created successfully. We've e-mailed you a link to confirm your address; until you do, sign in with your username.` });
      await sessionChanged(queryClient, true);
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to create account', variant: 'destructive' });
    },
  });
}
