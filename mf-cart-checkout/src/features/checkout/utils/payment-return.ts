/** Where a payment provider sends the shopper after paying (spec §4): the site origin + '/?payment=success'. */
export const PAYMENT_RETURN_PATH = '/?payment=success';

export function paymentReturnUrl(origin: string): string {
  return `${origin}${PAYMENT_RETURN_PATH}`;
}

/**
 * Where the test-card form goes after paying: the same return path, plus the order the server
 * created so the page can link to it. Stripe's redirect has no order id (the order is created
 * from its webhook), so it keeps the bare return path.
 */
export function paymentSuccessPath(orderId: string | null | undefined): string {
  return orderId ? `${PAYMENT_RETURN_PATH}&order=${encodeURIComponent(orderId)}` : PAYMENT_RETURN_PATH;
}

/** Whether a location's query string says the shopper just came back from a successful payment. */
export function isPaymentReturn(search: string): boolean {
  return new URLSearchParams(search).get('payment') === 'success';
}

/** The order id a successful payment return names, if any. */
export function paymentReturnOrderId(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('payment') === 'success' ? params.get('order') || null : null;
}

/** Parameters Stripe adds to the return address (https://docs.stripe.com/payments/accept-a-payment: return_url). */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

/** The provider payment a return from Stripe names (its `payment_intent`), when it names no order. */
export function paymentReturnPaymentId(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('payment') === 'success' && !params.get('order') ? params.get('payment_intent') || null : null;
}

/** The query string without the payment return's parameters (ours and Stripe's), so a reload does not thank the shopper twice. */
export function withoutPaymentParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('payment');
  params.delete('order');
  for (const name of STRIPE_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
