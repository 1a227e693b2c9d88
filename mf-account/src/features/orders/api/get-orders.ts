import { ApiPaths, OrderList, type Order } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { ordersKeyPrefix, useAccountFreshness } from '../../../shared/team-cache.js';
import { newestFirst } from '../utils/order-view.js';

/** GET /api/orders: the signed-in customer's orders (cart service), newest first. */
export async function fetchOrders({ signal }: { signal?: AbortSignal }): Promise<Order[]> {
  return newestFirst(OrderList.parse(await apiJson<unknown>('GET', ApiPaths.cart.orders, undefined, { signal })));
}

export const ordersQueryOptions = () => queryOptions({ queryKey: ordersKeyPrefix, queryFn: fetchOrders });

export function useOrders() {
  useAccountFreshness();
  return useQuery(ordersQueryOptions());
}
