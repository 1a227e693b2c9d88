import { accountRemote, ApiPaths, DomEvents } from '@pl/contracts';
import { teamCache, useTeamFreshness, type FreshnessRules, type Query, type QueryClient } from '@pl/ui';

/**
 * The account team's share of the page's query cache (decision 036): every key of this team is
 * made here and starts with its remote name, so no other team reads or refreshes these entries.
 */
export const accountCache = teamCache(accountRemote.name);

/** Who is signed in: GET /api/auth/me. */
export const currentUserQueryKey = accountCache.key(ApiPaths.auth.me);
/** Every order query of this team (the history, each order) starts with this key. */
export const ordersKeyPrefix = accountCache.key(ApiPaths.cart.orders);

const isCurrentUser = (queryKey: readonly unknown[]) => queryKey[1] === currentUserQueryKey[1];
const isOrderQuery = (query: Query) => query.queryKey[1] === ordersKeyPrefix[1];
const ordersStale = (client: QueryClient) => void client.invalidateQueries({ queryKey: ordersKeyPrefix });

/**
 * What the shell's and the other teams' signals mean for this team's data, for the rest of the
 * page's life: an order that moved on, or one just placed, is read again; so are the orders after
 * the websocket (re)connects (events may have been missed). A sign-in or sign-out (this team says
 * so itself) drops everything cached for the previous shopper but who is signed in, which the
 * sign-in or sign-out has already fetched afresh.
 */
export const accountFreshness: FreshnessRules = {
  refetchOnResync: isOrderQuery,
  on: {
    [DomEvents.orderUpdated]: ordersStale,
    [DomEvents.orderPlaced]: ordersStale,
  },
  onSessionChanged(client) {
    // Not `queryClient.clear()`: that drops the queries while mounted observers keep showing the old
    // customer's data, and no later invalidation reaches them. Unused queries are dropped; every
    // other one is reset to empty and refetched by whoever shows it.
    const previousShopper = (query: Query) => accountCache.owns(query) && !isCurrentUser(query.queryKey);
    client.removeQueries({ type: 'inactive', predicate: previousShopper });
    void client.resetQueries({ predicate: previousShopper });
  },
};

/** Keeps this team's data in step with the signals (called by the header's AccountArea, on every page, and the order pages). */
export function useAccountFreshness(): void {
  useTeamFreshness(accountCache, accountFreshness);
}
