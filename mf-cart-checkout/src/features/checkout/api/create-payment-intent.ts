import { useMutation } from '@tanstack/react-query';
import { ApiPaths, PaymentIntentResponse } from '@pl/contracts';
import { apiJson, toast } from '@pl/ui';

/**
 * POST /api/create-payment-intent (no body): the server computes the amount from the cart, holds
 * the lines for the payment window and answers with the client secret and which provider to use.
 */
export async function createPaymentIntent(): Promise<PaymentIntentResponse> {
  return PaymentIntentResponse.parse(await apiJson('POST', ApiPaths.cart.createPaymentIntent));
}

export function useCreatePaymentIntent() {
  return useMutation({
    mutationFn: createPaymentIntent,
    onError: () => {
      toast({ title: 'Error', description: 'Failed to initialize payment. Please try again.', variant: 'destructive' });
    },
  });
}
