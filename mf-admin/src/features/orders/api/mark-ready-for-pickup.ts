import { AdminOrder, AdminOrderPaths, EmptyActionPayload } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { useOrderAction } from './order-action.js';

/** POST /api/admin/orders/:id/ready-for-pickup {}: the pickup is prepared and waits at its store. */
export async function markReadyForPickup(id: string): Promise<AdminOrder> {
  return AdminOrder.parse(await apiJson('POST', AdminOrderPaths.ready(encodeURIComponent(id)), EmptyActionPayload.parse({})));
}

export function useMarkReadyForPickup(id: string) {
  return useOrderAction<void>(id, 'ready_for_pickup', () => markReadyForPickup(id));
}
