import { ApiPaths } from '@pl/contracts';
import { apiRequest, serverMessage, toast, useNavigate, useMutation, useQueryClient } from '@pl/ui';
import { sessionChanged } from '../../../shared/api/session-cache.js';

/** POST /api/auth/logout: ends the server-side session and clears the cookie. */
export async function logout(): Promise<void> {
  await apiRequest('POST', ApiPaths.auth.logout);
}

/** Spec §4: logout refreshes the current user, clears all cached data and goes home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Leave the customer's pages first, so none of them refetches as a guest on the way out.
      navigate('/');
      toast({ title: 'Success', description: 'Logged out successfully' });
      await sessionChanged(queryClient, false);
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to logout', variant: 'destructive' });
    },
  });
}
