// Importing a manifest (issue 30): upload (kept whole in object storage, read once to refuse a file
// that is not CSV), dry run (what an import would do, changing nothing), and the import itself, a
// background job that writes the rows a batch per transaction, each row with its outcome and the
// manifest's progress, so a restart goes on after the last committed batch and never leaves half a
// row. The same file uploaded again is the same manifest (its sha256), and a row that has an
// outcome is never written again: nothing is created twice.
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  centsToDecimal,
  decimalToCents,
  ErrorCodes,
  MANIFEST_PROBLEMS_SHOWN,
  Subjects,
  type ManifestDryRun,
  type ManifestPreviewRow,
  type ManifestReceivedData,
  type ManifestReceivedItem,
  type ManifestRowProblem,
  type ManifestSettings,
  type AuditActor,
} from '@pl/contracts';
import { AppError, conflict, createKickablePass, recordAdminAction, withTransaction, writeOutboxMany, type KickablePass, type Logger, type Pool, type Queryable } from '@pl/service-kit';
import { listLocations } from '../db/locations.repo.js';
import {
  advanceImport,
  claimImport,
  finishImport,
  findManifest,
  findManifestByHash,
  insertManifest,
  insertRowOutcomes,
  markImporting,
  type CostBasis,
  type ManifestRecord,
  type RowOutcome,
} from '../db/manifests.repo.js';
import { lockSkus } from '../db/product-write.repo.js';
import { waitingDraftSkus } from './manifest-drafts.js';
import { addOnHand, type VariantRef } from '../db/inventory.repo.js';
import { recordInventoryUpdatedMany } from '../domain/inventory-events.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { decodedManifestStream, decodeManifest, ManifestRefused, readManifest, type ManifestRow, type ReadRow } from './manifest-reader.js';

/** Rows written per transaction (and announced to the POS per event). */
export const IMPORT_BATCH_ROWS = 500;
/** How long an instance keeps an import it writes without committing a batch; after that another may go on. */
export const IMPORT_LEASE_MS = 60_000;
/** Rows kept as the file has them, for the mapping preview. */
const SAMPLE_ROWS = 5;
/** Rows shown as they will be imported. */
const PREVIEW_ROWS = 10;

export const MANIFEST_RECEIVED = { type: 'manifest.received', version: 1 } as const;

export const manifestKey = (fileHash: string) => `manifests/${fileHash}.csv`;

/** An admin's step with a manifest, in the audit trail (decision 051). */
export function auditManifest(client: pg.PoolClient, actor: AuditActor, manifest: Pick<ManifestRecord, 'id' | 'fileName'>, action: string, before: unknown, after: unknown) {
  return recordAdminAction(client, { service: 'catalog', actor, action, target: { type: 'manifest', id: manifest.id, label: manifest.fileName }, before, after });
}

/**
 * Keeps an uploaded manifest: refused whole when it is not a readable CSV (nothing kept), the
 * earlier manifest when the same bytes came before.
 */
export async function uploadManifest(
  pool: Pool,
  storage: ObjectStorage,
  upload: { bytes: Buffer; fileName: string; actor: AuditActor },
): Promise<{ manifest: ManifestRecord; duplicate: boolean }> {
  const fileHash = createHash('sha256').update(upload.bytes).digest('hex');
  const earlier = await findManifestByHash(pool, fileHash);
  if (earlier) return { manifest: earlier, duplicate: true };

  const { text, encoding } = decodeManifest(upload.bytes);
  let headers: string[] = [];
  let detectedMapping = {};
  const sample: string[][] = [];
  let totalRows = 0;
  for await (const item of readManifest(text)) {
    if ('headers' in item) {
      ({ headers, mapping: detectedMapping } = item);
      continue;
    }
    totalRows++;
    if (sample.length < SAMPLE_ROWS) sample.push([...item.cells]);
  }
  if (totalRows === 0) throw new ManifestRefused('The file has a header row but no rows under it.');
  if (headers.length > 200) throw new ManifestRefused('The file has more than 200 columns: is it a manifest?');

  const storageKey = manifestKey(fileHash);
  await storage.put(storageKey, upload.bytes, 'text/csv');
  const manifest = await withTransaction(pool, async (client) => {
    const inserted = await insertManifest(client, { fileHash, fileName: upload.fileName, bytes: upload.bytes.length, encoding, storageKey, headers, detectedMapping, sample, totalRows, uploadedBySubject: upload.actor.subject });
    if (inserted) await auditManifest(client, upload.actor, inserted, 'manifest.uploaded', null, { fileName: inserted.fileName, bytes: inserted.bytes, encoding, rows: totalRows });
    return inserted;
  });
  // Uploaded twice at once: the other one is the manifest (the file under the same key is the same bytes).
  return manifest ? { manifest, duplicate: false } : { manifest: (await findManifestByHash(pool, fileHash))!, duplicate: true };
}

