// Products from the POS, created or updated by their variants' skus: a sync's batch, a webhook's
// product, an admin's call. A batch is written set-based, a few statements for all its products in
// one transaction, instead of one transaction of ~20 statements per product (issue 13: 10,000
// products took 91 s, 113 s of PostgreSQL CPU). A product the catalog refuses is answered in its
// place and leaves the others to be written; a batch the database fails as a whole is written again
// one product per transaction, so the failure is pinned on the product that caused it.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ErrorCodes, type UpsertProductRequest, type UpsertProductResult } from '@pl/contracts';
import { AppError, badRequest, conflict, notFound, withTransaction, type Pool } from '@pl/service-kit';
import { setOnHandMany, unknownLocations, type VariantRef } from '../db/inventory.repo.js';
import { loseUncoveredHolds } from '../db/holds.repo.js';
import {
  insertProducts,
  insertVariants,
  lockSkus,
  lockVariantsBySkus,
  updateProducts,
  updateVariantPrices,
  type NewVariant,
  type ProductFields,
} from '../db/product-write.repo.js';
import { keepUnconfirmedMarkdowns } from '../db/markdowns.repo.js';
import { recordInventoryUpdatedMany } from './inventory-events.js';
import { makeDraftProducts, posEchoesDraft, waitingDrafts, type WaitingDraft } from '../manifests/manifest-drafts.js';

/** What became of one product of a batch: written, refused (an AppError with the reason), or failed (the database's error). */
export type UpsertOutcome = UpsertProductResult | Error;

/**
 * Creates or updates one product, found by its variants' skus. The request is the product's state:
 * repeating it changes nothing and announces nothing. Variants the request does not name are kept
 * (they may be held or sold). One inventory.updated per variant created or whose stock changed.
 */
export async function upsertProduct(pool: Pool, request: UpsertProductRequest): Promise<UpsertProductResult> {
  const [outcome] = await upsertProducts(pool, [request]);
  if (outcome instanceof Error) throw outcome;
  return outcome!;
}

