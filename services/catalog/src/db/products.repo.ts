import type { InspectionReport, InventoryLevel } from '@pl/contracts';
import type { ProductRecord, StoredPhoto, VariantRecord } from '../domain/product-view.js';
import { containsPattern, prepared, type Queryable } from '@pl/service-kit';
import { activeHoldsAt, isoInstant } from './inventory.repo.js';
import { ON_SALE } from './on-sale.js';

export interface ProductRow {
  id: string;
  title: string;
  brand: string | null;
  description: string | null;
  condition_grade: string;
  condition_notes: string | null;
  one_of_a_kind: boolean;
  category_id: string;
  images: string[];
  photos: StoredPhoto[];
  inspection: InspectionReport | null;
  published_at: string | null;
}
interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  price_cents: number;
  compare_at_cents: number | null;
  levels: InventoryLevel[];
  reserved_until: string | null;
}

export const PRODUCT_COLUMNS = `p.id, p.title, p.brand, p.description, p.condition_grade, p.condition_notes, p.one_of_a_kind, p.category_id, p.images, p.photos, p.inspection, ${isoInstant('p.published_at')} AS published_at`;
/**
 * PRODUCT_COLUMNS for lists: of the photos only the cover (a card shows one; twelve photos' data a
 * product would make a page of 24 products ~200 kB).
 */
export const LISTED_PRODUCT_COLUMNS = PRODUCT_COLUMNS.replace(
  'p.photos',
  `CASE WHEN p.photos = '[]' THEN p.photos ELSE jsonb_path_query_array(p.photos, '$[*] ? (@.cover == true)') END AS photos`,
);

/**
 * Variants and stock of the given products in one statement, however many products there are:
 * each variant with its levels (and the holds that count now) as JSON, built where the rows are.
 * Reading the levels as rows of their own took a second statement and ~0.9 ms more for a page of
 * 100 products.
 */
export async function withVariants(db: Queryable, products: readonly ProductRow[]): Promise<ProductRecord[]> {
  if (products.length === 0) return [];
  const { rows: variants } = await db.query<VariantRow>(
    prepared(
      `SELECT v.id, v.product_id, v.sku, v.price_cents, v.compare_at_cents, s.levels, s.reserved_until
         FROM variants v
        CROSS JOIN LATERAL (
          SELECT coalesce(json_agg(json_build_object('locationId', l.location_id, 'onHand', l.on_hand, 'reserved', coalesce(r.reserved, 0)::int) ORDER BY l.location_id), '[]') AS levels,
                 ${isoInstant('max(r.until)')} AS reserved_until
            FROM inventory_levels l
            LEFT JOIN LATERAL (${activeHoldsAt('l', 'now()')}) r ON true
           WHERE l.variant_id = v.id) s
        WHERE v.product_id = ANY($1::uuid[])
        ORDER BY v.price_cents, v.sku`,
      [products.map((p) => p.id)],
    ),
  );
  const variantsByProduct = new Map<string, VariantRecord[]>();
  for (const v of variants) {
    const list = variantsByProduct.get(v.product_id) ?? [];
    list.push({ id: v.id, sku: v.sku, priceCents: v.price_cents, compareAtCents: v.compare_at_cents, levels: v.levels, reservedUntil: v.reserved_until });
    variantsByProduct.set(v.product_id, list);
  }
  return products.map((p) => ({
    id: p.id,
    title: p.title,
    brand: p.brand,
    description: p.description,
    conditionGrade: p.condition_grade,
    conditionNotes: p.condition_notes,
    oneOfAKind: p.one_of_a_kind,
    categoryId: p.category_id,
    images: p.images,
    photos: p.photos,
    inspection: p.inspection,
    publishedAt: p.published_at,
    variants: variantsByProduct.get(p.id) ?? [],
  }));
}

/**
 * One page of the admin's inventory view, newest first, drafts included (publishedAt null), with how many products match in all. `q`
 * matches part of the title, brand or a variant's sku, case-insensitively.
 */
export async function listInventoryPage(db: Queryable, query: { q?: string; limit: number; offset: number }): Promise<{ records: ProductRecord[]; total: number }> {
  if (!query.q) {
    const [page, count] = await Promise.all([
      db.query<ProductRow>(`SELECT ${LISTED_PRODUCT_COLUMNS} FROM products p ORDER BY p.created_at DESC, p.id DESC LIMIT $1 OFFSET $2`, [query.limit, query.offset]),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM products`),
    ]);
    return { records: await withVariants(db, page.rows), total: count.rows[0]!.n };
  }
  const pattern = containsPattern(query.q.toLowerCase());
  // Each side on its own trigram index (products.search_name is title and brand lower-cased;
  // lower(variants.sku)), united: an OR across the two tables would scan every product.
  const matches = `SELECT id FROM products WHERE search_name LIKE $1 UNION SELECT product_id FROM variants WHERE lower(sku) LIKE $1`;
  const [page, count] = await Promise.all([
    db.query<ProductRow>(
      `SELECT ${LISTED_PRODUCT_COLUMNS} FROM products p WHERE p.id IN (${matches}) ORDER BY p.created_at DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [pattern, query.limit, query.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${matches}) m`, [pattern]),
  ]);
  return { records: await withVariants(db, page.rows), total: count.rows[0]!.n };
}

/** A product as shoppers may see it: a draft is as unknown as a product that does not exist (decision 055). */
export async function findProduct(db: Queryable, id: string): Promise<ProductRecord | undefined> {
  const { rows } = await db.query<ProductRow>(prepared(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1 AND ${ON_SALE('p')}`, [id]));
  return (await withVariants(db, rows))[0];
}

/** A product as the admins see it, draft or not (the intake desk). */
export async function findProductForAdmin(db: Queryable, id: string): Promise<ProductRecord | undefined> {
  const { rows } = await db.query<ProductRow>(prepared(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1`, [id]));
  return (await withVariants(db, rows))[0];
}
