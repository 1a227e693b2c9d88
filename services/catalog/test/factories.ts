import { randomUUID } from 'node:crypto';
import type { Pool } from '@pl/service-kit';

export interface VariantInput {
  sku?: string;
  priceCents?: number;
  compareAtCents?: number | null;
  /** `reserved` becomes an active hold of that many units at that location (by another holder). */
  levels?: Array<{ locationId: string; onHand: number; reserved?: number }>;
}
export interface ProductInput {
  title?: string;
  brand?: string | null;
  description?: string | null;
  conditionGrade?: string;
  conditionNotes?: string | null;
  oneOfAKind?: boolean;
  categoryId?: string;
  images?: string[];
  createdAt?: Date;
  /** null: a draft (as a manifest makes it), not shown to shoppers; default: on sale since createdAt. */
  publishedAt?: Date | null;
  variants?: VariantInput[];
}

export const uniqueSku = () => `SKU-${randomUUID().slice(0, 8).toUpperCase()}`;

/** Inserts a product with its variants, stock and holds, defaults overridable (buildProduct-style). */
export async function insertProduct(pool: Pool, input: ProductInput = {}) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO products (title, brand, description, condition_grade, condition_notes, one_of_a_kind, category_id, images, created_at, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      input.title ?? 'Refurbished Laptop',
      input.brand === undefined ? 'Acme' : input.brand,
      input.description === undefined ? 'A tested laptop.' : input.description,
      input.conditionGrade ?? 'OPEN_BOX',
      input.conditionNotes ?? null,
      input.oneOfAKind ?? false,
      input.categoryId ?? 'electronics',
      input.images ?? [],
      input.createdAt ?? new Date(),
      input.publishedAt === undefined ? (input.createdAt ?? new Date()) : input.publishedAt,
    ],
  );
  const productId = rows[0]!.id;
  const variants = [];
  for (const v of input.variants ?? [{}]) {
    const sku = v.sku ?? uniqueSku();
    const { rows: vr } = await pool.query<{ id: string }>(
      `INSERT INTO variants (product_id, sku, price_cents, compare_at_cents) VALUES ($1, $2, $3, $4) RETURNING id`,
      [productId, sku, v.priceCents ?? 1999, v.compareAtCents ?? null],
    );
    const variantId = vr[0]!.id;
    for (const l of v.levels ?? []) {
      await pool.query(`INSERT INTO inventory_levels (variant_id, location_id, on_hand) VALUES ($1, $2, $3)`, [variantId, l.locationId, l.onHand]);
      if (l.reserved) await insertHold(pool, { variantId, locationId: l.locationId, qty: l.reserved });
    }
    variants.push({ id: variantId, sku });
  }
  return { id: productId, variants };
}

/** An active hold straight in the table (e.g. one that has already expired: `expiresInSeconds: -5`). */
export async function insertHold(pool: Pool, h: { variantId: string; locationId: string; qty: number; holder?: string; expiresInSeconds?: number }) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO holds (variant_id, qty, holder, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
    [h.variantId, h.qty, h.holder ?? 'factory-holder', h.expiresInSeconds ?? 600],
  );
  await pool.query(`INSERT INTO hold_allocations (hold_id, location_id, qty) VALUES ($1, $2, $3)`, [rows[0]!.id, h.locationId, h.qty]);
  return rows[0]!.id;
}
