import { ApiPaths, OrderLookupPayload, OrderLookupResult } from '@pl/contracts';
import { apiJson, useMutation } from '@pl/ui';

/** POST /api/orders/lookup: the same message whether or not an order matched (the link goes only to the order's e-mail); 429 when asked too often. */
export async function lookupOrder(payload: OrderLookupPayload): Promise<string> {
  return OrderLookupResult.parse(await apiJson<unknown>('POST', ApiPaths.cart.orderLookup, OrderLookupPayload.parse(payload))).message;
}

export function useLookupOrder() {
  return useMutation({ mutationFn: lookupOrder });
}
