import { useMutation } from '@tanstack/react-query';
import { ApiPaths, DomEvents } from '@pl/contracts';
import { apiRequest, emitDomEvent, serverMessage, toast } from '@pl/ui';

/** DELETE /api/cart/lines/:lineId */
export async function removeCartLine(lineId: string): Promise<void> {
  await apiRequest('DELETE', `${ApiPaths.cart.lines}/${encodeURIComponent(lineId)}`);
}

export function useRemoveCartLine() {
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: () => {
      emitDomEvent(DomEvents.cartUpdated, {});
      toast({ title: 'Item removed', description: 'Item has been removed from your cart' });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to remove item', variant: 'destructive' });
    },
  });
}
