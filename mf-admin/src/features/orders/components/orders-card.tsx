import { useMemo } from 'react';
import type { AdminOrderSummary, Location } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle, formatPrice, Link, useLocation, type UseQueryResult } from '@pl/ui';
import { PagedResults } from '../../../shared/components/paged-results.js';
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
  const pages = orders.data?.pages;
  const rows = useMemo(() => loadedOrders(pages ?? []), [pages]);
  const total = matchingTotal(pages ?? [], rows.length);

  return (
    <Card className="adm-orders" role="region" aria-labelledby="adm-orders-title">
      <CardHeader>
        <CardTitle level={2} id="adm-orders-title">
          All orders
        </CardTitle>
      </CardHeader>
      <CardContent>
        <OrderFiltersForm filters={filters} onChange={onFilter} locations={locations} />
        <PagedResults
          query={orders}
          shown={rows.length}
          countText={rows.length === 0 ? emptyOrdersText(hasFilters(filters)) : showingText(rows.length, total)}
          what="the orders"
          tableLabel="Orders table"
          rowSelector="[data-order-link]"
          moreLabel="Show more"
        >
          <OrdersTable rows={rows} locations={locations.data} />
        </PagedResults>
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
