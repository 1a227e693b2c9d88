import { ApiPaths, type Customer } from '@pl/contracts';
import { readJson, retryWhileUnavailable, queryOptions, useQuery } from '@pl/ui';
import { cartCache } from '../../../shared/team-cache.js';

/**
 * GET /api/auth/me: the signed-in customer, or null for a guest (401), who must then give an
 * e-mail address at checkout. This team's own entry: a sign-in or sign-out resets it (the
 * account team's `shop:session-changed`).
 */
export function useCurrentCustomer() {
  return useQuery(
    queryOptions({
      queryKey: cartCache.key(ApiPaths.auth.me),
      queryFn: ({ signal }) => readJson<Customer>(ApiPaths.auth.me, { on401: 'returnNull', signal }),
      // A 503 (identity out of reach for a moment) is asked again, not taken for a guest (decision 045).
      ...retryWhileUnavailable,
    }),
  );
}
