import { useCallback, useMemo } from 'react';
import { Link, Skeleton, useSearchParams } from '@pl/ui';
import { useLocations } from '../../../shared/api/get-locations.js';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { useAdminOrders } from '../api/get-admin-orders.js';
import { useOrderCounts } from '../api/get-order-counts.js';
import { filtersFromSearch, searchOf, type OrderFilters } from '../utils/order-filters.js';
import { OrderCountsCard } from './order-counts-card.js';
import { OrdersCard } from './orders-card.js';

/**
 * /admin/orders: the store's order desk. The counts of open work on top (each a shortcut to its
 * orders), then every order, filtered and searched on the server. The filters are the URL's query.
 */
export function OrderDeskPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  // Replaces the entry: Back leaves the desk (from an order, it returns to the desk as it was).
  const applyFilters = useCallback((next: OrderFilters) => setSearchParams(searchOf(next), { replace: true }), [setSearchParams]);
  const orders = useAdminOrders(filters);
  const counts = useOrderCounts();
  const locations = useLocations();

  const access = useAdminAccess([orders, counts]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="the order desk" />;

  return (
    <div className="pl-container pl-page adm-page adm-desk">
      <p className="adm-back">
        <Link to="/admin">Admin dashboard</Link>
      </p>
      <h1 className="pl-page__title">Orders</h1>
      <p className="pl-page__lead">Prepare pickups, ship parcels and follow every order.</p>
      {access === 'checking' ? (
        <div className="adm-checking" aria-busy="true">
          <p className="pl-visually-hidden">Loading the order desk...</p>
          <Skeleton style={{ height: '6rem' }} />
          <Skeleton style={{ height: '20rem' }} />
        </div>
      ) : (
        <div className="adm-layout">
          <OrderCountsCard counts={counts} locations={locations.data} filters={filters} onApply={applyFilters} />
          <OrdersCard orders={orders} filters={filters} onFilter={applyFilters} locations={locations} />
        </div>
      )}
    </div>
  );
}
