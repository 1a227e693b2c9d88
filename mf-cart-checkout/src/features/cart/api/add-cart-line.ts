import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type AddToCartPayload } from '@pl/contracts';
import { apiJson, serverMessage, toast } from '@pl/ui';
import { cartChanged } from './get-cart.js';

/** POST /api/cart/lines: `variantId` carries the variant's sku (spec §3). */
export function addCartLine(payload: AddToCartPayload): Promise<unknown> {
  return apiJson('POST', ApiPaths.cart.lines, payload);
}

/** Adds one item and tells the shopper what happened (spec §8 texts). */
export function useAddCartLine({ title, oneOfAKind }: { title: string; oneOfAKind: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sku: string) => addCartLine({ variantId: sku, qty: 1 }),
    onSuccess: () => {
      cartChanged(queryClient);
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
