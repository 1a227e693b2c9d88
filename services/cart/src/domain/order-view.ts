import { centsToDecimal, type AdminOrderSummary, type Order, type OrderRefund, type Shipment } from '@pl/contracts';
import type { OrderHistoryRecord, OrderRecord } from '../db/orders.repo.js';
import type { RefundRecord } from '../db/refunds.repo.js';
import type { ReturnRecord } from '../db/returns.repo.js';
import { decideReturnRequest } from './order-transitions.js';
import { isFinalSale, returnWindowEnd, whyNotReturnable } from './return-policy.js';
import { RETURN_WINDOW_DAYS } from './shop-rules.js';

export const shipmentOf = (o: Pick<OrderRecord, 'carrier' | 'trackingNumber'>): Shipment | null =>
  o.carrier && o.trackingNumber ? { carrier: o.carrier, trackingNumber: o.trackingNumber } : null;

/** What the order page shows beside the order itself (a list of orders goes without). */
export interface OrderDetails {
  history: readonly OrderHistoryRecord[];
  returns: readonly ReturnRecord[];
  refunds: readonly RefundRecord[];
}

const toRefund = (r: RefundRecord): OrderRefund => ({
  id: r.id,
  reason: r.reason,
  amount: centsToDecimal(r.amountCents),
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  settledAt: r.settledAt?.toISOString() ?? null,
});

/** The order as its owner sees it: the timeline says when, never who. */
export function toOrder(o: OrderRecord, details?: OrderDetails, now = new Date()): Order {
  const returns = new Map(details?.returns.map((r) => [r.lineIndex, r]));
  const asked = new Set(returns.keys());
  const window = returnWindowEnd(o);
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    email: o.email,
    lines: o.lines.map((l, index) => {
      const ret = returns.get(index);
      return {
        title: l.title,
        sku: l.sku,
        image: l.image ?? null,
        conditionGrade: l.conditionGrade,
        price: centsToDecimal(l.unitPriceCents),
        qty: l.qty,
        subtotal: centsToDecimal(l.unitPriceCents * l.qty),
        finalSale: isFinalSale(l),
        returnable: details !== undefined && decideReturnRequest(o).kind !== 'refuse' && whyNotReturnable(o, index, asked, now) === null,
        return: ret
          ? {
              status: ret.status,
              reason: ret.reason,
              comment: ret.comment,
              requestedAt: ret.requestedAt.toISOString(),
              receivedAt: ret.receivedAt?.toISOString() ?? null,
              refund: centsToDecimal(ret.refundCents),
            }
          : null,
      };
    }),
    subtotal: centsToDecimal(o.subtotalCents),
    tax: centsToDecimal(o.taxCents),
    shipping: centsToDecimal(o.shippingCents),
    total: centsToDecimal(o.totalCents),
    fulfilment: o.fulfilment,
    note: o.note,
    testOrder: o.testOrder,
    returnWindowDays: RETURN_WINDOW_DAYS,
    ...(details
      ? {
          // Several entries of one status (a return received in parts) are one step to the customer.
          timeline: details.history.filter((h, i, all) => i === 0 || all[i - 1]!.status !== h.status).map((h) => ({ status: h.status, at: h.at.toISOString() })),
          refunds: details.refunds.map(toRefund),
          returnableUntil: window?.toISOString() ?? null,
          ...(o.transferFrom.length > 0 ? { transferFrom: o.transferFrom } : {}),
        }
      : {}),
    shipment: shipmentOf(o),
  };
}

/** A pickup ready since before `overdueBefore` and not collected yet. */
export const isOverdue = (o: Pick<OrderRecord, 'status' | 'readyAt'>, overdueBefore: Date) =>
  o.status === 'ready_for_pickup' && o.readyAt !== null && o.readyAt < overdueBefore;

/** A row of the order desk; `overdueBefore`: see isOverdue. */
export function toAdminOrderSummary(o: OrderRecord, overdueBefore: Date): AdminOrderSummary {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    email: o.email,
    name: o.fulfilment.type === 'shipping' ? o.fulfilment.address.name : null,
    fulfilment: o.fulfilment,
    total: centsToDecimal(o.totalCents),
    itemCount: o.lines.reduce((n, l) => n + l.qty, 0),
    overdue: isOverdue(o, overdueBefore),
    testOrder: o.testOrder,
  };
}
