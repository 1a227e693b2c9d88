import { AdminOrder, AdminOrderPaths, EmptyActionPayload } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { useOrderAction } from './order-action.js';

/** POST /api/admin/orders/:id/delivered {}: the carrier delivered the parcel. */
export async function markDelivered(id: string): Promise<AdminOrder> {
  return AdminOrder.parse(await apiJson('POST', AdminOrderPaths.delivered(encodeURIComponent(id)), EmptyActionPayload.parse({})));
}

export function useMarkDelivered(id: string) {
  return useOrderAction<void>(id, 'delivered', () => markDelivered(id));
}
