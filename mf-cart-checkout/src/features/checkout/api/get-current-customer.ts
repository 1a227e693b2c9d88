import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Customer } from '@pl/contracts';
import { getQueryFn } from '@pl/ui';

const fetchMe = getQueryFn<Customer | null>({ on401: 'returnNull' });

/**
 * GET /api/auth/me: the signed-in customer, or null for a guest (401), who must then give an
 * e-mail address at checkout. Same key and shape as the account team's query, so they share a cache entry.
 */
export function useCurrentCustomer() {
  return useQuery(
    queryOptions({
      queryKey: [ApiPaths.auth.me],
      queryFn: fetchMe,
      retry: false,
    }),
  );
}
