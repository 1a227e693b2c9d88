import { centsToDecimal, type Order } from '@pl/contracts';
import type { OrderRecord } from '../db/orders.repo.js';

export function toOrder(o: OrderRecord): Order {
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
  };
}
