import { ApiPaths, type Cart, type CheckoutDetailsPayload } from '@pl/contracts';
import { apiJson, useMutation, useQueryClient } from '@pl/ui';
import { cartWritten } from '../../../shared/api/cart.js';

/** PUT /api/cart/checkout: how the order is fulfilled (pickup or shipping) and a guest's e-mail, saved on the cart. Answers the cart. */
export async function saveCheckoutDetails(payload: CheckoutDetailsPayload): Promise<Cart> {
  return apiJson<Cart>('PUT', ApiPaths.cart.checkoutDetails, payload);
}

export function useSaveCheckoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCheckoutDetails,
    onSuccess: (cart) => cartWritten(queryClient, cart),
  });
}
