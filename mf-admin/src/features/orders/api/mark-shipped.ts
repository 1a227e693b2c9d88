import { AdminOrder, AdminOrderPaths, MarkShippedPayload, type Shipment } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { useOrderAction } from './order-action.js';

/** POST /api/admin/orders/:id/shipped {carrier, trackingNumber} */
export async function markShipped(id: string, shipment: Shipment): Promise<AdminOrder> {
  return AdminOrder.parse(await apiJson('POST', AdminOrderPaths.shipped(encodeURIComponent(id)), MarkShippedPayload.parse(shipment)));
}

export function useMarkShipped(id: string) {
  return useOrderAction(id, 'shipped', (shipment: Shipment) => markShipped(id, shipment));
}
