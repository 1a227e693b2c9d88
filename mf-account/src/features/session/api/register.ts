import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, DomEvents, type RegisterPayload } from '@pl/contracts';
import { apiJson, emitDomEvent, serverMessage, toast } from '@pl/ui';
import { currentUserQueryKey } from './get-current-user.js';

/** POST /api/auth/register */
export function register(payload: RegisterPayload): Promise<unknown> {
  return apiJson('POST', ApiPaths.auth.register, payload);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      toast({ title: 'Success', description: 'Account created successfully' });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      emitDomEvent(DomEvents.cartUpdated, {});
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to create account', variant: 'destructive' });
    },
  });
}
