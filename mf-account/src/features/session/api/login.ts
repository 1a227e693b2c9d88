import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, DomEvents, type LoginPayload } from '@pl/contracts';
import { apiJson, emitDomEvent, serverMessage, toast } from '@pl/ui';
import { refreshCurrentUser } from './session-cache.js';

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
      // The guest cart was merged into the customer's: the cart team refetches on this.
      emitDomEvent(DomEvents.cartUpdated, {});
      await refreshCurrentUser(queryClient);
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to login', variant: 'destructive' });
    },
  });
}
