import { OrderStatuses, type OrderRefund, type OrderStatus, type RefundStatus } from '@pl/contracts';
import type { BadgeTone } from '@pl/ui';

/** How the desk names each status (the wire's snake_case is no word for people). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: 'Paid',
  ready_for_pickup: 'Ready for pickup',
  picked_up: 'Picked up',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  return_requested: 'Return requested',
  returned: 'Returned',
};

/** Blue: work for the store; yellow and orange: waiting on someone; green: done; grey and red: ended otherwise. */
export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  paid: 'blue',
  ready_for_pickup: 'yellow',
  picked_up: 'green',
  shipped: 'purple',
  delivered: 'green',
  cancelled: 'neutral',
  refunded: 'red',
  return_requested: 'orange',
  returned: 'neutral',
};

/** The status filter's choices, in the order an order lives through them. */
export const ORDER_STATUS_OPTIONS: ReadonlyArray<{ value: OrderStatus; label: string }> = OrderStatuses.map((value) => ({
  value,
  label: ORDER_STATUS_LABELS[value],
}));

/** Where a refund stands with the payment provider; a failed one needs someone to look into it. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/** What a refund was for. */
export const REFUND_REASON_LABELS: Record<OrderRefund['reason'], string> = {
  cancellation: 'Cancellation',
  return: 'Return',
};
