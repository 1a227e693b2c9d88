import { ApiPaths, ORDER_LINK_KEY_PARAM, Order } from '@pl/contracts';
import { apiJson, errorStatus, queryOptions, useQuery } from '@pl/ui';
import { ordersKeyPrefix, useAccountFreshness } from '../../../shared/team-cache.js';

/** An order's API path with the e-mail link's key, when the page was opened by one: the key stands in for an account. */
export const withLinkKey = (path: string, key?: string) => (key ? `${path}?${new URLSearchParams({ [ORDER_LINK_KEY_PARAM]: key })}` : path);

/**
 * GET /api/orders/:id: one order of the session's subject (guest or customer). `null` when the
 * service answers 404, which it also does for someone else's order.
 */
export async function fetchOrder(id: string, { signal, key }: { signal?: AbortSignal; key?: string }): Promise<Order | null> {
  try {
    return Order.parse(await apiJson<unknown>('GET', withLinkKey(ApiPaths.cart.order(id), key), undefined, { signal }));
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

// Under the orders key, so every signal about orders reaches it (shared/team-cache.ts).
// With the e-mail link's key (?key=): the order opens without an account, on any device.
export const orderQueryOptions = (id: string, key?: string) =>
  queryOptions({ queryKey: [...ordersKeyPrefix, id, key ?? null], queryFn: ({ signal }) => fetchOrder(id, { signal, key }) });

/** One order, following it live: when the store moves it on, the shell's websocket says so (to its owner's browser only). */
export function useOrder(id: string, key?: string) {
  useAccountFreshness();
  return useQuery(orderQueryOptions(id, key));
}
