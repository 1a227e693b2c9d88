import type { Queryable } from '@pl/service-kit';
import type { ProductFields } from './product-write.repo.js';

/** Claims an action's restock; false when it was done before (a redelivered event). */
export async function claimRestock(db: Queryable, orderId: string, key: string): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO order_restocks (order_id, key, lines) VALUES ($1, $2, '[]') ON CONFLICT DO NOTHING`, [orderId, key]);
  return rowCount === 1;
}

export async function recordRestockLines(db: Queryable, orderId: string, key: string, lines: Array<{ sku: string; locationId: string; qty: number }>): Promise<void> {
  await db.query(`UPDATE order_restocks SET lines = $3 WHERE order_id = $1 AND key = $2`, [orderId, key, JSON.stringify(lines)]);
}

/** Puts units back on the shelf of a location. */
export async function addOnHand(db: Queryable, variantId: string, locationId: string, qty: number): Promise<void> {
  await db.query(
    `INSERT INTO inventory_levels AS l (variant_id, location_id, on_hand) VALUES ($1, $2, $3)
     ON CONFLICT (variant_id, location_id) DO UPDATE SET on_hand = l.on_hand + excluded.on_hand, updated_at = now()`,
    [variantId, locationId, qty],
  );
}

/** What a regraded unit's own listing copies from the product it was sold as. */
export async function productFieldsOfSku(db: Queryable, sku: string): Promise<(ProductFields & { compareAtCents: number | null }) | undefined> {
  const { rows } = await db.query<ProductFields & { compareAtCents: number | null }>(
    `SELECT p.title, p.brand, p.description, p.condition_grade AS "conditionGrade", p.condition_notes AS "conditionNotes",
            p.one_of_a_kind AS "oneOfAKind", p.category_id AS category, p.images, v.compare_at_cents AS "compareAtCents"
       FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = $1`,
    [sku],
  );
  return rows[0];
}
