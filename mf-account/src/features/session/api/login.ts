import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, DomEvents, type LoginPayload } from '@pl/contracts';
import { apiJson, emitDomEvent, serverMessage, toast } from '@pl/ui';
import { currentUserQueryKey } from './get-current-user.js';

/** POST /api/auth/login */
export function login(payload: LoginPayload): Promise<unknown> {
  return apiJson('POST', ApiPaths.auth.login, payload);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      toast({ title: 'Success', description: 'Logged in successfully' });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      // The guest cart was merged into the customer's: the cart team refetches on this.
      emitDomEvent(DomEvents.cartUpdated, {});
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to login', variant: 'destructive' });
    },
  });
}
