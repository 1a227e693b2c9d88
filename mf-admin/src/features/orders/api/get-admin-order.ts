import { AdminOrder, AdminOrderPaths } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/orders/:id: the order with its customer, payment, allocations and history (404 when unknown). */
export async function fetchAdminOrder(id: string): Promise<AdminOrder> {
  return AdminOrder.parse(await apiJson('GET', AdminOrderPaths.order(encodeURIComponent(id))));
}

/** The order's key; an action puts its answer here. */
export const adminOrderQueryKey = (id: string) => adminCache.key(AdminOrderPaths.order(encodeURIComponent(id)));

export const adminOrderQueryOptions = (id: string) => queryOptions({ queryKey: adminOrderQueryKey(id), queryFn: () => fetchAdminOrder(id) });

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQueryOptions(id));
}