/** upsertProduct for many products: one outcome per product, in order. */
export async function upsertProducts(pool: Pool, requests: readonly UpsertProductRequest[]): Promise<UpsertOutcome[]> {
  const outcomes: Array<UpsertOutcome | undefined> = requests.map(duplicateSku);
  const pending = requests.flatMap((request, index) => (outcomes[index] === undefined ? [{ request, index }] : []));
  if (pending.length === 0) return outcomes as UpsertOutcome[];

  // Two products of the batch naming one sku: the second must see what the first made of it.
  const named = pending.flatMap(({ request }) => [...new Set(request.variants.map((v) => v.sku))]);
  const oneByOne = new Set(named).size < named.length;
  if (!oneByOne) {
    try {
      const written = await withTransaction(pool, (client) => writeProducts(client, pending.map((p) => p.request)));
      pending.forEach(({ index }, i) => (outcomes[index] = written[i]));
      return outcomes as UpsertOutcome[];
    } catch (err) {
      if (pending.length === 1) {
        outcomes[pending[0]!.index] = asError(err);
        return outcomes as UpsertOutcome[];
      }
      // Fall through: each product on its own, so the one the database refuses is named.
    }
  }
  for (const { request, index } of pending) {
    try {
      outcomes[index] = (await withTransaction(pool, (client) => writeProducts(client, [request])))[0];
    } catch (err) {
      outcomes[index] = asError(err);
    }
  }
  return outcomes as UpsertOutcome[];
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

function duplicateSku(request: UpsertProductRequest): AppError | undefined {
  const skus = request.variants.map((v) => v.sku);
  const duplicate = skus.find((sku, i) => skus.indexOf(sku) !== i);
  return duplicate === undefined ? undefined : badRequest(`variants: SKU ${duplicate} appears twice`, ErrorCodes.validation);
}

/**
 * Writes products whose skus are all different, in the caller's transaction, a few statements for
 * all of them: the skus locked (existing or not), each product classified (refused, created,
 * updated), then products, variants, prices and counts written set by set, the holds a lower count
 * no longer covers lost, and one event per variant that is new or whose stock changed.
 */
async function writeProducts(client: pg.PoolClient, requests: readonly UpsertProductRequest[]): Promise<UpsertOutcome[]> {
  const skus = requests.flatMap((r) => r.variants.map((v) => v.sku));
  await lockSkus(client, skus);
  const unknown = new Set(await unknownLocations(client, requests.flatMap((r) => r.variants.flatMap((v) => v.stock.map((s) => s.locationId)))));
  const existing = new Map((await lockVariantsBySkus(client, skus)).map((v) => [v.sku, v]));
  // A sku that is a manifest's draft waiting for its intake: the POS's echo of the item created from
  // the manifest (just what the draft says) leaves it a row, answered with the id its product will
  // have; anything else the POS says of it (a rename, a count) makes it its product first, which the
  // request then updates: never a second listing.
  const echoes = new Map<number, UpsertOutcome>();
  const unknownSkus = skus.filter((sku) => !existing.has(sku));
  const drafts = unknownSkus.length > 0 ? await waitingDrafts(client, unknownSkus) : new Map<string, WaitingDraft>();
  if (drafts.size > 0) {
    requests.forEach((request, index) => {
      if (request.variants.length !== 1) return;
      const variant = request.variants[0]!;
      const draft = drafts.get(variant.sku);
      const pos = {
        title: request.title,
        brand: request.brand ?? null,
        category: request.category,
        conditionGrade: request.conditionGrade,
        conditionNotes: request.conditionNotes ?? null,
        priceCents: variant.priceCents,
        compareAtCents: variant.compareAtCents ?? null,
        stock: variant.stock,
      };
      if (draft && posEchoesDraft(draft, pos)) {
        echoes.set(index, { productId: draft.productId, created: false });
        drafts.delete(variant.sku);
      }
    });
    if ((await makeDraftProducts(client, [...drafts.keys()])).size > 0) {
      for (const v of await lockVariantsBySkus(client, [...drafts.keys()])) existing.set(v.sku, v);
    }
  }

  const creates: Array<ProductFields & { id: string }> = [];
  const updates: Array<ProductFields & { id: string }> = [];
  const newVariants: NewVariant[] = [];
  const prices: Array<{ id: string; priceCents: number; compareAtCents: number | null }> = [];
  const counts: Array<{ variantId: string; locationId: string; onHand: number }> = [];
  const variantsWritten: VariantRef[] = [];

  const outcomes = requests.map((request, index): UpsertOutcome => {
    const echo = echoes.get(index);
    if (echo) return echo;
    const { variants, ...fields } = request;
    const badLocation = [...new Set(variants.flatMap((v) => v.stock.map((s) => s.locationId)))].sort().find((id) => unknown.has(id));
    if (badLocation) return notFound(`Unknown location ${badLocation}`);
    const productIds = [...new Set(variants.flatMap((v) => existing.get(v.sku)?.productId ?? []))];
    if (productIds.length > 1) return conflict('These SKUs belong to different products', ErrorCodes.conflict);

    const created = productIds.length === 0;
    const productId = created ? randomUUID() : productIds[0]!;
    if (created) creates.push({ ...fields, id: productId });
    else updates.push({ ...fields, id: productId });
    for (const v of variants) {
      const before = existing.get(v.sku);
      const variantId = before?.id ?? randomUUID();
      if (before) prices.push({ id: before.id, priceCents: v.priceCents, compareAtCents: v.compareAtCents ?? null });
      else newVariants.push({ id: variantId, productId, sku: v.sku, priceCents: v.priceCents, compareAtCents: v.compareAtCents ?? null });
      for (const s of v.stock) counts.push({ variantId, locationId: s.locationId, onHand: s.onHand });
      variantsWritten.push({ id: variantId, productId, sku: v.sku });
    }
    return { productId, created };
  });

  await insertProducts(client, creates);
  await updateProducts(client, updates);
  await insertVariants(client, newVariants);
  // A stale POS price never undoes a markdown the POS has not confirmed yet (decision 052).
  await updateVariantPrices(client, await keepUnconfirmedMarkdowns(client, prices));
  const changed = await setOnHandMany(client, counts);
  await loseUncoveredHolds(client, changed);
  const announce = new Set([...newVariants.map((v) => v.id), ...changed.map((l) => l.variantId)]);
  // A new variant's stock is its counts as written (the last per location; a zero level or none adds
  // the same to the totals), and nothing holds it yet: its event needs no read.
  const written = new Map(newVariants.map((v) => [v.id, new Map<string, number>()]));
  for (const c of counts) written.get(c.variantId)?.set(c.locationId, c.onHand);
  await recordInventoryUpdatedMany(
    client,
    variantsWritten.filter((v) => announce.has(v.id)),
    written,
  );
  return outcomes;
}
