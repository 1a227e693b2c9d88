import { ApiPaths, PaymentIntentResponse, PRICES_CHANGED_CODE, type CreatePaymentIntentPayload } from '@pl/contracts';
import { apiJson, errorCode, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { cartStale } from '../../../shared/api/cart.js';

/**
 * POST /api/create-payment-intent: the server computes the amount from the cart at the catalog's
 * prices now, holds the lines for the payment window and answers with the client secret and which
 * provider to use. With the total the page shows, a cart that now costs another is refused (409
 * PRICES_CHANGED_CODE) and nothing is held or created: the browser says what it showed, never what to charge.
 */
export async function createPaymentIntent(payload: CreatePaymentIntentPayload = {}): Promise<PaymentIntentResponse> {
  return PaymentIntentResponse.parse(await apiJson('POST', ApiPaths.cart.createPaymentIntent, payload));
}

/** Whether the server refused a payment because a price changed since the page showed it. */
export const refusedForPrices = (error: unknown) => errorCode(error) === PRICES_CHANGED_CODE;

/** Says a payment refused for a changed price: not a failure, the page shows the new total to pay. */
export function toastPricesChanged(error: unknown): void {
  toast({ title: 'Prices changed', description: serverMessage(error) });
}

export function useCreatePaymentIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentIntent,
    onError: (error) => {
      // A refusal may be about the cart itself (an item no longer held, a new price): show it as it now is.
      cartStale(queryClient);
      if (refusedForPrices(error)) toastPricesChanged(error);
      else toast({ title: 'Error', description: 'Failed to initialize payment. Please try again.', variant: 'destructive' });
    },
  });
}
