// A manifest's new sku is a draft listing kept as its row (migration 013) until something needs it
// as a product: an admin starting its intake, or the POS changing its item (a count, a rename). It
// then becomes a product with published_at null (shoppers see it once published), its variant at
// the draft's price and retail with the average cost of its units, and the units of every row
// waiting with it at their locations; the rows then name it. Once, under the sku's lock.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { CategoryId, ConditionGrade } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';
import { addOnHand, type UnitsReceived } from '../db/inventory.repo.js';
import { insertProducts, insertVariants, type NewVariant } from '../db/product-write.repo.js';
import { waitingRowSql } from '../db/manifests.repo.js';

interface WaitingRow {
  manifestId: string;
  row: number;
  sku: string;
  outcome: 'created' | 'added';
  locationId: string;
  quantity: number;
  unitCostCents: number | null;
  draftProductId: string;
  title: string | null;
  brand: string | null;
  categoryId: string | null;
  conditionGrade: string | null;
  conditionNotes: string | null;
  oneOfAKind: boolean | null;
  priceCents: number | null;
  compareAtCents: number | null;
}

/**
 * The id a draft's product has (answered to the POS's echo of the item before the product exists,
 * and given to the product when it is made), as SQL on `alias`: the id an earlier import kept in
 * draft_product_id, else one named by the row (a version-8 UUID of the MD5 of its manifest and row
 * number): the same at every read, and nothing to write per row at import, where a random UUID cost
 * ~1.3 us a row (decision 067).
 */
const draftProductIdSql = (alias: string) =>
  `coalesce(${alias}.draft_product_id, overlay(overlay(md5(${alias}.manifest_id::text || ':' || ${alias}.row) placing '8' from 13) placing '8' from 17)::uuid)`;

/** The rows waiting among these skus (created drafts and units added to them), each sku's draft first; locked for a caller making products of them. */
async function waitingRows(db: Queryable, skus: readonly string[], options: { lock?: boolean } = {}): Promise<WaitingRow[]> {
  const { rows } = await db.query<WaitingRow>(
    `SELECT manifest_id AS "manifestId", row, sku, outcome, location_id AS "locationId", quantity, unit_cost_cents AS "unitCostCents",
            ${draftProductIdSql('r')} AS "draftProductId", title, brand, category_id AS "categoryId", condition_grade AS "conditionGrade",
            condition_notes AS "conditionNotes", one_of_a_kind AS "oneOfAKind", price_cents AS "priceCents", compare_at_cents AS "compareAtCents"
       FROM manifest_rows r WHERE r.sku = ANY($1::text[]) AND ${waitingRowSql('r')}
      ORDER BY sku, (outcome = 'created') DESC, manifest_id, row${options.lock ? ' FOR UPDATE' : ''}`,
    [skus],
  );
  return rows;
}

/**
 * Makes products of the drafts waiting among these skus, in the caller's transaction (which holds
 * their sku locks: lockSkus). Answers the new product's id per sku made; skus that are no waiting
 * draft are left alone.
 */
