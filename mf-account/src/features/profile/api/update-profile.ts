import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type UpdateProfilePayload } from '@pl/contracts';
import { apiJson, toast } from '@pl/ui';
import { refreshCurrentUser } from '../../../shared/api/session-cache.js';

/** PATCH /api/auth/profile: names, phone and e-mail (a new e-mail has to be verified again). */
export function updateProfile(changes: UpdateProfilePayload): Promise<unknown> {
  return apiJson('PATCH', ApiPaths.auth.profile, changes);
}

/** Errors are shown inside the Edit Profile form, next to what the customer typed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
      await refreshCurrentUser(queryClient);
    },
  });
}
