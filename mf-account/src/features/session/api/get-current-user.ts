import { queryOptions, useQuery } from '@tanstack/react-query';
import { Customer } from '@pl/contracts';
import { errorStatus, getQueryFn } from '@pl/ui';
import { currentUserQueryKey } from './current-user-key.js';

const fetchMe = getQueryFn<unknown>({ on401: 'returnNull' });

/**
 * GET /api/auth/me: the signed-in customer, or null for a guest (a 401). Spec §4: failure is
 * not retried; any other failure leaves the shopper treated as a guest.
 */
export async function fetchCurrentUser(context: Parameters<typeof fetchMe>[0]): Promise<Customer | null> {
  const body = await fetchMe(context);
  return body === null ? null : Customer.parse(body);
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, retry: false });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { ...query, user: query.data ?? null, isUnauthorized: errorStatus(query.error) === 401 };
}
