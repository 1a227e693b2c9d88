import { ApiPaths, Customer, type UpdateProfilePayload } from '@pl/contracts';
import { apiJson, toast, useMutation, useQueryClient } from '@pl/ui';
import { currentUserQueryKey } from '../../../shared/team-cache.js';

/** PATCH /api/auth/profile: names, phone and e-mail (a new e-mail has to be verified again); answers the customer as now saved. */
export async function updateProfile(changes: UpdateProfilePayload): Promise<Customer> {
  return Customer.parse(await apiJson<unknown>('PATCH', ApiPaths.auth.profile, changes));
}

/** Errors are shown inside the Edit Profile form, next to what the customer typed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is what GET /api/auth/me would now say: it is shown without asking again.
    onSuccess: (customer) => {
      queryClient.setQueryData(currentUserQueryKey, customer);
      toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
    },
  });
}
