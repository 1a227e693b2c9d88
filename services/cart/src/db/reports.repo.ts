import type { Fulfilment, OrderStatus, ReportRangeQuery } from '@pl/contracts';
import { DayRangeSql, type Queryable } from '@pl/service-kit';
import type { OrderLineRecord } from './orders.repo.js';

// The reports' SQL (decision 053): set-based, the range's days as DayRangeSql has them.

export interface SalesDay {
  date: string;
  orders: number;
  units: number;
  salesCents: number;
  testOrders: number;
}

/** Orders placed per day (cancelled and refunded ones left out), every day of the range present. */
export async function salesPerDay(db: Queryable, range: ReportRangeQuery): Promise<SalesDay[]> {
  const { rows } = await db.query<Omit<SalesDay, 'salesCents'> & { salesCents: string }>(
    `WITH placed AS (
       SELECT ${DayRangeSql.dayOf('o.created_at')} AS day, o.subtotal_cents, o.test_order,
              (SELECT coalesce(sum((l ->> 'qty')::int), 0) FROM jsonb_array_elements(o.lines) l) AS units
         FROM orders o
        WHERE o.created_at >= ${DayRangeSql.start} AND o.created_at < ${DayRangeSql.end} AND o.status NOT IN ('cancelled', 'refunded'))
     SELECT to_char(d, 'YYYY-MM-DD') AS date, count(p.day)::int AS orders, coalesce(sum(p.units), 0)::int AS units,
            coalesce(sum(p.subtotal_cents), 0) AS "salesCents", count(p.day) FILTER (WHERE p.test_order)::int AS "testOrders"
       FROM generate_series($1::date, $2::date, interval '1 day') d
       LEFT JOIN placed p ON p.day = d::date
      GROUP BY d ORDER BY d`,
    DayRangeSql.params(range),
  );
  return rows.map((row) => ({ ...row, salesCents: Number(row.salesCents) }));
}

export interface OrderExportRow {
  /** The keyset position: created_at as PostgreSQL prints it (microseconds kept), and the id. */
  cursor: string;
  id: string;
  number: string;
  placedAt: Date;
  status: OrderStatus;
  customerKind: 'guest' | 'customer';
  email: string | null;
  fulfilment: Fulfilment;
  lines: OrderLineRecord[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  testOrder: boolean;
}

export interface OrderExportPosition {
  createdAt: string;
  id: string;
}

/** One page of the orders placed in the range after `after`, oldest first (keyset: as fast at any depth). */
export async function orderExportPage(db: Queryable, range: ReportRangeQuery, after: OrderExportPosition | null, limit: number): Promise<OrderExportRow[]> {
  const { rows } = await db.query<OrderExportRow>(
    `SELECT o.created_at::text AS cursor, o.id, o.number, o.created_at AS "placedAt",
            o.status, o.customer_kind AS "customerKind", o.email, o.fulfilment, o.lines,
            o.subtotal_cents AS "subtotalCents", o.tax_cents AS "taxCents", o.shipping_cents AS "shippingCents", o.total_cents AS "totalCents",
            o.test_order AS "testOrder"
       FROM orders o
      WHERE o.created_at >= ${DayRangeSql.start} AND o.created_at < ${DayRangeSql.end}
        AND ($4::timestamptz IS NULL OR (o.created_at, o.id) > ($4::timestamptz, $5::uuid))
      ORDER BY o.created_at, o.id
      LIMIT $6`,
    [...DayRangeSql.params(range), after?.createdAt ?? null, after?.id ?? null, limit],
  );
  return rows;
}
