import { ADMIN_ORDERS_PAGE_SIZE, AdminOrderList, AdminOrderPaths } from '@pl/contracts';
import { apiJson, infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@pl/ui';
import { orderListQuery, type OrderFilters } from '../utils/order-filters.js';
import { nextOrdersOffset } from '../utils/order-list.js';
import { adminCache } from '../../../shared/team-cache.js';

/** No push reaches the admin yet when an order is placed or moves on, so the desk asks again this often. */
export const ORDERS_POLL_MS = 15_000;

/** GET /api/admin/orders?…&limit&offset: one page of the filtered orders, newest first, with the total that matches. */
export async function fetchAdminOrders(filters: OrderFilters, offset: number, signal?: AbortSignal): Promise<AdminOrderList> {
  return AdminOrderList.parse(await apiJson('GET', `${AdminOrderPaths.orders}?${orderListQuery(filters, offset, ADMIN_ORDERS_PAGE_SIZE)}`, undefined, { signal }));
}

/** Every list key starts with the path, so an order action invalidates all the lists by this prefix. */
export const adminOrdersKeyPrefix = adminCache.key(AdminOrderPaths.orders);

/** The pages of one set of filters, fetched by offset ('Show more'); each poll fetches every loaded page again. */
export const adminOrdersQueryOptions = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminOrdersKeyPrefix, filters],
    queryFn: ({ pageParam, signal }) => fetchAdminOrders(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOrdersOffset(pages),
    refetchInterval: ORDERS_POLL_MS,
  });

/** While other filters load, the previous orders stay on screen (dimmed) rather than a skeleton. */
export function useAdminOrders(filters: OrderFilters) {
  return useInfiniteQuery({ ...adminOrdersQueryOptions(filters), placeholderData: keepPreviousData });
}

export type AdminOrdersResult = ReturnType<typeof useAdminOrders>;
