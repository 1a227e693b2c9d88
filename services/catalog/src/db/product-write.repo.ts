import { randomUUID } from 'node:crypto';
import type { UpsertProductRequest } from '@pl/contracts';
import { prepared, type Queryable } from '@pl/service-kit';
import type { VariantRef } from './inventory.repo.js';

export interface ExistingVariant extends VariantRef {
  priceCents: number;
  compareAtCents: number | null;
}

/**
 * Sku locks serialise writers of the same skus, including skus that do not exist yet (two
 * first-time upserts of one sku would otherwise both create it). They are advisory locks on buckets
 * of skus (1,024 of them), taken in bucket order by every caller, once per transaction: no
 * deadlocks, and a manifest's batch of 10,000 skus takes at most 1,024 locks, where a lock per sku
 * overflowed PostgreSQL's shared lock table (64 per connection by default). Two skus sharing a
 * bucket wait for each other while one is written.
 */
export const SKU_LOCK_BUCKETS = 1024;
const lockBucketsOf = (skus: string) =>
  `SELECT pg_advisory_xact_lock(hashtext('pl:catalog-sku'), b)
     FROM (SELECT DISTINCT (hashtextextended(s.sku, 0) & ${SKU_LOCK_BUCKETS - 1})::int AS b FROM (${skus}) AS s(sku)) AS buckets ORDER BY b`;

export async function lockSkus(db: Queryable, skus: readonly string[]): Promise<void> {
  if (skus.length === 0) return;
  await db.query(lockBucketsOf('SELECT unnest($1::text[])'), [[...new Set(skus)]]);
}

/**
 * lockSkus for the skus a query answers (one column), without them coming to Node. A query of
 * `rows` rows, thousands of them, takes every bucket: 4,096 skus fall in all but ~2% of the 1,024,
 * and hashing each to find the rest cost a manifest's batch of 10,000 rows ~10 ms.
 */
