import type { AdminOrder, Location, OrderRefund } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle, formatPrice, RefundList } from '@pl/ui';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import { REFUND_REASON_LABELS, REFUND_STATUS_LABELS } from '../utils/order-status.js';
import { customerKindText, fulfilmentAddress } from '../utils/order-text.js';

/** Who ordered and where the order goes: the pickup store or the shipping address. */
export function CustomerCard({ order, locations }: { order: AdminOrder; locations: readonly Location[] | undefined }) {
  const where = fulfilmentAddress(order.fulfilment, locations);
  return (
    <Card className="adm-order-customer" role="region" aria-labelledby="adm-order-customer-title">
      <CardHeader>
        <CardTitle level={2} id="adm-order-customer-title">
          Customer
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="adm-details">
          <dt>Account</dt>
          <dd data-customer-kind={order.customer.kind}>{customerKindText(order.customer)}</dd>
          <dt>E-mail</dt>
          <dd>{order.email ? <a href={`mailto:${order.email}`}>{order.email}</a> : 'None given'}</dd>
          <dt>{where.title}</dt>
          <dd>
            <address className="adm-address" data-fulfilment={order.fulfilment.type}>
              {where.lines.map((text, i) => (
                <span key={i}>{text}</span>
              ))}
            </address>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The payment as the provider recorded it. */
export function PaymentCard({ payment }: { payment: AdminOrder['payment'] }) {
  return (
    <Card className="adm-order-payment" role="region" aria-labelledby="adm-order-payment-title">
      <CardHeader>
        <CardTitle level={2} id="adm-order-payment-title">
          Payment
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="adm-details">
          <dt>Provider</dt>
          <dd>{payment.provider}</dd>
          <dt>Reference</dt>
          <dd>{payment.reference ? <code>{payment.reference}</code> : 'None'}</dd>
          <dt>Status</dt>
          <dd>{payment.status}</dd>
          <dt>Amount</dt>
          <dd>{formatPrice(payment.amount)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The carrier and tracking number, once the order was shipped. */
export function ShipmentCard({ shipment }: { shipment: NonNullable<AdminOrder['shipment']> }) {
  return (
    <Card className="adm-order-shipment" role="region" aria-labelledby="adm-order-shipment-title">
      <CardHeader>
        <CardTitle level={2} id="adm-order-shipment-title">
          Shipment
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="adm-details">
          <dt>Carrier</dt>
          <dd data-carrier>{shipment.carrier}</dd>
          <dt>Tracking number</dt>
          <dd>
            <code data-tracking-number>{shipment.trackingNumber}</code>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The money given back for a cancellation or returned lines, and where each refund stands with the provider. */
export function RefundsCard({ refunds }: { refunds: OrderRefund[] }) {
  return (
    <Card className="adm-order-refunds" role="region" aria-labelledby="adm-order-refunds-title">
      <CardHeader>
        <CardTitle level={2} id="adm-order-refunds-title">
          Refunds
        </CardTitle>
      </CardHeader>
      <CardContent>
        <RefundList refunds={refunds} statusText={(status) => REFUND_STATUS_LABELS[status]} reasonText={(reason) => REFUND_REASON_LABELS[reason]} formatDate={formatDateTime} />
      </CardContent>
    </Card>
  );
}
