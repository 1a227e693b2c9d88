import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiPaths, Cart, DomEvents } from '@pl/contracts';
import { apiJson, emitDomEvent, useDomEvent } from '@pl/ui';

/** GET /api/cart: the shopper's cart (guests have one too: the gateway's anonymous session). */
export async function fetchCart(): Promise<Cart> {
  return Cart.parse(await apiJson('GET', ApiPaths.cart.cart));
}

export const cartQueryKey = [ApiPaths.cart.cart] as const;
export const cartQueryOptions = () => queryOptions({ queryKey: cartQueryKey, queryFn: fetchCart });

/** After any change to the cart: refetch it here and tell the other teams (`cart:updated`). */
export function cartChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: cartQueryKey });
  emitDomEvent(DomEvents.cartUpdated, {});
}

/**
 * The cart, refetched whenever any team announces a change with `cart:updated`, and after the
 * realtime connection comes back (holds may have expired while it was down).
 */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: cartQueryKey });
  useDomEvent(DomEvents.cartUpdated, refetch);
  useDomEvent(DomEvents.realtimeResync, refetch);
  return useQuery({ ...cartQueryOptions(), enabled });
}
