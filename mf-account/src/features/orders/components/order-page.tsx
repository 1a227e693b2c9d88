import { useEffect, useRef, useState, type RefObject } from 'react';
import { FINAL_SALE_TEXT, ORDER_LINK_KEY_PARAM, TEST_ORDER_LABEL, type Order } from '@pl/contracts';
import {
  Badge,
  Button,
  buttonClass,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConditionBadge,
  formatPrice,
  Link,
  serverMessage,
  Skeleton,
  usePageTitle,
  Totals,
  useParams,
  useSearchParams,
} from '@pl/ui';
import { useLocations } from '../api/get-locations.js';
import { useOrder } from '../api/get-order.js';
import {
  formatOrderDate,
  formatOrderTime,
  fulfilmentLines,
  isConfirmed,
  lineReturnText,
  nextStepText,
  orderHeading,
  orderSteps,
  statusLabel,
} from '../utils/order-view.js';
import { OrderRefundsCard } from './order-refunds-card.js';
import { ReturnRequestCard } from './return-request-card.js';

/**
 * /orders/:id: the confirmation of one order, reachable again from order history. Works for
 * guests too: the cart service answers by the session's subject, and 404s anyone else's order.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const linkKey = search.get(ORDER_LINK_KEY_PARAM) ?? undefined;
  const order = useOrder(id, linkKey);

  if (order.isPending) {
    return (
      <div className="pl-container pl-page" aria-busy="true">
        <Skeleton style={{ height: '2.25rem', width: '16rem' }} />
        <Skeleton style={{ height: '16rem', marginTop: '1.5rem', maxWidth: '48rem' }} />
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="pl-container pl-page">
        <h1 className="pl-page__title">Order</h1>
        <p className="acc-error" role="alert">
          This order could not be loaded. {serverMessage(order.error) ?? 'Please try again.'}
        </p>
        <Button variant="outline" onClick={() => void order.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!order.data) return <OrderNotFound />;
  return <OrderConfirmation order={order.data} linkKey={linkKey} />;
}

function OrderNotFound() {
  usePageTitle('Order not found');
  return (
    <div className="pl-container pl-page">
      <Card className="acc-orders-empty" data-order-not-found>
        <CardContent>
          <h1 className="acc-order__missing">Order not found</h1>
          <p className="pl-muted">We could not find this order. It may belong to another account, or the link may be wrong.</p>
          <p className="acc-order__lookup">
            <Link to="/orders/lookup">Find an order by number and e-mail</Link>
          </p>
          <Link to="/account/orders" className={buttonClass({ variant: 'outline' })}>
            Order History
          </Link>{' '}
          <Link to="/products" className={buttonClass()}>
            Browse Products
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

function OrderConfirmation({ order, linkKey }: { order: Order; linkKey: string | undefined }) {
  const locations = useLocations();
  const fulfilment = fulfilmentLines(order.fulfilment, locations.data);
  const refunds = order.refunds ?? [];
  // After a return request focus goes to what to do next, once it says so: the lines just returned
  // leave the form (maybe all of it), and focus must not drop to <body>.
  const nextStepRef = useRef<HTMLParagraphElement>(null);
  const [returnsRequested, setReturnsRequested] = useState(0);
  useEffect(() => {
    if (returnsRequested > 0) nextStepRef.current?.focus();
  }, [returnsRequested]);
  usePageTitle(`Order ${order.number}`);
  return (
    <div className="pl-container pl-page acc-order" data-order-id={order.id}>
      <h1 className="pl-page__title">{orderHeading(order.status)}</h1>
      {!isConfirmed(order.status) && (
        <p className="acc-error" role="status" data-order-note>
          {order.note ?? `This order was ${order.status}.`}
        </p>
      )}
      <dl className="acc-details acc-order__facts">
        <dt>Order number</dt>
        <dd data-order-number>{order.number}</dd>
        <dt>Date</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </dd>
        {order.email && (
          <>
            <dt>E-mail</dt>
            <dd>{order.email}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd className="acc-order__badges">
          <Badge variant="secondary">{statusLabel(order.status)}</Badge>
          {/* Paid while the shop took no real payments (decision 042): nothing was charged. */}
          {order.testOrder && (
            <Badge variant="outline" data-test-order>
              {TEST_ORDER_LABEL}
            </Badge>
          )}
        </dd>
      </dl>
      <OrderProgress order={order} nextStepRef={nextStepRef} />
      <div className="acc-order__grid">
        <div className="acc-order__column">
          <Card>
            <CardHeader>
              <CardTitle level={2}>Items</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="acc-order__lines">
                {order.lines.map((line) => (
                  <li key={line.sku} className="acc-order__line" data-order-line={line.sku}>
                    {/* The picture it was bought with (the cover photo); the title beside it says what it is. */}
                    {line.image ? (
                      <img className="acc-order__image" src={line.image} alt="" width={64} height={64} loading="lazy" decoding="async" />
                    ) : (
                      <span className="acc-order__image" aria-hidden="true" />
                    )}
                    <div className="acc-order__item">
                      <span className="acc-order__title">{line.title}</span>
                      <span className="pl-muted acc-order__meta">
                        SKU {line.sku} <ConditionBadge grade={line.conditionGrade} />
                      </span>
                      <span className="pl-muted acc-order__meta">
                        Qty {line.qty} × {formatPrice(line.price)}
                      </span>
                      {line.finalSale && (
                        <span className="acc-order__meta acc-order__final-sale" data-final-sale="">
                          {FINAL_SALE_TEXT}
                        </span>
                      )}
                      {line.return && (
                        <span className="acc-order__meta acc-order__return" data-line-return-status={line.return.status}>
                          {lineReturnText(line.return, formatPrice)}
                        </span>
                      )}
                    </div>
                    <span className="acc-order__subtotal">{formatPrice(line.subtotal)}</span>
                  </li>
                ))}
              </ul>
              <Totals className="acc-order-totals" subtotal={order.subtotal} shipping={order.shipping} tax={order.tax} total={order.total} />
            </CardContent>
          </Card>
          {order.lines.some((line) => line.returnable) && (
            <ReturnRequestCard order={order} linkKey={linkKey} onRequested={() => setReturnsRequested((n) => n + 1)} />
          )}
        </div>
        <div className="acc-order__column">
          <Card>
            <CardHeader>
              <CardTitle level={2}>{fulfilment.title}</CardTitle>
            </CardHeader>
            <CardContent>
              {locations.isPending && order.fulfilment.type === 'pickup' ? (
                <Skeleton style={{ height: '3rem' }} />
              ) : (
                <address className="acc-order__address" data-fulfilment={order.fulfilment.type}>
                  {fulfilment.lines.map((text) => (
                    <span key={text}>{text}</span>
                  ))}
                </address>
              )}
            </CardContent>
          </Card>
          {refunds.length > 0 && <OrderRefundsCard refunds={refunds} />}
        </div>
      </div>
      <p className="acc-order__links">
        <Link to="/account/orders">Order History</Link> · <Link to="/products">Continue Shopping</Link>
      </p>
    </div>
  );
}

/** Where the order is on its way, and what happens next. */
function OrderProgress({ order, nextStepRef }: { order: Order; nextStepRef: RefObject<HTMLParagraphElement | null> }) {
  const next = nextStepText(order);
  return (
    <section className="acc-progress" aria-labelledby="acc-progress-title">
      <h2 id="acc-progress-title" className="pl-visually-hidden">
        Order progress
      </h2>
      <ol className="acc-progress__steps">
        {orderSteps(order).map((step) => (
          <li key={step.status} className={`acc-progress__step acc-progress__step--${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined} data-step={step.status}>
            <span className="acc-progress__dot" aria-hidden="true" />
            <span className="acc-progress__label">{step.label}</span>
            {step.at ? (
              <time className="acc-progress__time" dateTime={step.at}>
                {formatOrderTime(step.at)}
              </time>
            ) : (
              <span className="acc-progress__time pl-muted">Not yet</span>
            )}
          </li>
        ))}
      </ol>
      {next && (
        <p ref={nextStepRef} tabIndex={-1} className="acc-progress__next" data-next-step="">
          {next}
        </p>
      )}
    </section>
  );
}
