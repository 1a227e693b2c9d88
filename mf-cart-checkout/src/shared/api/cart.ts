import { useEffect } from 'react';
import { ApiPaths, DomEvents, type Cart, type ProductUpdatedMessage } from '@pl/contracts';
import { apiJson, coalescedRefresh, INVENTORY_REFRESH_DELAY_MS, refetchAfterFetches, useTeamFreshness, type FreshnessRules, matchQuery, queryOptions, useQuery, useQueryClient, type QueryClient } from '@pl/ui';
import { cartCache } from '../team-cache.js';

/** GET /api/cart: the shopper's cart (guests have one too: the gateway's anonymous session). */
export async function fetchCart({ signal }: { signal?: AbortSignal } = {}): Promise<Cart> {
  return apiJson<Cart>('GET', ApiPaths.cart.cart, undefined, { signal });
}

export const cartQueryKey = cartCache.key(ApiPaths.cart.cart);
// The signal lets a refetch that is overtaken (another invalidation, the page left) be cancelled.
export const cartQueryOptions = () => queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => fetchCart({ signal }) });

/**
 * A change this team made: the server answers every change with the cart as it now is, and that
 * answer is what the page shows, without asking again. Nobody else needs telling: every view of
 * the cart is this team's and reads this cache (`cart:updated` is how the other teams tell us).
 */
export function cartWritten(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartQueryKey, cart);
}

/** The cart may have changed in a way this page has not seen (a refused change, a payment's return): ask again. */
export function cartStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: cartQueryKey });
}

/** The cart. Kept fresh by useCartEvents, which the header's CartButton runs once per page. */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cartQueryOptions(), enabled });
}

/**
 * One part of the cart (`select`, kept stable by the caller): the component renders again only when
 * that part changes, not with every answer. A list page has two dozen add-to-cart buttons, and a
 * query's change renders its components synchronously: the cart's first answer rendered all of them
 * again in one task, though none but a held unique item's shows anything of the cart.
 */
export function useCartPart<T>(select: (cart: Cart) => T) {
  return useQuery({ ...cartQueryOptions(), select });
}

/** Per page (its QueryClient): the cart's refetch after listings' prices changed, one for a burst. */
const priceRefreshes = new WeakMap<QueryClient, ReturnType<typeof coalescedRefresh>>();

/**
 * Listings' prices changed (product:updated, what 'price': a markdown, decision 058): a cart with a
 * line of one is asked again, for the server prices every line at the catalog's price now. After the
 * same short wait as stock, and never cancelling a read under way: a markdown run announcing
 * thousands of listings costs a cart a read or two. A line that does not say its listing (the
 * catalog could not be asked at the last read) may be of any.
 */
export function cartPriceChanged(client: QueryClient, message: Pick<ProductUpdatedMessage, 'productIds' | 'what'>): void {
  if (message.what !== 'price') return;
  const lines = client.getQueryData<Cart>(cartQueryKey)?.lines ?? [];
  const changed = new Set(message.productIds);
  if (!lines.some((l) => l.variant.productId === undefined || changed.has(l.variant.productId))) return;
  let refresh = priceRefreshes.get(client);
  if (!refresh) {
    refresh = coalescedRefresh(() => refetchAfterFetches(client, (query) => matchQuery({ queryKey: cartQueryKey }, query)), INVENTORY_REFRESH_DELAY_MS);
    priceRefreshes.set(client, refresh);
  }
  refresh.signal();
}

/**
 * What keeps the cart fresh, for the rest of the page's life: a change another team announces
 * (`cart:updated`); stock moving on an item in this cart (a hold ended, the store sold one in
 * person: the server's answer says what that means for the line, so the panel and checkout follow
 * it live); a price change of a listing in it (its lines and totals follow it live, before payment);
 * the websocket (re)connecting (holds may have expired while it was down). A sign-in or sign-out
 * resets every query of this team (the default), so the merged or new cart is fetched.
 */
export const liveCart: FreshnessRules = {
  onInventoryUpdated(client, message) {
    if (client.getQueryData<Cart>(cartQueryKey)?.lines.some((l) => l.variant.sku === message.sku)) cartStale(client);
  },
  refetchOnResync: (query) => query.queryKey[1] === ApiPaths.cart.cart,
  on: {
    [DomEvents.cartUpdated]: (client) => cartStale(client),
    [DomEvents.productUpdated]: cartPriceChanged,
  },
};

/**
 * Keeps the cart fresh (liveCart). Called by the header's CartButton, which is on every page.
 *
 * The CartButton arrives after the page's first view (the layout's parts wait for it): a cart the
 * page fetched before then may have missed an event, so it is asked again once, as the socket's
 * resync does. A cart still loading, or none yet, needs nothing.
 */
export function useCartEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if ((queryClient.getQueryState(cartQueryKey)?.dataUpdatedAt ?? 0) > 0) cartStale(queryClient);
  }, [queryClient]);
  useTeamFreshness(cartCache, liveCart);
}
