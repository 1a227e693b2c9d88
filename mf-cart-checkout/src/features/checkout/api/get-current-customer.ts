import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, Customer } from '@pl/contracts';
import { getQueryFn } from '@pl/ui';

const fetchMe = getQueryFn<unknown>({ on401: 'returnNull' });

/**
 * GET /api/auth/me: the signed-in customer, or null for a guest (401), who must then give an
 * e-mail address at checkout. Same key and shape as the account team's query, so they share a cache entry.
 */
export function useCurrentCustomer() {
  return useQuery(
    queryOptions({
      queryKey: [ApiPaths.auth.me],
      queryFn: async (context): Promise<Customer | null> => {
        const body = await fetchMe(context);
        return body === null ? null : Customer.parse(body);
      },
      retry: false,
    }),
  );
}
