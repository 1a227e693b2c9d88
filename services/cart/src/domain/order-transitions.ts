// What an admin may do with an order, decided from where the order is: the whole transition table
// in one pure function. Repeating the step the order just took is a no-op (a retried click, two
// admins at once); anything else that does not fit is refused with the reason.
import { OrderActions, type AdminOrder, type Fulfilment, type OrderAction, type OrderStatus, type Shipment } from '@pl/contracts';

export interface OrderPosition {
  status: OrderStatus;
  fulfilment: Fulfilment;
  shipment: Shipment | null;
}

export type Transition =
  | { kind: 'move'; to: OrderStatus; shipment?: Shipment }
  | { kind: 'already' }
  | { kind: 'refuse'; message: string };

/** The step each action takes: from where, to where, for which kind of order. */
const STEPS: Record<OrderAction, { from: OrderStatus; to: OrderStatus; fulfilment: Fulfilment['type'] }> = {
  ready_for_pickup: { from: 'paid', to: 'ready_for_pickup', fulfilment: 'pickup' },
  picked_up: { from: 'ready_for_pickup', to: 'picked_up', fulfilment: 'pickup' },
  shipped: { from: 'paid', to: 'shipped', fulfilment: 'shipping' },
  delivered: { from: 'shipped', to: 'delivered', fulfilment: 'shipping' },
};

const STATUS_WORDS: Record<OrderStatus, string> = {
  paid: 'paid and not yet prepared',
  ready_for_pickup: 'ready for pickup',
  picked_up: 'already picked up',
  shipped: 'already shipped',
  delivered: 'already delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
  return_requested: 'waiting for a return',
  returned: 'returned',
};

const ACTION_WORDS: Record<OrderAction, string> = {
  ready_for_pickup: 'marked ready for pickup',
  picked_up: 'marked picked up',
  shipped: 'marked shipped',
  delivered: 'marked delivered',
};

export function decideTransition(order: OrderPosition, action: OrderAction, input: { shipment?: Shipment } = {}): Transition {
  const step = STEPS[action];
  if (order.fulfilment.type !== step.fulfilment) {
    const kind = order.fulfilment.type === 'pickup' ? 'a pickup order' : 'a shipped order';
    return { kind: 'refuse', message: `This is ${kind}: it cannot be ${ACTION_WORDS[action]}.` };
  }
  if (order.status === step.to) {
    // The same step again: harmless, unless it would say something else (another tracking number).
    if (action === 'shipped' && input.shipment && order.shipment && input.shipment.trackingNumber !== order.shipment.trackingNumber) {
      return { kind: 'refuse', message: `This order was already shipped with ${order.shipment.carrier} ${order.shipment.trackingNumber}.` };
    }
    return { kind: 'already' };
  }
  if (order.status !== step.from) {
    return { kind: 'refuse', message: `This order is ${STATUS_WORDS[order.status]}: it cannot be ${ACTION_WORDS[action]}.` };
  }
  if (action === 'shipped') {
    if (!input.shipment) return { kind: 'refuse', message: 'A carrier and a tracking number are needed to mark an order shipped.' };
    return { kind: 'move', to: step.to, shipment: input.shipment };
  }
  return { kind: 'move', to: step.to };
}

/** Where a cancellation may still happen: before the order was handed over or shipped. */
const CANCELLABLE: readonly OrderStatus[] = ['paid', 'ready_for_pickup'];

export function decideCancel(order: Pick<OrderPosition, 'status'>): Transition {
  if (order.status === 'cancelled') return { kind: 'already' };
  if (!CANCELLABLE.includes(order.status)) return { kind: 'refuse', message: `This order is ${STATUS_WORDS[order.status]}: it can no longer be cancelled.` };
  return { kind: 'move', to: 'cancelled' };
}

/** What the desk may do with an order where it is now: the steps and the cancellation the table allows. */
export function deskActions(order: Pick<OrderPosition, 'status' | 'fulfilment'>): AdminOrder['actions'] {
  return {
    next: OrderActions.filter((action) => STEPS[action].from === order.status && STEPS[action].fulfilment === order.fulfilment.type),
    cancel: CANCELLABLE.includes(order.status),
  };
}

/** Where a return may be asked for: after the pickup or delivery (and again for other lines after one). */
const RETURNABLE_FROM: readonly OrderStatus[] = ['picked_up', 'delivered', 'return_requested', 'returned'];

export function decideReturnRequest(order: Pick<OrderPosition, 'status'>): Transition {
  if (!RETURNABLE_FROM.includes(order.status)) {
    return { kind: 'refuse', message: `This order is ${STATUS_WORDS[order.status]}: a return can be requested once it has been picked up or delivered.` };
  }
  return order.status === 'return_requested' ? { kind: 'already' } : { kind: 'move', to: 'return_requested' };
}

/** Receiving returned lines: the order is returned once no requested line is still out. */
export function decideReturnReceipt(order: Pick<OrderPosition, 'status'>, stillRequested: number): Transition {
  if (order.status !== 'return_requested') return { kind: 'refuse', message: `This order is ${STATUS_WORDS[order.status]}: there is no return to receive.` };
  return stillRequested > 0 ? { kind: 'already' } : { kind: 'move', to: 'returned' };
}
