import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type CheckoutDetailsPayload } from '@pl/contracts';
import { apiRequest } from '@pl/ui';
import { cartQueryKey } from '../../cart/api/get-cart.js';

/** PUT /api/cart/checkout: how the order is fulfilled (pickup or shipping) and a guest's e-mail, saved on the cart. */
export async function saveCheckoutDetails(payload: CheckoutDetailsPayload): Promise<void> {
  await apiRequest('PUT', ApiPaths.cart.checkoutDetails, payload);
}

export function useSaveCheckoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCheckoutDetails,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
