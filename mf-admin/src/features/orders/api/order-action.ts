import type { AdminOrder } from '@pl/contracts';
import { errorStatus, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { actionErrorToast, ORDER_ACTION_DONE, type DeskAction } from '../utils/order-actions.js';
import { adminOrdersKeyPrefix } from './get-admin-orders.js';
import { adminOrderQueryKey } from './get-admin-order.js';
import { orderCountsQueryOptions } from './get-order-counts.js';

/**
 * What every order action does around its POST (mark-*.ts, cancel-order.ts, receive-return.ts): the
 * answer is the order as it now is, so it replaces the cached order at once; the lists and counts it
 * moved between are fetched again. A refusal (409, 400) or failure raises a destructive toast with the server's reason,
 * and the order is read again, since a 409 means this page showed it out of date.
 */
export function useOrderAction<Variables>(orderId: string, action: DeskAction, post: (variables: Variables) => Promise<AdminOrder>) {
  const queryClient = useQueryClient();
  const refreshLists = () =>
    Promise.all([adminOrdersKeyPrefix, orderCountsQueryOptions().queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: post,
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderQueryKey(orderId), order);
      toast({ title: ORDER_ACTION_DONE[action], description: `Order ${order.number}` });
      void refreshLists();
    },
    onError: async (error) => {
      toast({ variant: 'destructive', ...actionErrorToast(errorStatus(error), serverMessage(error)) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminOrderQueryKey(orderId) }), refreshLists()]);
    },
  });
}
