import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, Order } from '@pl/contracts';
import { apiJson, errorStatus } from '@pl/ui';

/**
 * GET /api/orders/:id: one order of the session's subject (guest or customer). `null` when the
 * service answers 404, which it also does for someone else's order.
 */
export async function fetchOrder(id: string, { signal }: { signal?: AbortSignal }): Promise<Order | null> {
  try {
    return Order.parse(await apiJson<unknown>('GET', ApiPaths.cart.order(id), undefined, { signal }));
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

// Keyed under the orders path so the payment-return notice's invalidation reaches it too.
export const orderQueryOptions = (id: string) => queryOptions({ queryKey: [ApiPaths.cart.orders, id], queryFn: ({ signal }) => fetchOrder(id, { signal }) });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
