import { OrderLookupPayload } from '@pl/contracts';

export type OrderLookupErrors = Partial<Record<keyof OrderLookupPayload, string>>;

/** The lookup form, checked with the service's own schema: the payload (trimmed, e-mail in lower case), or a message per field. */
export function checkOrderLookup(fields: OrderLookupPayload): { payload: OrderLookupPayload; errors?: undefined } | { payload?: undefined; errors: OrderLookupErrors } {
  const result = OrderLookupPayload.safeParse(fields);
  if (result.success) return { payload: result.data };
  const errors: OrderLookupErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'number' || field === 'email') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
