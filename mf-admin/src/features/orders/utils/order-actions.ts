import { CancelOrderPayload, MarkShippedPayload, type AdminOrder, type OrderAction, type Shipment } from '@pl/contracts';

/** Every action of the desk: the fulfilment steps (contracts OrderActions), a cancellation, and receiving a return. */
export type DeskAction = OrderAction | 'cancel' | 'receive_return';

/**
 * What the desk offers for an order, from where it is: a pickup is prepared ('paid' → ready) and
 * then collected; a shipping order is shipped ('paid' → shipped) and then delivered. Every other
 * status has no next step here. The cart service decides again (409 ORDER_TRANSITION), so a stale
 * page can only offer an action the server then refuses, never make one happen.
 */
export function orderActions(order: Pick<AdminOrder, 'status' | 'fulfilment'>): OrderAction[] {
  if (order.fulfilment.type === 'pickup') {
    if (order.status === 'paid') return ['ready_for_pickup'];
    if (order.status === 'ready_for_pickup') return ['picked_up'];
    return [];
  }
  if (order.status === 'paid') return ['shipped'];
  if (order.status === 'shipped') return ['delivered'];
  return [];
}

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

/** Until it is handed over or shipped, the store may cancel an order (the cart service refunds the whole payment). */
export function canCancel(order: Pick<AdminOrder, 'status'>): boolean {
  return order.status === 'paid' || order.status === 'ready_for_pickup';
}

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
