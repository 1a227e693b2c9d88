import { useMutation } from '@tanstack/react-query';
import { ApiPaths, DomEvents, type AddToCartPayload } from '@pl/contracts';
import { apiJson, emitDomEvent, serverMessage, toast } from '@pl/ui';

/** POST /api/cart/lines: `variantId` carries the variant's sku (spec §3). */
export function addCartLine(payload: AddToCartPayload): Promise<unknown> {
  return apiJson('POST', ApiPaths.cart.lines, payload);
}

/** Adds one item and tells the shopper what happened (spec §8 texts). */
export function useAddCartLine({ title, oneOfAKind }: { title: string; oneOfAKind: boolean }) {
  return useMutation({
    mutationFn: (sku: string) => addCartLine({ variantId: sku, qty: 1 }),
    onSuccess: () => {
      emitDomEvent(DomEvents.cartUpdated, {});
      toast({
        title: 'Added to cart',
        description: `${title} has been added to your cart${oneOfAKind ? ' (Reserved for 10 minutes)' : ''}`,
      });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to add item to cart', variant: 'destructive' });
    },
  });
}
