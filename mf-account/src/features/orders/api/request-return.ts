import { ApiPaths, Order, RequestReturnPayload } from '@pl/contracts';
import { apiJson, toast, useMutation, useQueryClient } from '@pl/ui';
import { ordersQueryOptions } from './get-orders.js';
import { orderQueryOptions, withLinkKey } from './get-order.js';

/** POST /api/orders/:id/returns: the order as it now is (409 when the window closed or a line may not be returned). */
export async function requestReturn(id: string, key: string | undefined, payload: RequestReturnPayload): Promise<Order> {
  return Order.parse(await apiJson<unknown>('POST', withLinkKey(ApiPaths.cart.orderReturns(id), key), RequestReturnPayload.parse(payload)));
}

/** The answer replaces the order on the page at once; the history list reads it again when next shown. */
export function useRequestReturn(id: string, key: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: RequestReturnPayload) => requestReturn(id, key, payload),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(id, key).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryOptions().queryKey, exact: true });
      toast({ title: 'Return requested', description: `Order ${order.number}` });
    },
  });
}
