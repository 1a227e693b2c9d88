import { CancelOrderPayload, MarkShippedPayload, type OrderAction, type Shipment } from '@pl/contracts';

/** Every action of the desk: the fulfilment steps (contracts OrderActions), a cancellation, and receiving a return. */
export type DeskAction = OrderAction | 'cancel' | 'receive_return';

/** The button of each action. */
export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  ready_for_pickup: 'Mark ready for pickup',
  picked_up: 'Mark picked up',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
};

/** The toast once the server took the action. */
export const ORDER_ACTION_DONE: Record<DeskAction, string> = {
  ready_for_pickup: 'Marked ready for pickup',
  picked_up: 'Marked picked up',
  shipped: 'Marked shipped',
  delivered: 'Marked delivered',
  cancel: 'Order cancelled and refunded',
  receive_return: 'Return received and refunded',
};

/** The cancellation's reason, checked with the contract: the customer reads it, so it may not be empty. */
export function checkCancelReason(reason: string): { payload: CancelOrderPayload; error?: undefined } | { payload?: undefined; error: string } {
  const result = CancelOrderPayload.safeParse({ reason });
  return result.success ? { payload: result.data } : { error: result.error.issues[0]?.message ?? 'Enter a reason' };
}

export type ShipmentErrors = Partial<Record<keyof Shipment, string>>;

/** The 'Mark shipped' form, checked with the contract before it is sent: the payload, or a message per field. */
export function checkShipment(fields: Shipment): { payload: Shipment; errors?: undefined } | { payload?: undefined; errors: ShipmentErrors } {
  const result = MarkShippedPayload.safeParse(fields);
  if (result.success) return { payload: result.data };
  const errors: ShipmentErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'carrier' || field === 'trackingNumber') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** A refused action (409: not where the order is; 400: bad input) says so; anything else is a failure to retry. */
export function actionErrorToast(httpStatus: number | undefined, message: string | undefined): { title: string; description: string } {
  if (httpStatus === 409 || httpStatus === 400) {
    return { title: 'Action refused', description: message ?? 'The order could not be changed this way.' };
  }
  return { title: 'Action failed', description: message ?? 'The order could not be updated. Please try again.' };
}
