import type { Queryable } from '@pl/service-kit';
import type { ProductRecord, VariantRecord } from '../domain/product-view.js';

interface ProductRow {
  id: string;
  title: string;
  brand: string | null;
  description: string | null;
  condition_grade: string;
  condition_notes: string | null;
  one_of_a_kind: boolean;
  category_id: string;
  images: string[];
}
interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  price_cents: number;
  compare_at_cents: number | null;
}
interface LevelRow {
  variant_id: string;
  location_id: string;
  on_hand: number;
  reserved: number;
}

/** Three flat queries instead of one wide join: the row count stays products + variants + levels. */
async function withVariants(db: Queryable, products: ProductRow[]): Promise<ProductRecord[]> {
  if (products.length === 0) return [];
  const { rows: variants } = await db.query<VariantRow>(
    `SELECT id, product_id, sku, price_cents, compare_at_cents FROM variants WHERE product_id = ANY($1::uuid[]) ORDER BY price_cents, sku`,
    [products.map((p) => p.id)],
  );
  const { rows: levels } = await db.query<LevelRow>(
    `SELECT variant_id, location_id, on_hand, reserved FROM inventory_levels WHERE variant_id = ANY($1::uuid[]) ORDER BY location_id`,
    [variants.map((v) => v.id)],
  );
  const levelsByVariant = new Map<string, VariantRecord['levels']>();
  for (const l of levels) {
    const list = levelsByVariant.get(l.variant_id) ?? [];
    list.push({ locationId: l.location_id, onHand: l.on_hand, reserved: l.reserved });
    levelsByVariant.set(l.variant_id, list);
  }
  const variantsByProduct = new Map<string, VariantRecord[]>();
  for (const v of variants) {
    const list = variantsByProduct.get(v.product_id) ?? [];
    list.push({ id: v.id, sku: v.sku, priceCents: v.price_cents, compareAtCents: v.compare_at_cents, levels: levelsByVariant.get(v.id) ?? [] });
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
    variants: variantsByProduct.get(p.id) ?? [],
  }));
}

const PRODUCT_COLUMNS = 'id, title, brand, description, condition_grade, condition_notes, one_of_a_kind, category_id, images';

/** Newest first, optionally in one category. */
export async function listProducts(db: Queryable, filter: { categoryId?: string } = {}): Promise<ProductRecord[]> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE ($1::text IS NULL OR category_id = $1) ORDER BY created_at DESC, id`,
    [filter.categoryId ?? null],
  );
  return withVariants(db, rows);
}

export async function findProduct(db: Queryable, id: string): Promise<ProductRecord | undefined> {
  const { rows } = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1`, [id]);
  return (await withVariants(db, rows))[0];
}
