import { ApiPaths, type Cart } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { cartStale, cartWritten } from './cart.js';

/** PATCH /api/cart/lines/:lineId {qty}: the server checks the new quantity against the stock. Answers the cart as it now is. */
export async function updateCartLineQty(lineId: string, qty: number): Promise<Cart> {
  return apiJson<Cart>('PATCH', ApiPaths.cart.line(encodeURIComponent(lineId)), { qty });
}

export function useUpdateCartLineQty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, qty }: { lineId: string; qty: number }) => updateCartLineQty(lineId, qty),
    onSuccess: (cart) => cartWritten(queryClient, cart),
    onError: (error) => {
      // A refused change (e.g. 409: not enough stock) leaves the line as it was; show the server's reason.
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to update quantity', variant: 'destructive' });
      cartStale(queryClient);
    },
  });
}
