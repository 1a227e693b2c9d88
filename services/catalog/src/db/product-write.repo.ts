import type { UpsertProductRequest } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';
import type { VariantRef } from './inventory.repo.js';

export interface ExistingVariant extends VariantRef {
  priceCents: number;
  compareAtCents: number | null;
}

/**
 * Serialises writers of the same skus, including skus that do not exist yet (two first-time
 * upserts of one sku would otherwise both create it). Taken in sorted order: no deadlocks.
 */
export async function lockSkus(db: Queryable, skus: readonly string[]): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('pl:catalog-sku:' || sku, 0)) FROM unnest($1::text[]) WITH ORDINALITY AS s(sku, n) ORDER BY n`, [
    [...new Set(skus)].sort(),
  ]);
}

/** Existing variants of these skus, locked (in sku order) against holds and stock changes. */
export async function lockVariantsBySkus(db: Queryable, skus: readonly string[]): Promise<ExistingVariant[]> {
  const { rows } = await db.query<ExistingVariant>(
    `SELECT id, product_id AS "productId", sku, price_cents AS "priceCents", compare_at_cents AS "compareAtCents"
       FROM variants WHERE sku = ANY($1::text[]) ORDER BY sku FOR UPDATE`,
    [skus],
  );
  return rows;
}

export type ProductFields = Omit<UpsertProductRequest, 'variants'>;

export async function insertProduct(db: Queryable, p: ProductFields): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO products (title, brand, description, condition_grade, condition_notes, one_of_a_kind, category_id, images)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [p.title, p.brand ?? null, p.description ?? null, p.conditionGrade, p.conditionNotes ?? null, p.oneOfAKind, p.category, p.images],
  );
  return (rows[0] as { id: string }).id;
}

/**
 * Updates what differs. An empty image list keeps the images the product has: a POS rarely
 * carries photos, and its sync must not wipe the shop's.
 */
export async function updateProduct(db: Queryable, id: string, p: ProductFields): Promise<void> {
  await db.query(
    `UPDATE products
        SET title = $2, brand = $3, description = $4, condition_grade = $5, condition_notes = $6, one_of_a_kind = $7,
            category_id = $8, images = CASE WHEN cardinality($9::text[]) = 0 THEN images ELSE $9::text[] END, updated_at = now()
      WHERE id = $1
        AND (title, brand, description, condition_grade, condition_notes, one_of_a_kind, category_id, images)
            IS DISTINCT FROM ($2, $3, $4, $5, $6, $7, $8, CASE WHEN cardinality($9::text[]) = 0 THEN images ELSE $9::text[] END)`,
    [id, p.title, p.brand ?? null, p.description ?? null, p.conditionGrade, p.conditionNotes ?? null, p.oneOfAKind, p.category, p.images],
  );
}

export async function insertVariant(
  db: Queryable,
  productId: string,
  v: { sku: string; priceCents: number; compareAtCents?: number | null },
): Promise<VariantRef> {
  const { rows } = await db.query<VariantRef>(
    `INSERT INTO variants (product_id, sku, price_cents, compare_at_cents) VALUES ($1, $2, $3, $4)
     RETURNING id, product_id AS "productId", sku`,
    [productId, v.sku, v.priceCents, v.compareAtCents ?? null],
  );
  return rows[0] as VariantRef;
}

export async function updateVariantPrice(db: Queryable, id: string, priceCents: number, compareAtCents: number | null): Promise<void> {
  await db.query(
    `UPDATE variants SET price_cents = $2, compare_at_cents = $3 WHERE id = $1 AND (price_cents, compare_at_cents) IS DISTINCT FROM ($2, $3)`,
    [id, priceCents, compareAtCents],
  );
}