/** The shop's locations by id and by name (a manifest's location column may say either). */
interface Locations {
  byKey: Map<string, string>;
}
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

async function loadLocations(db: Queryable): Promise<Locations> {
  const byKey = new Map<string, string>();
  for (const location of await listLocations(db)) {
    byKey.set(squash(location.id), location.id);
    byKey.set(squash(location.name), location.id);
  }
  return { byKey };
}

/** Settings an import can run with: the location is the shop's, the mapping names columns the file has, sku and title among them. */
async function checkSettings(db: Queryable, manifest: ManifestRecord, settings: ManifestSettings): Promise<Locations> {
  const locations = await loadLocations(db);
  if (![...locations.byKey.values()].includes(settings.locationId)) throw new AppError(422, ErrorCodes.validation, `locationId: "${settings.locationId}" is not one of the shop's locations`);
  for (const [field, index] of Object.entries(settings.mapping)) {
    if (index !== undefined && index >= manifest.headers.length) throw new AppError(422, ErrorCodes.validation, `mapping: ${field} names column ${index + 1}, and the file has ${manifest.headers.length}`);
  }
  const indexes = Object.values(settings.mapping);
  if (new Set(indexes).size < indexes.length) throw new AppError(422, ErrorCodes.validation, 'mapping: a column is mapped to two fields');
  if (settings.mapping.sku === undefined) throw new AppError(422, ErrorCodes.validation, 'mapping: choose the column with the SKU (or UPC, item number)');
  if (settings.mapping.title === undefined) throw new AppError(422, ErrorCodes.validation, 'mapping: choose the column with the title (or description)');
  return locations;
}

/** A row planned: what it will do, where its units go, at which price and cost. */
interface PlannedRow {
  row: number;
  action: 'create' | 'add';
  value: ManifestRow;
  locationId: string;
  priceCents: number | null;
  unitCostCents: number | null;
}

type Planned = PlannedRow | { row: number; sku: string | null; problems: ManifestRowProblem[] };
const isPlanned = (p: Planned): p is PlannedRow => 'action' in p;

/** A unit's cost: the row's own, or the lot's spread by the row's share of the retail value (or of the units, when retail is unknown). */
function unitCostOf(value: ManifestRow, lotCostCents: number | null, basis: CostBasis | null): number | null {
  if (value.unitCostCents !== null) return value.unitCostCents;
  if (lotCostCents === null || !basis || basis.units === 0) return null;
  if (basis.retailCents > 0 && value.retailCents !== null) return Math.round((lotCostCents * value.retailCents) / basis.retailCents);
  return Math.round(lotCostCents / basis.units);
}

/**
 * Plans a chunk of read rows: `existing` holds the skus the shop has (the catalog's, and those
 * earlier rows of the file create), and learns the ones this chunk creates.
 */
