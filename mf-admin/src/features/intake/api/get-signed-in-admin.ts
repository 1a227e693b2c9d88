import { ApiPaths, Customer } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/**
 * GET /api/auth/me: the admin at the desk, for the name an inspection may be signed with (their
 * first name). The desk's own read under its own key: the account team's cache is theirs (decision
 * 036). A sign-in or sign-out resets it with the rest of this team's queries.
 */
export async function fetchSignedInAdmin(): Promise<Customer> {
  return Customer.parse(await apiJson('GET', ApiPaths.auth.me));
}

export const signedInAdminQueryOptions = () => queryOptions({ queryKey: adminCache.key(ApiPaths.auth.me), queryFn: fetchSignedInAdmin });

export function useSignedInAdmin() {
  return useQuery(signedInAdminQueryOptions());
}
