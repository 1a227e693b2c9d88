import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, PaymentIntentResponse } from '@pl/contracts';
import { apiJson, toast } from '@pl/ui';
import { cartStale } from '../../../shared/api/cart.js';

/**
 * POST /api/create-payment-intent (no body): the server computes the amount from the cart, holds
 * the lines for the payment window and answers with the client secret and which provider to use.
 */
export async function createPaymentIntent(): Promise<PaymentIntentResponse> {
  return PaymentIntentResponse.parse(await apiJson('POST', ApiPaths.cart.createPaymentIntent));
}

export function useCreatePaymentIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentIntent,
    onError: () => {
      // A refusal may be about the cart itself (an item no longer held): show it as it now is.
      cartStale(queryClient);
      toast({ title: 'Error', description: 'Failed to initialize payment. Please try again.', variant: 'destructive' });
    },
  });
}
