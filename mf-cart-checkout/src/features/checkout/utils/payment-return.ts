/** Where a payment provider sends the shopper after paying (spec §4): the site origin + '/?payment=success'. */
export const PAYMENT_RETURN_PATH = '/?payment=success';

export function paymentReturnUrl(origin: string): string {
  return `${origin}${PAYMENT_RETURN_PATH}`;
}

/** Whether a location's query string says the shopper just came back from a successful payment. */
export function isPaymentReturn(search: string): boolean {
  return new URLSearchParams(search).get('payment') === 'success';
}

/** The query string without the `payment` parameter, so a reload does not thank the shopper twice. */
export function withoutPaymentParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('payment');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