export async function lockSkusOf(db: Queryable, skus: { text: string; values: unknown[] }, rows: number, lanes: { lane: number; of: number } = { lane: 0, of: 1 }): Promise<void> {
  // A lane's skus fall only in its buckets (manifest-plan's skuLane): every `of`-th one from `lane`.
  if (rows >= 4 * SKU_LOCK_BUCKETS) await db.query(`SELECT pg_advisory_xact_lock(hashtext('pl:catalog-sku'), b) FROM generate_series($1::int, ${SKU_LOCK_BUCKETS - 1}, $2::int) AS b ORDER BY b`, [lanes.lane, lanes.of]);
  else await db.query(lockBucketsOf(skus.text), skus.values);
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

/** A product's columns as jsonb_to_recordset reads them (one JSON document for a whole batch). */
const productRecord = (id: string, p: ProductFields) => ({
  id,
  title: p.title,
  brand: p.brand ?? null,
  description: p.description ?? null,
  condition_grade: p.conditionGrade,
  condition_notes: p.conditionNotes ?? null,
  one_of_a_kind: p.oneOfAKind,
  category_id: p.category,
  images: p.images,
});
const PRODUCT_RECORD = `jsonb_to_recordset($1::jsonb) AS d(id uuid, title text, brand text, description text, condition_grade text,
                         condition_notes text, one_of_a_kind boolean, category_id text, images text[], n int)`;

/**
 * Inserts products with the ids given, in one statement. Each gets its own creation time, in the
 * order given (clock_timestamp() per row), as if they had been created one after another: the
 * newest-first list and its cursors never see a tie within a batch. Their price keys
 * (product_prices, migration 016) are made with them and kept by the variants' triggers.
 */
export async function insertProducts(db: Queryable, products: ReadonlyArray<ProductFields & { id: string }>, options: { drafts?: boolean } = {}): Promise<void> {
  if (products.length === 0) return;
  // Drafts (from a manifest) have no published_at: shoppers see them once an admin publishes them.
  await db.query(
    prepared(
      `INSERT INTO products (id, title, brand, description, condition_grade, condition_notes, pos_condition_grade, pos_condition_notes, one_of_a_kind, category_id,
                             images, created_at, updated_at, published_at)
       SELECT d.id, d.title, d.brand, d.description, d.condition_grade, d.condition_notes, d.condition_grade, d.condition_notes, d.one_of_a_kind, d.category_id,
              d.images, clock_timestamp(), clock_timestamp(), CASE WHEN $2::boolean THEN NULL ELSE clock_timestamp() END
         FROM ${PRODUCT_RECORD}
        ORDER BY d.n`,
      [JSON.stringify(products.map((p, n) => ({ ...productRecord(p.id, p), n }))), options.drafts === true],
    ),
  );
}

export async function insertProduct(db: Queryable, p: ProductFields): Promise<string> {
  const id = randomUUID();
  await insertProducts(db, [{ ...p, id }]);
  return id;
}

/**
 * Updates what differs, in one statement. An empty image list keeps the images the product has:
 * a POS rarely carries photos, and its sync must not wipe the shop's. Who owns what (decision 048):
 * the POS owns the name, description, category and prices; the grade and notes are the POS's only
 * until the listing is inspected. After that the POS's values are kept as pos_condition_* for the
 * inspector to accept, and never replace what the inspection recorded. Photos and inspections are
 * the shop's: nothing here touches them.
 */
export async function updateProducts(db: Queryable, products: ReadonlyArray<ProductFields & { id: string }>): Promise<void> {
  if (products.length === 0) return;
  await db.query(
    prepared(
      `UPDATE products p
          SET title = d.title, brand = d.brand, description = d.description,
              condition_grade = CASE WHEN p.inspected_at IS NULL THEN d.condition_grade ELSE p.condition_grade END,
              condition_notes = CASE WHEN p.inspected_at IS NULL THEN d.condition_notes ELSE p.condition_notes END,
              pos_condition_grade = d.condition_grade, pos_condition_notes = d.condition_notes,
              pos_condition_at = CASE WHEN (p.pos_condition_grade, p.pos_condition_notes) IS DISTINCT FROM (d.condition_grade, d.condition_notes)
                                      THEN now() ELSE p.pos_condition_at END,
              one_of_a_kind = d.one_of_a_kind, category_id = d.category_id,
              images = CASE WHEN cardinality(d.images) = 0 THEN p.images ELSE d.images END, updated_at = now()
         FROM ${PRODUCT_RECORD}
        WHERE p.id = d.id
          AND (p.title, p.brand, p.description, p.pos_condition_grade, p.pos_condition_notes, p.one_of_a_kind, p.category_id, p.images,
               p.condition_grade, p.condition_notes)
              IS DISTINCT FROM (d.title, d.brand, d.description, d.condition_grade, d.condition_notes, d.one_of_a_kind, d.category_id,
                                CASE WHEN cardinality(d.images) = 0 THEN p.images ELSE d.images END,
                                CASE WHEN p.inspected_at IS NULL THEN d.condition_grade ELSE p.condition_grade END,
                                CASE WHEN p.inspected_at IS NULL THEN d.condition_notes ELSE p.condition_notes END)`,
      [JSON.stringify(products.map((p, n) => ({ ...productRecord(p.id, p), n })))],
    ),
  );
}

export interface NewVariant {
  id: string;
  productId: string;
  sku: string;
  priceCents: number;
  compareAtCents?: number | null;
  /** What the shop paid for a unit (a manifest's), when known. */
  unitCostCents?: number | null;
}

/** Inserts variants with the ids given, in one statement. */
export async function insertVariants(db: Queryable, variants: readonly NewVariant[]): Promise<void> {
  if (variants.length === 0) return;
  await db.query(
    prepared(
      `INSERT INTO variants (id, product_id, sku, price_cents, compare_at_cents, unit_cost_cents)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::int[])`,
      [
        variants.map((v) => v.id),
        variants.map((v) => v.productId),
        variants.map((v) => v.sku),
        variants.map((v) => v.priceCents),
        variants.map((v) => v.compareAtCents ?? null),
        variants.map((v) => v.unitCostCents ?? null),
      ],
    ),
  );
}

export async function insertVariant(db: Queryable, productId: string, v: { sku: string; priceCents: number; compareAtCents?: number | null }): Promise<VariantRef> {
  const variant = { ...v, id: randomUUID(), productId };
  await insertVariants(db, [variant]);
  return { id: variant.id, productId, sku: v.sku };
}

/** Sets prices that differ, in one statement. */
export async function updateVariantPrices(db: Queryable, prices: ReadonlyArray<{ id: string; priceCents: number; compareAtCents: number | null }>): Promise<void> {
  if (prices.length === 0) return;
  await db.query(
    prepared(
      `UPDATE variants v SET price_cents = d.price_cents, compare_at_cents = d.compare_at_cents
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS d(id, price_cents, compare_at_cents)
        WHERE v.id = d.id AND (v.price_cents, v.compare_at_cents) IS DISTINCT FROM (d.price_cents, d.compare_at_cents)`,
      [prices.map((p) => p.id), prices.map((p) => p.priceCents), prices.map((p) => p.compareAtCents)],
    ),
  );
}
