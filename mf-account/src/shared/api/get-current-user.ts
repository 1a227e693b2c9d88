import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@pl/contracts';
import { ApiPaths } from '@pl/contracts';
import { errorStatus, readJson } from '@pl/ui';
import { currentUserQueryKey } from '../team-cache.js';

/**
 * GET /api/auth/me: the signed-in customer, or null for a guest (a 401). Spec §4: failure is
 * not retried; any other failure leaves the shopper treated as a guest.
 */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => readJson<Customer>(ApiPaths.auth.me, { on401: 'returnNull', signal }), retry: false });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { ...query, user: query.data ?? null, isUnauthorized: errorStatus(query.error) === 401 };
}
