import { ApiPaths, type Cart } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { cartWritten } from './cart.js';

/** DELETE /api/cart/lines/:lineId: answers the cart as it now is. */
export async function removeCartLine(lineId: string): Promise<Cart> {
  return apiJson<Cart>('DELETE', ApiPaths.cart.line(encodeURIComponent(lineId)));
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => {
      cartWritten(queryClient, cart);
      toast({ title: 'Item removed', description: 'Item has been removed from your cart' });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to remove item', variant: 'destructive' });
    },
  });
}
