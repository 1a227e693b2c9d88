import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, Cart, DomEvents } from '@pl/contracts';
import { apiJson, useDomEvent } from '@pl/ui';

/** GET /api/cart: the shopper's cart (guests have one too: the gateway's anonymous session). */
export async function fetchCart(): Promise<Cart> {
  return Cart.parse(await apiJson('GET', ApiPaths.cart.cart));
}

export const cartQueryKey = [ApiPaths.cart.cart] as const;
export const cartQueryOptions = () => queryOptions({ queryKey: cartQueryKey, queryFn: fetchCart });

/** The cart, refetched whenever any team announces a change with `cart:updated`. */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useDomEvent(DomEvents.cartUpdated, () => void queryClient.invalidateQueries({ queryKey: cartQueryKey }));
  return useQuery({ ...cartQueryOptions(), enabled });
}