function planChunk(
  chunk: readonly ReadRow[],
  existing: Set<string>,
  settings: ManifestSettings,
  locations: Locations,
  basis: CostBasis | null,
  headers: readonly string[],
): Planned[] {
  const lotCostCents = settings.lotCost === null ? null : decimalToCents(settings.lotCost);
  const column = (field: 'retail' | 'location', fallback: string) => (settings.mapping[field] === undefined ? fallback : headers[settings.mapping[field]!] ?? fallback);
  return chunk.map((read): Planned => {
    if (!read.ok) return { row: read.row, sku: null, problems: read.problems };
    const { value } = read;
    const problems: ManifestRowProblem[] = [];
    let locationId = settings.locationId;
    if (value.location) {
      const named = locations.byKey.get(squash(value.location));
      if (named) locationId = named;
      else problems.push({ row: read.row, column: column('location', 'location'), message: `row ${read.row}: ${column('location', 'location')} "${value.location}" is not one of the shop's locations` });
    }
    const action = existing.has(value.sku) ? 'add' : 'create';
    if (action === 'create' && value.retailCents === null) {
      problems.push({ row: read.row, column: column('retail', 'retail'), message: `row ${read.row}: ${column('retail', 'retail')} is empty, and a new listing needs a retail price` });
    }
    if (problems.length > 0) return { row: read.row, sku: value.sku, problems };
    if (action === 'create') existing.add(value.sku);
    const priceCents = value.retailCents === null ? null : Math.round((value.retailCents * settings.pricePct) / 100);
    return { row: read.row, action, value, locationId, priceCents, unitCostCents: unitCostOf(value, lotCostCents, basis) };
  });
}

/** Skus the shop has: listings', and drafts waiting for their intake. */
async function existingSkus(db: Queryable, rows: readonly ReadRow[]): Promise<string[]> {
  const skus = [...new Set(rows.flatMap((r) => (r.ok ? [r.value.sku] : [])))];
  if (skus.length === 0) return [];
  const { rows: found } = await db.query<{ sku: string }>(
    `SELECT sku FROM variants WHERE sku = ANY($1::text[])
     UNION SELECT sku FROM manifest_rows WHERE sku = ANY($1::text[]) AND product_id IS NULL AND outcome = 'created'`,
    [skus],
  );
  return found.map((r) => r.sku);
}

