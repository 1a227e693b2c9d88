import type { Queryable } from '@pl/service-kit';

/** The units an order took per sku and location: the allocations of its committed holds. */
export async function findOrderAllocations(db: Queryable, orderId: string): Promise<Array<{ sku: string; locationId: string; qty: number }>> {
  const { rows } = await db.query<{ sku: string; locationId: string; qty: number }>(
    `SELECT v.sku, a.location_id AS "locationId", sum(a.qty)::int AS qty
       FROM holds h
       JOIN hold_allocations a ON a.hold_id = h.id
       JOIN variants v ON v.id = h.variant_id
      WHERE h.order_id = $1 AND h.status = 'committed'
      GROUP BY v.sku, a.location_id
      ORDER BY v.sku, a.location_id`,
    [orderId],
  );
  return rows;
}
