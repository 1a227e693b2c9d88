import { createHash } from 'node:crypto';
import { CategoryIds, MEDIA_PATH, type CategoryId } from '@pl/contracts';
import { withTransaction, type Logger, type Pool, type Queryable } from '@pl/service-kit';
import { DEMO_CATALOG, STOCK_LOCATIONS } from './demo-catalog.data.js';

const SKU_PREFIX: Record<CategoryId, string> = {
  electronics: 'EL',
  'mobile-devices': 'MD',
  'home-garden': 'HG',
  automotive: 'AU',
  gaming: 'GM',
  'sports-outdoors': 'SO',
  clothing: 'CL',
  general: 'GN',
};
/** The newest demo product was "received" then; each older one a little earlier. */
const NEWEST = Date.parse('2026-11-20T15:00:00Z');
const MINUTES_BETWEEN = 53;

/** A stable UUID (version 5 layout) from a name, so the demo's ids are the same on every machine. */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update(`professional-liquidation:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface DemoRows {
  products: Array<{ id: string; title: string; brand: string; description: string; condition_grade: string; condition_notes: string; one_of_a_kind: boolean; category_id: string; images: string[]; created_at: string }>;
  variants: Array<{ id: string; product_id: string; sku: string; price_cents: number; compare_at_cents: number | null }>;
  levels: Array<{ variant_id: string; location_id: string; on_hand: number }>;
}

/**
 * The demo catalogue as rows. Categories are interleaved by creation time, so the newest page
 * (the home page's featured products) shows a bit of everything.
 */
export function demoCatalogRows(): DemoRows {
  const rows: DemoRows = { products: [], variants: [], levels: [] };
  const longest = Math.max(...CategoryIds.map((c) => DEMO_CATALOG[c].length));
  for (let i = 0; i < longest; i++) {
    for (const category of CategoryIds) {
      const product = DEMO_CATALOG[category][i];
      if (!product) continue;
      const skuBase = `PL-${SKU_PREFIX[category]}-${String(i + 1).padStart(3, '0')}`;
      const productId = stableUuid(`product:${skuBase}`);
      rows.products.push({
        id: productId,
        title: product.title,
        brand: product.brand,
        description: product.description,
        condition_grade: product.grade,
        condition_notes: product.notes,
        one_of_a_kind: product.oneOfAKind === true,
        category_id: category,
        images: product.image ? [`${MEDIA_PATH}/${product.image}.svg`] : [],
        created_at: new Date(NEWEST - rows.products.length * MINUTES_BETWEEN * 60_000).toISOString(),
      });
      for (const variant of product.variants) {
        const sku = variant.option ? `${skuBase}-${variant.option}` : skuBase;
        const variantId = stableUuid(`variant:${sku}`);
        rows.variants.push({ id: variantId, product_id: productId, sku, price_cents: variant.priceCents, compare_at_cents: variant.compareAtCents });
        variant.stock.forEach((onHand, at) => rows.levels.push({ variant_id: variantId, location_id: STOCK_LOCATIONS[at] as string, on_hand: onHand }));
      }
    }
  }
  return rows;
}

/** Inserts rows in three set-based statements (products, variants, stock). */
export async function insertCatalogRows(db: Queryable, rows: DemoRows): Promise<void> {
  await db.query(
    `INSERT INTO products (id, title, brand, description, condition_grade, condition_notes, one_of_a_kind, category_id, images, created_at, updated_at)
     SELECT id, title, brand, description, condition_grade, condition_notes, one_of_a_kind, category_id, images, created_at, created_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, title text, brand text, description text, condition_grade text, condition_notes text,
            one_of_a_kind boolean, category_id text, images text[], created_at timestamptz)`,
    [JSON.stringify(rows.products)],
  );
  await db.query(
    `INSERT INTO variants (id, product_id, sku, price_cents, compare_at_cents, created_at)
     SELECT x.id, x.product_id, x.sku, x.price_cents, x.compare_at_cents, p.created_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, product_id uuid, sku text, price_cents int, compare_at_cents int)
       JOIN products p ON p.id = x.product_id`,
    [JSON.stringify(rows.variants)],
  );
  await db.query(
    // Stock only at locations this database has: a shop whose own locations replaced the demo
    // ones still starts (its demo products are then simply out of stock).
    `INSERT INTO inventory_levels (variant_id, location_id, on_hand)
     SELECT x.variant_id, x.location_id, x.on_hand FROM jsonb_to_recordset($1::jsonb) AS x(variant_id uuid, location_id text, on_hand int)
      WHERE EXISTS (SELECT 1 FROM locations l WHERE l.id = x.location_id)`,
    [JSON.stringify(rows.levels)],
  );
}

/**
 * The catalog's demo products for a fresh database (after the locations seed): all in one
 * transaction, only when there are no products at all. Instances starting together queue on the
 * lock; the second finds products and does nothing. A catalogue fed by a POS sets
 * SEED_DEMO_CATALOG=false.
 */
export async function seedDemoCatalog(pool: Pool, logger: Logger): Promise<void> {
  const seeded = await withTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('pl:catalog-demo-seed:' || current_schema(), 0))`);
    const { rowCount } = await client.query('SELECT 1 FROM products LIMIT 1');
    if (rowCount) return 0;
    const rows = demoCatalogRows();
    await insertCatalogRows(client, rows);
    return rows.products.length;
  });
  if (seeded > 0) logger.info({ products: seeded }, 'seeded the demo catalogue');
}
