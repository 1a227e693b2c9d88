import { AdminOrder, AdminOrderPaths, CancelOrderPayload } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { useOrderAction } from './order-action.js';

/** POST /api/admin/orders/:id/cancel {reason}: before hand-over or shipping; the whole payment is refunded and the units go back on sale. */
export async function cancelOrder(id: string, payload: CancelOrderPayload): Promise<AdminOrder> {
  return AdminOrder.parse(await apiJson('POST', AdminOrderPaths.cancel(encodeURIComponent(id)), CancelOrderPayload.parse(payload)));
}

export function useCancelOrder(id: string) {
  return useOrderAction(id, 'cancel', (payload: CancelOrderPayload) => cancelOrder(id, payload));
}
