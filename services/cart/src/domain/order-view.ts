import { centsToDecimal, type AdminOrderSummary, type Order, type Shipment } from '@pl/contracts';
import type { OrderHistoryRecord, OrderRecord } from '../db/orders.repo.js';

export const shipmentOf = (o: Pick<OrderRecord, 'carrier' | 'trackingNumber'>): Shipment | null =>
  o.carrier && o.trackingNumber ? { carrier: o.carrier, trackingNumber: o.trackingNumber } : null;

/** The order as its owner sees it: the timeline says when, never who. */
export function toOrder(o: OrderRecord, history?: readonly OrderHistoryRecord[]): Order {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    email: o.email,
    lines: o.lines.map((l) => ({
      title: l.title,
      sku: l.sku,
      conditionGrade: l.conditionGrade,
      price: centsToDecimal(l.unitPriceCents),
      qty: l.qty,
      subtotal: centsToDecimal(l.unitPriceCents * l.qty),
    })),
    subtotal: centsToDecimal(o.subtotalCents),
    tax: centsToDecimal(o.taxCents),
    shipping: centsToDecimal(o.shippingCents),
    total: centsToDecimal(o.totalCents),
    fulfilment: o.fulfilment,
    note: o.note,
    ...(history ? { timeline: history.map((h) => ({ status: h.status, at: h.at.toISOString() })) } : {}),
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
  };
}