/** The manifest's rows from storage, streamed, through the mapping, in chunks. */
async function* storedRowChunks(storage: ObjectStorage, manifest: ManifestRecord, settings: ManifestSettings, size: number): AsyncGenerator<ReadRow[]> {
  const stored = await storage.get(manifest.storageKey);
  if (!stored) throw new AppError(500, ErrorCodes.internal, 'The manifest file is missing from storage');
  let chunk: ReadRow[] = [];
  try {
    for await (const item of readManifest(decodedManifestStream(stored.body, manifest.encoding), settings.mapping)) {
      if ('headers' in item) continue;
      chunk.push(item);
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  } finally {
    stored.body.destroy();
  }
}

/** What an import with these settings would do, changing nothing; with the cost basis the import keeps. */
export async function dryRun(pool: Pool, storage: ObjectStorage, manifest: ManifestRecord, settings: ManifestSettings): Promise<ManifestDryRun & { basis: CostBasis }> {
  const locations = await checkSettings(pool, manifest, settings);
  // First the valid rows' retail value and units, over which a lot's cost is spread.
  const basis: CostBasis = { retailCents: 0, units: 0 };
  const existing = new Set<string>();
  const summary: ManifestDryRun = { rows: 0, toCreate: 0, toAdd: 0, refused: 0, units: 0, cost: null, problems: [], preview: [] };
  const planned: PlannedRow[] = [];
  for await (const chunk of storedRowChunks(storage, manifest, settings, 1000)) {
    for (const sku of await existingSkus(pool, chunk)) existing.add(sku);
    for (const row of planChunk(chunk, existing, settings, locations, null, manifest.headers)) {
      summary.rows++;
      if (!isPlanned(row)) {
        summary.refused++;
        for (const problem of row.problems) if (summary.problems.length < MANIFEST_PROBLEMS_SHOWN) summary.problems.push(problem);
        continue;
      }
      if (row.action === 'create') summary.toCreate++;
      else summary.toAdd++;
      summary.units += row.value.quantity;
      basis.units += row.value.quantity;
      basis.retailCents += (row.value.retailCents ?? 0) * row.value.quantity;
      if (planned.length < PREVIEW_ROWS) planned.push(row);
    }
  }
  const lotCostCents = settings.lotCost === null ? null : decimalToCents(settings.lotCost);
  summary.preview = planned.map((p) => previewRow({ ...p, unitCostCents: unitCostOf(p.value, lotCostCents, basis) }));
  summary.cost = lotCostCents !== null ? centsToDecimal(lotCostCents) : null;
  return { ...summary, basis };
}

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

function previewRow(p: PlannedRow): ManifestPreviewRow {
  const { value } = p;
  return {
    row: p.row,
    sku: value.sku,
    title: value.title,
    brand: value.brand,
    category: value.category,
    quantity: value.quantity,
    retail: money(value.retailCents),
    unitCost: money(p.unitCostCents),
    price: money(p.priceCents),
    condition: value.condition,
    notes: value.notes,
    action: p.action,
  };
}

/**
 * Starts the import (or goes on with it after a cancel or a failure, with the settings it began
 * with). An imported manifest has nothing left to do; one importing is left to its runner.
 */
export async function startImport(pool: Pool, storage: ObjectStorage, actor: AuditActor, id: string, settings: ManifestSettings): Promise<'started' | 'running'> {
  const manifest = await findManifest(pool, id);
  if (!manifest) throw new AppError(404, ErrorCodes.notFound, 'Manifest not found');
  if (manifest.status === 'imported') throw conflict(`This manifest was imported on ${manifest.finishedAt?.slice(0, 10)}: every row has its outcome, and nothing is imported twice.`);
  if (manifest.status === 'importing') return 'running';
  if (manifest.settings && JSON.stringify(normalised(manifest.settings)) !== JSON.stringify(normalised(settings))) {
    throw conflict('This import began with other settings (mapping, location, price or lot cost); it goes on with those.');
  }
  // The lot's cost is spread over the valid rows' retail value: a pass over the file, when there is one to spread.
  const basis = manifest.costBasis ?? (settings.lotCost === null ? NO_COST_BASIS : (await dryRun(pool, storage, manifest, settings)).basis);
  await checkSettings(pool, manifest, settings);
  await withTransaction(pool, async (client) => {
    await markImporting(client, id, settings, basis);
    await auditManifest(client, actor, manifest, manifest.settings ? 'manifest.import-resumed' : 'manifest.import-started', { status: manifest.status, rowsDone: manifest.rowsDone }, { status: 'importing', settings });
  });
  return 'started';
}

const NO_COST_BASIS: CostBasis = { retailCents: 0, units: 0 };

const normalised = (s: ManifestSettings) => ({ mapping: Object.fromEntries(Object.entries(s.mapping).sort()), locationId: s.locationId, pricePct: s.pricePct, lotCost: s.lotCost });

/** Who writes imports in this process (a name for the lease). */
export const importRunnerId = () => `${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * One pass of the import runner: takes an import no instance is writing and writes it to its end,
 * a cancel, or a lost lease; then the next. Answers how many imports it worked on.
 */
export async function runImports(pool: Pool, storage: ObjectStorage, logger: Logger, owner: string): Promise<number> {
  let worked = 0;
  for (;;) {
    const manifest = await claimImport(pool, owner, IMPORT_LEASE_MS);
    if (!manifest) return worked;
    worked++;
    try {
      const outcome = await writeImport(pool, storage, manifest, owner);
      logger.info({ manifestId: manifest.id, outcome }, 'manifest import pass ended');
    } catch (err) {
      logger.error({ err, manifestId: manifest.id }, 'manifest import failed');
      await finishImport(pool, manifest.id, owner, 'failed', 'The import stopped on an error; importing again goes on after the last rows written.');
    }
  }
}

type ImportEnd = 'imported' | 'cancelled' | 'lost';

export async function writeImport(pool: Pool, storage: ObjectStorage, claimed: ManifestRecord, owner: string): Promise<ImportEnd> {
  const settings = claimed.settings!;
  const locations = await loadLocations(pool);
  let rowsDone = claimed.rowsDone;
  let batch = claimed.batches;
  for await (const chunk of storedRowChunks(storage, claimed, settings, IMPORT_BATCH_ROWS)) {
    const last = chunk[chunk.length - 1]!.row;
    // Rows written before (by this or an earlier run) are skipped: the row numbers are the file's.
    const todo = chunk.filter((r) => r.row - 1 > rowsDone);
    if (todo.length === 0) continue;
    const step = await withTransaction(pool, async (client) => {
      const now = await findManifest(client, claimed.id, { lock: true });
      if (!now || now.leaseOwner !== owner || now.rowsDone !== rowsDone || now.status !== 'importing') return 'lost' as const;
      if (now.cancelRequested) {
        await finishImport(client, claimed.id, owner, 'cancelled');
        return 'cancelled' as const;
      }
      const events = await writeBatch(client, now, todo, locations, batch);
      batch += events;
      return 'written' as const;
    });
    if (step !== 'written') return step;
    rowsDone = last - 1;
  }
  return withTransaction(pool, async (client) => {
    const now = await findManifest(client, claimed.id, { lock: true });
    if (!now || now.leaseOwner !== owner || now.status !== 'importing') return 'lost';
    await finishImport(client, claimed.id, owner, 'imported');
    return 'imported';
  });
}

/**
 * Writes one batch of rows in the caller's transaction; answers how many POS events it recorded.
 * A new sku's row is its draft listing, kept as the row (manifest-drafts.ts makes it a product when
 * its intake starts): writing 50,000 products and their search columns now would cost the import
 * most of its time for listings nobody has looked at. Units for a listing the shop has go to its
 * stock at once; units for a sku that is still a draft wait in their row with it.
 */
async function writeBatch(client: pg.PoolClient, manifest: ManifestRecord, rows: readonly ReadRow[], locations: Locations, firstEvent: number): Promise<number> {
  const settings = manifest.settings!;
  const skus = [...new Set(rows.flatMap((r) => (r.ok ? [r.value.sku] : [])))];
  await lockSkus(client, skus);
  const { rows: found } = await client.query<VariantRef & { published: boolean }>(
    `SELECT v.id, v.product_id AS "productId", v.sku, p.published_at IS NOT NULL AS published
       FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = ANY($1::text[]) ORDER BY v.sku FOR UPDATE OF v`,
    [skus],
  );
  const variants = new Map(found.map((v) => [v.sku, v]));
  const drafts = await waitingDraftSkus(client, skus);
  const planned = planChunk(rows, new Set([...variants.keys(), ...drafts]), settings, locations, manifest.costBasis, manifest.headers);
  const received = planned.filter(isPlanned);

  // Units for listings the shop has: to their stock now. An added row's cost joins the variant's
  // as a weighted average over the units on hand.
  const toListings = received.filter((p) => p.action === 'add' && variants.has(p.value.sku));
  if (toListings.length > 0) {
    await client.query(
      `WITH d AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(variant_id uuid, qty int, cost int)),
            agg AS (SELECT variant_id, round(sum(cost::numeric * qty) / nullif(sum(qty) FILTER (WHERE cost IS NOT NULL), 0))::int AS cost,
                           sum(qty) FILTER (WHERE cost IS NOT NULL)::int AS costed FROM d GROUP BY variant_id)
       UPDATE variants v
          SET unit_cost_cents = CASE WHEN v.unit_cost_cents IS NULL THEN agg.cost
                                     ELSE round((v.unit_cost_cents::numeric * on_hand.units + agg.cost::numeric * agg.costed) / nullif(on_hand.units + agg.costed, 0))::int END
         FROM agg, LATERAL (SELECT coalesce(sum(on_hand), 0) AS units FROM inventory_levels WHERE variant_id = agg.variant_id) on_hand
        WHERE v.id = agg.variant_id AND agg.cost IS NOT NULL`,
      [JSON.stringify(toListings.map((p) => ({ variant_id: variants.get(p.value.sku)!.id, qty: p.value.quantity, cost: p.unitCostCents })))],
    );
    await addOnHand(client, toListings.map((p) => ({ variantId: variants.get(p.value.sku)!.id, locationId: p.locationId, qty: p.value.quantity })));
    // Shoppers hear of units added to a listing they can see; a draft's are announced when it is published.
    const announced = new Map<string, VariantRef>();
    for (const p of toListings) {
      const v = variants.get(p.value.sku)!;
      if (v.published) announced.set(v.id, { id: v.id, productId: v.productId, sku: v.sku });
    }
    await recordInventoryUpdatedMany(client, [...announced.values()]);
  }

  const outcomes: RowOutcome[] = planned.map((p) => {
    if (!isPlanned(p)) return { row: p.row, sku: p.sku, outcome: 'refused', productId: null, variantId: null, locationId: null, quantity: null, unitCostCents: null, draft: null, problems: p.problems };
    const listing = variants.get(p.value.sku);
    return {
      row: p.row,
      sku: p.value.sku,
      outcome: p.action === 'create' ? 'created' : 'added',
      productId: listing?.productId ?? null,
      variantId: listing?.id ?? null,
      locationId: p.locationId,
      quantity: p.value.quantity,
      unitCostCents: p.unitCostCents,
      draft:
        p.action === 'create'
          ? {
              productId: randomUUID(),
              title: p.value.title,
              brand: p.value.brand,
              categoryId: p.value.category,
              conditionGrade: p.value.condition,
              conditionNotes: p.value.notes,
              oneOfAKind: p.value.quantity === 1,
              priceCents: p.priceCents!,
              compareAtCents: p.value.retailCents,
            }
          : null,
      problems: [],
    };
  });
  await insertRowOutcomes(client, manifest.id, outcomes);

  // The POS hears of the units too (pos-sync creates the new items and receives the rest): one
  // event per location of the batch, numbered on from the manifest's earlier ones.
  const byLocation = new Map<string, ManifestReceivedItem[]>();
  for (const p of received) {
    const items = byLocation.get(p.locationId) ?? [];
    items.push({
      sku: p.value.sku,
      action: p.action === 'create' ? 'created' : 'added',
      title: p.value.title,
      brand: p.value.brand,
      category: p.value.category,
      conditionGrade: p.value.condition,
      conditionNotes: p.value.notes,
      oneOfAKind: p.value.quantity === 1 && p.action === 'create',
      price: centsToDecimal(p.priceCents ?? 0),
      compareAtPrice: money(p.value.retailCents),
      quantity: p.value.quantity,
    });
    byLocation.set(p.locationId, items);
  }
  const events = [...byLocation].map(([locationId, items], i) => ({
    subject: Subjects.manifestReceived(manifest.id),
    ...MANIFEST_RECEIVED,
    data: { manifestId: manifest.id, batch: firstEvent + i, locationId, items } satisfies ManifestReceivedData,
  }));
  await writeOutboxMany(client, events);
  await advanceImport(
    client,
    manifest.id,
    {
      rows: rows[rows.length - 1]!.row - 1 - manifest.rowsDone,
      created: outcomes.filter((o) => o.outcome === 'created').length,
      added: outcomes.filter((o) => o.outcome === 'added').length,
      refused: outcomes.filter((o) => o.outcome === 'refused').length,
      units: received.reduce((sum, p) => sum + p.value.quantity, 0),
      events: events.length,
    },
    IMPORT_LEASE_MS,
  );
  return events.length;
}

/** This process's import runner: kicked when an import starts, and every few seconds for imports a restart left (main.ts). */
export function createManifestImporter(pool: Pool, storage: ObjectStorage, logger: Logger): KickablePass {
  const owner = importRunnerId();
  return createKickablePass('manifest-imports', logger, () => runImports(pool, storage, logger, owner));
}
