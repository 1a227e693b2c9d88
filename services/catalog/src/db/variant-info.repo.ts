import type { VariantInfo, VariantPrices } from '@pl/contracts';
import { prepared, type Queryable } from '@pl/service-kit';
import { unitsHeldAt } from './inventory.repo.js';
import { ON_SALE } from './on-sale.js';
import type { StoredPhoto } from '../domain/product-view.js';

/** A variant with its product's display fields and what is available now (active, unexpired holds counted per location); a draft's is unknown, as shoppers may not buy it (decision 055). */
/**
 * `photos`: the shop's own photos of the unit (the caller makes their cover the line's image, and
 * them the product's images, as the product's page shows them).
 */
export async function findVariantInfo(db: Queryable, sku: string): Promise<(VariantInfo & { photos: StoredPhoto[] }) | undefined> {
  const { rows } = await db.query<VariantInfo & { photos: StoredPhoto[] | null }>(
    `SELECT v.sku, p.id AS "productId", p.brand, p.images, p.title, p.images[1] AS image, p.photos, p.condition_grade AS "conditionGrade", p.condition_notes AS "conditionNotes",
            p.one_of_a_kind AS "oneOfAKind", v.price_cents AS "priceCents", v.compare_at_cents AS "compareAtCents",
            coalesce((SELECT sum(greatest(0, l.on_hand - ${unitsHeldAt('l', 'now()')}))
                        FROM inventory_levels l WHERE l.variant_id = v.id), 0)::int AS available
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.sku = $1 AND ${ON_SALE('p')}`,
    [sku],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { ...row, photos: row.photos ?? [] };
}

/** What the variants with these skus cost now, those on sale only (a draft's price is nobody's to pay yet). */
export async function findVariantPrices(db: Queryable, skus: readonly string[]): Promise<VariantPrices['variants']> {
  const { rows } = await db.query<VariantPrices['variants'][number]>(
    prepared(
      `SELECT v.sku, p.id AS "productId", v.price_cents AS "priceCents", v.compare_at_cents AS "compareAtCents"
         FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.sku = ANY($1::text[]) AND ${ON_SALE('p')}
        ORDER BY v.sku`,
      [skus],
    ),
  );
  return rows;
}
