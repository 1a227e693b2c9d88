import { AdminOrder, AdminOrderPaths, ReceiveReturnPayload } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { useOrderAction } from './order-action.js';

/** POST /api/admin/orders/:id/returns/receive {lines}: the returned units in hand, each back on sale or unsellable; the lines are refunded. */
export async function receiveReturn(id: string, payload: ReceiveReturnPayload): Promise<AdminOrder> {
  return AdminOrder.parse(await apiJson('POST', AdminOrderPaths.receiveReturn(encodeURIComponent(id)), ReceiveReturnPayload.parse(payload)));
}

export function useReceiveReturn(id: string) {
  return useOrderAction(id, 'receive_return', (payload: ReceiveReturnPayload) => receiveReturn(id, payload));
}
