import { AdminOrder, AdminOrderPaths, MarkPickedUpPayload } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { useOrderAction } from './order-action.js';

/** POST /api/admin/orders/:id/picked-up {idChecked: true}: handed over to a person whose ID was checked. */
export async function markPickedUp(id: string): Promise<AdminOrder> {
  return AdminOrder.parse(await apiJson('POST', AdminOrderPaths.pickedUp(encodeURIComponent(id)), MarkPickedUpPayload.parse({ idChecked: true })));
}

export function useMarkPickedUp(id: string) {
  return useOrderAction<void>(id, 'picked_up', () => markPickedUp(id));
}
