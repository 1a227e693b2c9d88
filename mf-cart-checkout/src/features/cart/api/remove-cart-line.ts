import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths } from '@pl/contracts';
import { apiRequest, serverMessage, toast } from '@pl/ui';
import { cartChanged } from './get-cart.js';

/** DELETE /api/cart/lines/:lineId */
export async function removeCartLine(lineId: string): Promise<void> {
  await apiRequest('DELETE', ApiPaths.cart.line(encodeURIComponent(lineId)));
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: () => {
      cartChanged(queryClient);
      toast({ title: 'Item removed', description: 'Item has been removed from your cart' });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to remove item', variant: 'destructive' });
    },
  });
}
