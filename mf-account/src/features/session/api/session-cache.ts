import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from './current-user-key.js';

const isCurrentUser = (queryKey: readonly unknown[]) => queryKey[0] === currentUserQueryKey[0];

/**
 * Spec §4: sign-in and registration refresh the current user. Awaited before the caller moves on,
 * so /account does not see the stale "guest" answer and bounce the new customer to /.
 */
export async function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  // A first fetch still in flight may have been answered before the change we are reacting to;
  // invalidating alone would join it (react-query reuses an in-flight fetch of a query with no
  // data yet) and keep its stale answer. Cancel it, then fetch afresh.
  await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
  await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}

/**
 * Spec §4: logout clears all cached data and refreshes the current user.
 * Not `queryClient.clear()`: that drops the queries from the cache while mounted observers (the
 * header's cart button, the page still on screen) keep showing the old customer's data, and no
 * later invalidation reaches them again. So: unused queries are dropped, every other query is
 * reset to empty and refetched by whoever shows it, and the current user is fetched again from
 * the server (kept, not emptied, meanwhile: an account page still on screen while the way home
 * renders must not take an empty user for a guest who needs the Sign In dialog).
 */
export async function clearCustomerData(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive', predicate: (q) => !isCurrentUser(q.queryKey) });
  await Promise.all([
    queryClient.resetQueries({ predicate: (q) => !isCurrentUser(q.queryKey) }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);
}
