import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths } from '@pl/contracts';
import { apiRequest, serverMessage, toast } from '@pl/ui';
import { cartChanged } from './get-cart.js';

/** PATCH /api/cart/lines/:lineId {qty}: the server checks the new quantity against the stock. */
export async function updateCartLineQty(lineId: string, qty: number): Promise<void> {
  await apiRequest('PATCH', ApiPaths.cart.line(encodeURIComponent(lineId)), { qty });
}

export function useUpdateCartLineQty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, qty }: { lineId: string; qty: number }) => updateCartLineQty(lineId, qty),
    onSuccess: () => cartChanged(queryClient),
    onError: (error) => {
      // A refused change (e.g. 409: not enough stock) leaves the line as it was; show the server's reason.
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to update quantity', variant: 'destructive' });
      cartChanged(queryClient);
    },
  });
}
