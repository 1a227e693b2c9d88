import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths } from '@pl/contracts';
import { apiJson, errorStatus } from '@pl/ui';
import { parseOrders, type OrderView } from '../utils/order-view.js';

/**
 * GET /api/orders: the signed-in customer's orders, newest first. `null` while the cart service
 * has no order listing (it answers 404): the pages then show an honest empty state, not an error.
 */
export async function fetchOrders({ signal }: { signal?: AbortSignal }): Promise<OrderView[] | null> {
  try {
    const orders = parseOrders(await apiJson<unknown>('GET', ApiPaths.cart.orders, undefined, { signal }));
    return orders.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

export const ordersQueryOptions = () => queryOptions({ queryKey: [ApiPaths.cart.orders], queryFn: fetchOrders });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