export async function makeDraftProducts(client: pg.PoolClient, skus: readonly string[]): Promise<Map<string, string>> {
  const made = new Map<string, string>();
  if (skus.length === 0) return made;
  const rows = await waitingRows(client, skus, { lock: true });
  const bySku = new Map<string, WaitingRow[]>();
  for (const row of rows) bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), row]);

  const products: Parameters<typeof insertProducts>[1][number][] = [];
  const variants: NewVariant[] = [];
  const levels: UnitsReceived[] = [];
  const linked: Array<{ sku: string; product_id: string; variant_id: string }> = [];
  for (const [sku, waiting] of bySku) {
    const draft = waiting[0]!;
    // Units added to a draft that no longer waits (already made) belong to that product's stock elsewhere.
    if (draft.outcome !== 'created') continue;
    const productId = draft.draftProductId;
    const variantId = randomUUID();
    const costed = waiting.filter((w) => w.unitCostCents !== null);
    const costedUnits = costed.reduce((n, w) => n + w.quantity, 0);
    const unitCostCents = costedUnits > 0 ? Math.round(costed.reduce((n, w) => n + w.unitCostCents! * w.quantity, 0) / costedUnits) : null;
    const price = { sku, priceCents: draft.priceCents!, compareAtCents: draft.compareAtCents };
    products.push({
      id: productId,
      title: draft.title!,
      brand: draft.brand,
      description: null,
      conditionGrade: draft.conditionGrade as ConditionGrade,
      conditionNotes: draft.conditionNotes,
      oneOfAKind: draft.oneOfAKind ?? false,
      category: draft.categoryId as CategoryId,
      images: [],
    });
    variants.push({ id: variantId, productId, ...price, unitCostCents });
    for (const w of waiting) levels.push({ variantId, locationId: w.locationId, qty: w.quantity });
    linked.push({ sku, product_id: productId, variant_id: variantId });
    made.set(sku, productId);
  }
  if (made.size === 0) return made;
  // Their first prices are the manifest's, whoever made them products (the POS's own follow as 'pos').
  const { rows: before } = await client.query<{ source: string }>(`SELECT coalesce(current_setting('pl.price_source', true), '') AS source`);
  await client.query(`SELECT set_config('pl.price_source', 'manifest', true)`);
  await insertProducts(client, products, { drafts: true });
  await insertVariants(client, variants);
  await client.query(`SELECT set_config('pl.price_source', $1, true)`, [before[0]!.source]);
  await addOnHand(client, levels);
  await client.query(
    `UPDATE manifest_rows r SET product_id = d.product_id, variant_id = d.variant_id
       FROM jsonb_to_recordset($1::jsonb) AS d(sku text, product_id uuid, variant_id uuid)
      -- The skus again as an array: joined to the recordset alone, the rows were read by a scan of the table.
      WHERE r.sku = ANY($2::text[]) AND r.sku = d.sku AND ${waitingRowSql('r')}`,
    [JSON.stringify(linked), linked.map((l) => l.sku)],
  );
  return made;
}

/** What a POS says of a sku, as the catalog's upsert and count receive it. */
export interface PosView {
  title: string;
  brand: string | null;
  category: string;
  conditionGrade: string;
  conditionNotes: string | null;
  priceCents: number;
  compareAtCents: number | null;
  /** Units per location it names. */
  stock: ReadonlyArray<{ locationId: string; onHand: number }>;
}

export interface WaitingDraft {
  productId: string;
  title: string;
  brand: string | null;
  category: string;
  conditionGrade: string;
  conditionNotes: string | null;
  priceCents: number;
  compareAtCents: number | null;
  /** Units waiting per location. */
  units: Map<string, number>;
}

/** The drafts waiting among these skus, as they would become products (the caller holds their sku locks). */
export async function waitingDrafts(db: Queryable, skus: readonly string[]): Promise<Map<string, WaitingDraft>> {
  const drafts = new Map<string, WaitingDraft>();
  if (skus.length === 0) return drafts;
  const rows = await waitingRows(db, skus);
  for (const row of rows) {
    let draft = drafts.get(row.sku);
    if (!draft) {
      if (row.outcome !== 'created') continue;
      draft = {
        productId: row.draftProductId,
        title: row.title!,
        brand: row.brand,
        category: row.categoryId!,
        conditionGrade: row.conditionGrade!,
        conditionNotes: row.conditionNotes,
        priceCents: row.priceCents!,
        compareAtCents: row.compareAtCents,
        units: new Map(),
      };
      drafts.set(row.sku, draft);
    }
    draft.units.set(row.locationId, (draft.units.get(row.locationId) ?? 0) + row.quantity);
  }
  return drafts;
}

/**
 * Whether the POS says of a waiting draft just what the draft is: its echo of the item created from
 * the manifest. Such an echo leaves the draft a row (nothing to change); any difference (a rename, a
 * count at the till, another price) makes it its product first.
 */
export function posEchoesDraft(draft: WaitingDraft, pos: PosView): boolean {
  // Counts the request names must be the units waiting there; a location it leaves out is no news
  // (an upsert writes only the counts it carries, and pos-sync leaves out those it has applied).
  return (
    pos.title === draft.title &&
    (pos.brand ?? null) === draft.brand &&
    pos.category === draft.category &&
    pos.conditionGrade === draft.conditionGrade &&
    (pos.conditionNotes || null) === draft.conditionNotes &&
    pos.priceCents === draft.priceCents &&
    (pos.compareAtCents ?? null) === draft.compareAtCents &&
    pos.stock.every((s) => (draft.units.get(s.locationId) ?? 0) === s.onHand)
  );
}
