import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiPaths, DomEvents, type Cart } from '@pl/contracts';
import { apiJson, useDomEvent } from '@pl/ui';

/** GET /api/cart: the shopper's cart (guests have one too: the gateway's anonymous session). */
export async function fetchCart({ signal }: { signal?: AbortSignal } = {}): Promise<Cart> {
  return apiJson<Cart>('GET', ApiPaths.cart.cart, undefined, { signal });
}

export const cartQueryKey = [ApiPaths.cart.cart] as const;
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
 * Refetches the cart whenever any team announces a change with `cart:updated`. Call it from one
 * component that is always mounted (the header's CartButton), not from every useCart caller, or
 * one change refetches once per caller. After the websocket (re)connects the shell invalidates
 * the cart itself (holds may have expired while it was down).
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
  useDomEvent(DomEvents.cartUpdated, () => cartStale(queryClient));
  // Stock moved on an item in this cart (a hold ended, the store sold one in person): the server's
  // answer says what that means for the line, so the panel and checkout follow it live.
  useDomEvent(DomEvents.inventoryUpdated, (message) => {
    const cart = queryClient.getQueryData<Cart>(cartQueryKey);
    if (cart?.lines.some((l) => l.variant.sku === message.sku)) cartStale(queryClient);
  });
}
