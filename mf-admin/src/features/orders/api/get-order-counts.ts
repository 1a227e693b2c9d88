import { AdminOrderCounts, AdminOrderPaths } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { ORDERS_POLL_MS } from './get-admin-orders.js';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/orders/counts: how many orders are in each status, per pickup location (null: shipping). */
export async function fetchOrderCounts(): Promise<AdminOrderCounts> {
  return AdminOrderCounts.parse(await apiJson('GET', AdminOrderPaths.counts));
}

/** Polled with the list, so the strip and the table tell the same story. */
export const orderCountsQueryOptions = () =>
  queryOptions({ queryKey: adminCache.key(AdminOrderPaths.counts), queryFn: fetchOrderCounts, refetchInterval: ORDERS_POLL_MS });

export function useOrderCounts() {
  return useQuery(orderCountsQueryOptions());
}
