import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiPaths, DomEvents } from '@pl/contracts';
import { apiRequest, emitDomEvent, serverMessage, toast } from '@pl/ui';

/** POST /api/auth/logout */
export async function logout(): Promise<void> {
  await apiRequest('POST', ApiPaths.auth.logout);
}

/** Spec §4: logout clears all cached data, refreshes the current user and goes home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      navigate('/');
      await queryClient.resetQueries();
      emitDomEvent(DomEvents.cartUpdated, {});
      toast({ title: 'Success', description: 'Logged out successfully' });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to logout', variant: 'destructive' });
    },
  });
}
