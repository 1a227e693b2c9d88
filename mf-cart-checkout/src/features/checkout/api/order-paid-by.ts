import { useEffect, useState } from 'react';
import { ApiPaths, type Order } from '@pl/contracts';
import { apiJson, useQuery } from '@pl/ui';
import { cartCache } from '../../../shared/team-cache.js';

/** How often, and how long, the return page asks for the order Stripe's confirmation makes (it usually arrives within seconds). */
export const ORDER_PAID_BY_POLL_MS = 1000;
export const ORDER_PAID_BY_WAIT_MS = 30_000;

/**
 * The id of the session's order paid by Stripe's `paymentId` (the return address names the payment,
 * not the order: the order is made when Stripe's signed webhook reaches the shop). Asked again every
 * second until it exists; `gaveUp` once ORDER_PAID_BY_WAIT_MS passed without it.
 */
export function useOrderPaidBy(paymentId: string | null): { orderId: string | undefined; gaveUp: boolean } {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (paymentId === null) return;
    const timer = setTimeout(() => setGaveUp(true), ORDER_PAID_BY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [paymentId]);
  const query = useQuery({
    queryKey: cartCache.key(ApiPaths.cart.orders, { payment: paymentId }),
    queryFn: ({ signal }) => apiJson<Order[]>('GET', `${ApiPaths.cart.orders}?payment=${encodeURIComponent(paymentId!)}`, undefined, { signal }),
    enabled: paymentId !== null && !gaveUp,
    staleTime: Infinity,
    refetchInterval: (q) => (q.state.data?.length ? false : ORDER_PAID_BY_POLL_MS),
  });
  const orderId = query.data?.[0]?.id;
  return { orderId, gaveUp: gaveUp && orderId === undefined };
}
