import { useMemo, useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminOrderSummary, Location } from '@pl/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, cx, formatPrice, Link, serverMessage, Skeleton, useLocation } from '@pl/ui';
import { Spinner } from '../../../shared/components/spinner.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useRetry } from '../../../shared/components/use-retry.js';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import type { AdminOrdersResult } from '../api/get-admin-orders.js';
import { hasFilters, type OrderFilters } from '../utils/order-filters.js';
import { emptyOrdersText, loadedOrders, matchingTotal, showingText } from '../utils/order-list.js';
import { customerText, fulfilmentText } from '../utils/order-text.js';
import { OrderFiltersForm } from './order-filters-form.js';
import { OrderStatusBadges } from './order-status-badges.js';

interface Props {
  orders: AdminOrdersResult;
  filters: OrderFilters;
  onFilter: (filters: OrderFilters) => void;
  locations: UseQueryResult<Location[]>;
}

/** What the order page's back link returns to: the desk with the filters it was opened from. */
export interface DeskLinkState {
  deskSearch: string;
}

/**
 * The filtered orders, newest first, 50 at a time ('Show more'). The list polls every 15 s; while
 * other filters load, the previous rows stay (dimmed), and a failed poll keeps them with a notice.
 */
export function OrdersCard({ orders, filters, onFilter, locations }: Props) {
  const focusAfterRender = useFocusAfterRender();
  const countRef = useRef<HTMLParagraphElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const pages = orders.data?.pages;
  const rows = useMemo(() => loadedOrders(pages ?? []), [pages]);
  const total = matchingTotal(pages ?? [], rows.length);
  const stale = orders.isPlaceholderData;
  // The error and its button give way to the list: the reader goes to what came.
  const { retry, retrying, error } = useRetry(orders, () => countRef.current);
  const showMore = async () => {
    if (orders.isFetching) return;
    const shown = rows.length;
    // Never cancels a poll under way (it would drop what it brings): waits for it.
    const result = await orders.fetchNextPage({ cancelRefetch: false });
    if (!result.isError) focusAfterRender(() => tableRef.current?.querySelectorAll<HTMLElement>('[data-order-link]')[shown] ?? countRef.current);
  };

  return (
    <Card className="adm-orders" role="region" aria-labelledby="adm-orders-title">
      <CardHeader>
        <CardTitle level={2} id="adm-orders-title">
          All orders
        </CardTitle>
      </CardHeader>
      <CardContent>
        <OrderFiltersForm filters={filters} onChange={onFilter} locations={locations} />
        <div className="adm-orders__results" aria-busy={stale || undefined}>
          {orders.isPending && !retrying ? (
            <div aria-busy="true">
              <p className="pl-visually-hidden">Loading orders...</p>
              <Skeleton style={{ height: '12rem' }} />
            </div>
          ) : rows.length === 0 && (orders.isError || (retrying && orders.isPending)) ? (
            <div className="adm-orders__error">
              <p className="adm-error" role="alert">
                Couldn't load the orders. {serverMessage(error) ?? 'Please try again.'}
              </p>
              <Button variant="outline" onClick={() => void retry()} aria-disabled={retrying || undefined} aria-busy={retrying || undefined}>
                {retrying && <Spinner />}
                Retry
              </Button>
            </div>
          ) : (
            <>
              <p ref={countRef} tabIndex={-1} className="adm-orders__count" role="status">
                {rows.length === 0 ? emptyOrdersText(hasFilters(filters)) : showingText(rows.length, total)}
              </p>
              {orders.isError && (
                <p className="adm-error adm-orders__stale" role="alert">
                  Couldn't refresh the orders; these may be out of date.{' '}
                  <Button variant="outline" size="sm" onClick={() => void retry()} aria-disabled={retrying || undefined}>
                    Retry
                  </Button>
                </p>
              )}
              {rows.length > 0 && (
                <div ref={tableRef} className={cx('adm-table-wrap', stale && 'adm-table-wrap--stale')} tabIndex={0} role="group" aria-label="Orders table">
                  <OrdersTable rows={rows} locations={locations.data} />
                </div>
              )}
              {orders.hasNextPage && !stale && (
                <div className="adm-more">
                  <Button
                    variant="outline"
                    onClick={() => void showMore()}
                    aria-disabled={orders.isFetching || undefined}
                    aria-busy={orders.isFetchingNextPage || undefined}
                  >
                    {orders.isFetchingNextPage && <Spinner />}
                    Show more
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function OrdersTable({ rows, locations }: { rows: AdminOrderSummary[]; locations: readonly Location[] | undefined }) {
  const { search } = useLocation();
  const linkState: DeskLinkState = { deskSearch: search };
  return (
    <table className="adm-table adm-orders-table">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Placed</th>
          <th scope="col">Customer</th>
          <th scope="col">Fulfilment</th>
          <th scope="col" className="adm-num">
            Items
          </th>
          <th scope="col" className="adm-num">
            Total
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.id} data-order-row={o.number}>
            <th scope="row">
              <Link to={`/admin/orders/${encodeURIComponent(o.id)}`} state={linkState} data-order-link className="adm-order-link">
                {o.number}
              </Link>
            </th>
            <td className="adm-nowrap">
              <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time>
            </td>
            <td className="adm-order-customer">{customerText(o)}</td>
            <td className="adm-order-fulfilment">{fulfilmentText(o.fulfilment, locations)}</td>
            <td className="adm-num">{o.itemCount}</td>
            <td className="adm-num">{formatPrice(o.total)}</td>
            <td>
              <OrderStatusBadges status={o.status} overdue={o.overdue} testOrder={o.testOrder} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
