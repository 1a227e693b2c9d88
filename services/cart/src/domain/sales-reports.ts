import { centsToDecimal, type ReportRangeQuery, type SalesPerDayReport } from '@pl/contracts';
import { sendCsv, type CsvCell, type Queryable } from '@pl/service-kit';
import type { Response } from 'express';
import { orderExportPage, salesPerDay, type OrderExportPosition } from '../db/reports.repo.js';

/** Sales per day: orders placed, units and what the goods sold for (subtotals), cancelled and refunded orders left out. */
export async function salesPerDayReport(db: Queryable, range: ReportRangeQuery): Promise<SalesPerDayReport> {
  const days = await salesPerDay(db, range);
  const sum = (pick: (day: (typeof days)[number]) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    ...range,
    days: days.map(({ salesCents, ...day }) => ({ ...day, sales: centsToDecimal(salesCents) })),
    totals: { orders: sum((d) => d.orders), units: sum((d) => d.units), sales: centsToDecimal(sum((d) => d.salesCents)), testOrders: sum((d) => d.testOrders) },
  };
}

const EXPORT_PAGE = 500;
const ORDER_COLUMNS = ['Order', 'Placed at', 'Status', 'Customer', 'E-mail', 'Fulfilment', 'Pickup location', 'Ship to', 'Items', 'Units', 'Subtotal', 'Tax', 'Shipping', 'Total', 'Test order'];

/** The orders placed in the range, oldest first, read a page at a time while the client takes the file. */
async function* orderExportRows(db: Queryable, range: ReportRangeQuery): AsyncGenerator<CsvCell[]> {
  let after: OrderExportPosition | null = null;
  for (;;) {
    const page = await orderExportPage(db, range, after, EXPORT_PAGE);
    for (const o of page) {
      const f = o.fulfilment;
      yield [
        o.number,
        o.placedAt.toISOString(),
        o.status,
        o.customerKind,
        o.email,
        f.type,
        f.type === 'pickup' ? f.locationId : null,
        f.type === 'shipping' ? `${f.address.name}, ${f.address.city}, ${f.address.state} ${f.address.zipCode}` : null,
        o.lines.map((l) => `${l.title} (${l.sku}) x${l.qty}`).join('; '),
        o.lines.reduce((n, l) => n + l.qty, 0),
        centsToDecimal(o.subtotalCents),
        centsToDecimal(o.taxCents),
        centsToDecimal(o.shippingCents),
        centsToDecimal(o.totalCents),
        o.testOrder,
      ];
    }
    if (page.length < EXPORT_PAGE) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.cursor, id: last.id };
  }
}

export function sendOrdersExport(db: Queryable, range: ReportRangeQuery, res: Response): Promise<void> {
  return sendCsv(res, `orders-${range.from}-to-${range.to}.csv`, ORDER_COLUMNS, orderExportRows(db, range));
}
