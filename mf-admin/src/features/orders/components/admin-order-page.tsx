import { useRef, type RefObject } from 'react';
import type { AdminOrder, Location } from '@pl/contracts';
import { Button, errorStatus, Link, serverMessage, Skeleton, useLocation, usePageTitle, useParams } from '@pl/ui';
import { useLocations } from '../../../shared/api/get-locations.js';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { Spinner } from '../../../shared/components/spinner.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useRetry } from '../../../shared/components/use-retry.js';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import { useAdminOrder } from '../api/get-admin-order.js';
import { fulfilmentText } from '../utils/order-text.js';
import { OrderActionsCard } from './order-actions-card.js';
import { CustomerCard, PaymentCard, RefundsCard, ShipmentCard } from './order-facts-cards.js';
import { OrderHistoryCard } from './order-history-card.js';
import { OrderLinesCard } from './order-lines-card.js';
import { OrderStatusBadges } from './order-status-badges.js';
import type { DeskLinkState } from './orders-card.js';

/** /admin/orders/:id: one order, the step it waits for, and everything the store knows about it. */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const locations = useLocations();
  const backTo = useDeskLink();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { retry, retrying, error } = useRetry(order, () => titleRef.current);

  const access = useAdminAccess([order]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="the order desk" />;

  // A failed re-read after an action keeps the order shown: the data is the last the server gave.
  if (order.data) return <OrderDetail order={order.data} locations={locations.data} backTo={backTo} titleRef={titleRef} />;
  return (
    <div className="pl-container pl-page adm-page adm-order">
      <BackLink to={backTo} />
      {order.isPending && !retrying ? (
        <div aria-busy="true">
          <p className="pl-visually-hidden">Loading the order...</p>
          <Skeleton style={{ height: '2.25rem', width: '16rem' }} />
          <Skeleton style={{ height: '16rem', marginTop: '1.5rem' }} />
        </div>
      ) : errorStatus(error) === 404 ? (
        <>
          <h1 className="pl-page__title">Order not found</h1>
          <p className="pl-page__lead">There is no order with this id. It may have been mistyped.</p>
        </>
      ) : (
        <>
          <h1 className="pl-page__title">Order</h1>
          <p className="adm-error" role="alert">
            Couldn't load this order. {serverMessage(error) ?? 'Please try again.'}
          </p>
          <Button variant="outline" className="adm-retry" onClick={() => void retry()} aria-disabled={retrying || undefined} aria-busy={retrying || undefined}>
            {retrying && <Spinner />}
            Retry
          </Button>
        </>
      )}
    </div>
  );
}

interface DetailProps {
  order: AdminOrder;
  locations: readonly Location[] | undefined;
  backTo: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
}

function OrderDetail({ order, locations, backTo, titleRef }: DetailProps) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  usePageTitle(`Order ${order.number} – Admin`);
  return (
    <div className="pl-container pl-page adm-page adm-order" data-order-id={order.id}>
      <BackLink to={backTo} />
      <h1 ref={titleRef} tabIndex={-1} className="pl-page__title">
        Order {order.number}
      </h1>
      {/* Focus comes here after an action: the control used is gone, and the new status is read out. */}
      <p ref={statusRef} tabIndex={-1} className="adm-order-status" role="status" data-order-status={order.status}>
        <span className="adm-order-status__label">Status:</span> <OrderStatusBadges status={order.status} overdue={order.overdue} testOrder={order.testOrder} />
      </p>
      <p className="adm-order-facts pl-muted">
        Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> · {fulfilmentText(order.fulfilment, locations)}
      </p>
      {order.note && <p className="adm-order-note">{order.note}</p>}
      <div className="adm-order-grid">
        <div className="adm-order-main">
          <OrderActionsCard order={order} locations={locations} onMoved={() => focusAfterRender(() => statusRef.current)} />
          <OrderLinesCard order={order} locations={locations} />
          <OrderHistoryCard history={order.history} />
        </div>
        <div className="adm-order-side">
          <CustomerCard order={order} locations={locations} />
          <PaymentCard payment={order.payment} />
          {order.refunds && order.refunds.length > 0 && <RefundsCard refunds={order.refunds} />}
          {order.shipment && <ShipmentCard shipment={order.shipment} />}
        </div>
      </div>
    </div>
  );
}

function BackLink({ to }: { to: string }) {
  return (
    <p className="adm-back">
      <Link to={to}>All orders</Link>
    </p>
  );
}

/** Back to the desk with the filters the order was opened from (the desk's link passes them), else the plain desk. */
function useDeskLink(): string {
  const state = useLocation().state as Partial<DeskLinkState> | null;
  const search = state?.deskSearch;
  return typeof search === 'string' && search.startsWith('?') ? `/admin/orders${search}` : '/admin/orders';
}
