import { ApiPaths, type AddToCartPayload, type Cart } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { cartWritten } from '../../../shared/api/cart.js';

/** POST /api/cart/lines: `variantId` carries the variant's sku (spec §3). Answers the cart as it now is. */
export async function addCartLine(payload: AddToCartPayload): Promise<Cart> {
  return apiJson<Cart>('POST', ApiPaths.cart.lines, payload);
}

/** Adds one item and tells the shopper what happened (spec §8 texts). */
export function useAddCartLine({ title, oneOfAKind }: { title: string; oneOfAKind: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sku: string) => addCartLine({ variantId: sku, qty: 1 }),
    onSuccess: (cart) => {
      // The answer is the cart: shown at once, before the stock update that follows it over the
      // websocket makes the item read sold out (the holder's button turns into 'In your cart' first).
      cartWritten(queryClient, cart);
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
