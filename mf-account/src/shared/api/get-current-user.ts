import type { Customer } from '@pl/contracts';
import { ApiPaths } from '@pl/contracts';
import { errorStatus, readJson, retryWhileUnavailable, queryOptions, useQuery } from '@pl/ui';
import { currentUserQueryKey } from '../team-cache.js';

/**
 * GET /api/auth/me: the signed-in customer, or null for a guest (a 401). Spec §4: a failure is not
 * retried, but a 503 is no failure to settle on: it is "not now" (identity could not be asked), and
 * taken as a guest it would sign the customer out on screen. It is asked again after its Retry-After,
 * pending meanwhile (decision 045); only when that runs out is the shopper treated as a guest.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => readJson<Customer>(ApiPaths.auth.me, { on401: 'returnNull', signal }),
    ...retryWhileUnavailable,
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { ...query, user: query.data ?? null, isUnauthorized: errorStatus(query.error) === 401 };
}
