// Importing a manifest (issue 30): upload (kept whole in object storage, its rows staged in
// PostgreSQL by COPY: manifest-stage.ts), dry run (what an import would do, changing nothing), and
// the import itself, a background job that writes the rows a batch per transaction, each row with
// its outcome and the manifest's progress, so a restart goes on after the last committed batch and
// never leaves half a row. Rows are read and planned in SQL (manifest-plan.ts, decision 064). The
// same file uploaded again is the same manifest (its sha256), and a row that has an outcome is
// never written again: nothing is created twice.
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
  type ManifestRowProblem,
  type ManifestSettings,
  type AuditActor,
} from '@pl/contracts';
import { AppError, conflict, createKickablePass, recordAdminAction, withTransaction, writeOutboxRows, type KickablePass, type Logger, type Pool, type Queryable } from '@pl/service-kit';
import { listLocations } from '../db/locations.repo.js';
import { advanceImport, claimImport, finishImport, findManifest, findManifestByHash, insertManifest, markImporting, type CostBasis, type ManifestRecord } from '../db/manifests.repo.js';
import { lockSkusOf } from '../db/product-write.repo.js';
import { addOnHand, type VariantRef } from '../db/inventory.repo.js';
import { recordInventoryUpdatedMany } from '../domain/inventory-events.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { manifestEncoding, ManifestRefused, manifestText, squash, utf8Bytes } from './manifest-reader.js';
import { batchSkus, LANES, planCtes, skuLane, unitCostSql, type LocationKeys, type PlanInput } from './manifest-plan.js';
import { ensureStaged, readHead, stageRows } from './manifest-stage.js';

/** Rows a batch holds: written in LANES transactions at once, then counted into the progress by one more (decision 068). */
export const IMPORT_BATCH_ROWS = 25000;
/** How long an instance keeps an import it writes without committing a batch; after that another may go on. */
export const IMPORT_LEASE_MS = 60_000;
/** Rows kept as the file has them, for the mapping preview. */
const SAMPLE_ROWS = 5;
/** Rows shown as they will be imported. */
const PREVIEW_ROWS = 10;

/** A batch's rows at a location, named for pos-sync, which asks for their items (decision 065). */
export const MANIFEST_RECEIVED = { type: 'manifest.received', version: 2 } as const;

export const manifestKey = (fileHash: string) => `manifests/${fileHash}.csv`;

/** An admin's step with a manifest, in the audit trail (decision 051). */
export function auditManifest(client: pg.PoolClient, actor: AuditActor, manifest: Pick<ManifestRecord, 'id' | 'fileName'>, action: string, before: unknown, after: unknown) {
  return recordAdminAction(client, { service: 'catalog', actor, action, target: { type: 'manifest', id: manifest.id, label: manifest.fileName }, before, after });
}

/** The same file was uploaded by someone else while this upload was being kept. */
class UploadedMeanwhile extends Error {}

/**
 * Keeps an uploaded manifest: refused whole when it is not a readable CSV (nothing kept), the
 * earlier manifest when the same bytes came before. Its rows are staged in the transaction that
 * keeps it.
 */
export async function uploadManifest(
  pool: Pool,
  storage: ObjectStorage,
  upload: { bytes: Buffer; fileName: string; actor: AuditActor },
): Promise<{ manifest: ManifestRecord; duplicate: boolean }> {
  const fileHash = createHash('sha256').update(upload.bytes).digest('hex');
  const earlier = await findManifestByHash(pool, fileHash);
  if (earlier) return { manifest: earlier, duplicate: true };

  const encoding = manifestEncoding(upload.bytes);
  const { headers, mapping: detectedMapping, sample } = await readHead(upload.bytes, encoding, SAMPLE_ROWS);
  if (headers.length > 200) throw new ManifestRefused('The file has more than 200 columns: is it a manifest?');

  const id = randomUUID();
  const storageKey = manifestKey(fileHash);
  try {
    const manifest = await withTransaction(pool, async (client) => {
      const totalRows = await stageRows(client, id, headers.length, utf8Bytes(upload.bytes, encoding), () => manifestText(upload.bytes, encoding));
      if (totalRows === 0) throw new ManifestRefused('The file has a header row but no rows under it.');
      await storage.put(storageKey, upload.bytes, 'text/csv');
      const inserted = await insertManifest(client, { id, fileHash, fileName: upload.fileName, bytes: upload.bytes.length, encoding, storageKey, headers, detectedMapping, sample, totalRows, uploadedBySubject: upload.actor.subject });
      if (!inserted) throw new UploadedMeanwhile();
      await auditManifest(client, upload.actor, inserted, 'manifest.uploaded', null, { fileName: inserted.fileName, bytes: inserted.bytes, encoding, rows: totalRows });
      return inserted;
    });
    return { manifest, duplicate: false };
  } catch (err) {
    // Uploaded twice at once: the other one is the manifest (the file under the same key is the same bytes).
    if (err instanceof UploadedMeanwhile) return { manifest: (await findManifestByHash(pool, fileHash))!, duplicate: true };
    throw err;
  }
}

/** The shop's locations by their squashed id and by name (a manifest's location column may say either). */
async function loadLocations(db: Queryable): Promise<Map<string, string>> {
  const byKey = new Map<string, string>();
  for (const location of await listLocations(db)) {
    byKey.set(squash(location.id), location.id);
    byKey.set(squash(location.name), location.id);
  }
  return byKey;
}

/** Settings an import can run with: the location is the shop's, the mapping names columns the file has, sku and title among them. */
async function checkSettings(db: Queryable, manifest: ManifestRecord, settings: ManifestSettings): Promise<LocationKeys> {
  const locations = await loadLocations(db);
  if (![...locations.values()].includes(settings.locationId)) throw new AppError(422, ErrorCodes.validation, `locationId: "${settings.locationId}" is not one of the shop's locations`);
  for (const [field, index] of Object.entries(settings.mapping)) {
    if (index !== undefined && index >= manifest.headers.length) throw new AppError(422, ErrorCodes.validation, `mapping: ${field} names column ${index + 1}, and the file has ${manifest.headers.length}`);
  }
  const indexes = Object.values(settings.mapping);
  if (new Set(indexes).size < indexes.length) throw new AppError(422, ErrorCodes.validation, 'mapping: a column is mapped to two fields');
  if (settings.mapping.sku === undefined) throw new AppError(422, ErrorCodes.validation, 'mapping: choose the column with the SKU (or UPC, item number)');
  if (settings.mapping.title === undefined) throw new AppError(422, ErrorCodes.validation, 'mapping: choose the column with the title (or description)');
  return locations;
}

/** Every row of a file. */
const ALL_ROWS = { after: 1, upTo: 2_147_483_647 };

interface PreviewPlanRow {
  row: number;
  sku: string;
  title: string;
  brand: string | null;
  category: string;
  quantity: number;
  retailCents: number | null;
  unitCostCents: number | null;
  priceCents: number | null;
  condition: string;
  notes: string | null;
  outcome: 'created' | 'added';
}

/** What an import with these settings would do, changing nothing; with the cost basis the import keeps. */
export async function dryRun(pool: Pool, storage: ObjectStorage, manifest: ManifestRecord, settings: ManifestSettings): Promise<ManifestDryRun & { basis: CostBasis }> {
  const locations = await checkSettings(pool, manifest, settings);
  await ensureStaged(pool, storage, manifest);
  const plan = planCtes({ manifestId: manifest.id, headers: manifest.headers, settings, locations, basis: null, ...ALL_ROWS });
  const lotCostCents = settings.lotCost === null ? null : decimalToCents(settings.lotCost);
  // The preview's unit costs spread the lot over the basis this very pass measures.
  const unitCost = unitCostSql('p.cost_cents', 'p.retail_cents', `$${plan.values.length + 1}::numeric`, 'b.retail', 'b.units');
  const { rows } = await pool.query<{
    rows: number; toCreate: number; toAdd: number; refused: number; units: number; retailCents: string;
    problems: ManifestRowProblem[]; preview: PreviewPlanRow[];
  }>(
    `WITH ${plan.text},
     basis AS (SELECT coalesce(sum(coalesce(retail_cents, 0)::numeric * quantity) FILTER (WHERE outcome <> 'refused'), 0) AS retail,
                      coalesce(sum(quantity) FILTER (WHERE outcome <> 'refused'), 0) AS units FROM plan)
     SELECT count(*)::int AS rows, count(*) FILTER (WHERE outcome = 'created')::int AS "toCreate", count(*) FILTER (WHERE outcome = 'added')::int AS "toAdd",
            count(*) FILTER (WHERE outcome = 'refused')::int AS refused, (SELECT units FROM basis)::int AS units, (SELECT retail FROM basis)::text AS "retailCents",
            (SELECT coalesce(jsonb_agg(s.problem ORDER BY s.row, s.n), '[]') FROM (
               SELECT r.row, e.problem, e.n FROM plan r, jsonb_array_elements(r.problems) WITH ORDINALITY AS e(problem, n)
                WHERE r.outcome = 'refused' ORDER BY r.row, e.n LIMIT ${MANIFEST_PROBLEMS_SHOWN}) s) AS problems,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('row', p.row, 'sku', p.sku, 'title', p.title, 'brand', p.brand, 'category', p.category_id, 'quantity', p.quantity,
                      'retailCents', p.retail_cents, 'unitCostCents', ${unitCost}, 'priceCents', p.price_cents, 'condition', p.condition_grade,
                      'notes', p.condition_notes, 'outcome', p.outcome) ORDER BY p.row), '[]')
               FROM (SELECT * FROM plan WHERE outcome <> 'refused' ORDER BY row LIMIT ${PREVIEW_ROWS}) p, basis b) AS preview
       FROM plan`,
    [...plan.values, lotCostCents],
  );
  const found = rows[0]!;
  return {
    rows: found.rows,
    toCreate: found.toCreate,
    toAdd: found.toAdd,
    refused: found.refused,
    units: found.units,
    cost: lotCostCents !== null ? centsToDecimal(lotCostCents) : null,
    problems: found.problems,
    preview: found.preview.map(previewRow),
    basis: { retailCents: Number(found.retailCents), units: found.units },
  };
}

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

function previewRow(p: PreviewPlanRow): ManifestPreviewRow {
  return {
    row: p.row,
    sku: p.sku,
    title: p.title,
    brand: p.brand,
    category: p.category as ManifestPreviewRow['category'],
    quantity: p.quantity,
    retail: money(p.retailCents),
    unitCost: money(p.unitCostCents),
    price: money(p.priceCents),
    condition: p.condition as ManifestPreviewRow['condition'],
    notes: p.notes,
    action: p.outcome === 'created' ? 'create' : 'add',
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

/** Writes a claimed import to its end, a cancel, or a lost lease. */
export async function writeImport(pool: Pool, storage: ObjectStorage, claimed: ManifestRecord, owner: string): Promise<ImportEnd> {
  await ensureStaged(pool, storage, claimed);
  for (;;) {
    const step = await writeImportBatch(pool, claimed.id, owner);
    if (step !== 'written') return step;
  }
}

/**
 * Writes the next batch of a claimed import, after the rows written before (by this or an earlier
 * run), while `owner` holds its lease; or ends it: imported when every row is written, cancelled
 * when asked. The batch is written in lanes (decision 068): each lane's rows (its skus) by a
 * transaction of its own, at once, each marking its lane written; then one transaction counts the
 * batch's rows, tells the POS of them and advances the manifest past them. A restart between the
 * two writes only the lanes not marked, so no row is written twice and none is half written.
 */
export async function writeImportBatch(pool: Pool, manifestId: string, owner: string): Promise<'written' | ImportEnd> {
  await writeImportLanes(pool, manifestId, owner);
  return withTransaction(pool, async (client) => {
    const now = await findManifest(client, manifestId, { lock: true });
    if (!now || now.leaseOwner !== owner || now.status !== 'importing') return 'lost';
    if (now.cancelRequested) {
      await finishImport(client, manifestId, owner, 'cancelled');
      return 'cancelled';
    }
    if (now.rowsDone >= now.totalRows) {
      await finishImport(client, manifestId, owner, 'imported');
      return 'imported';
    }
    // The last batch ends the import in the same transaction.
    if (!(await advancePastBatch(client, now)) || now.rowsDone + IMPORT_BATCH_ROWS < now.totalRows) return 'written';
    await finishImport(client, manifestId, owner, 'imported');
    return 'imported';
  });
}

/** Every lane of the next batch in this order (writeImportBatch); some of them alone (a test stopping between lanes). */
const ALL_LANES = Array.from({ length: LANES }, (_, lane) => lane);

/**
 * Writes these lanes of the next batch at once, when `owner` writes the import and rows are left.
 * Every lane ends before a failure is told: none is left writing while the import is marked failed.
 */
export async function writeImportLanes(pool: Pool, manifestId: string, owner: string, lanes: readonly number[] = ALL_LANES): Promise<void> {
  const seen = await findManifest(pool, manifestId);
  if (!seen || !isWriting(seen, owner) || seen.rowsDone >= seen.totalRows) return;
  const locations = await loadLocations(pool);
  const written = await Promise.allSettled(lanes.map((lane) => writeLane(pool, seen, owner, lane, locations)));
  const failed = written.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Whether `owner` writes this import's rows now (its lease, importing, no cancel asked). */
const isWriting = (m: ManifestRecord, owner: string) => m.leaseOwner === owner && m.status === 'importing' && !m.cancelRequested;

/** The rows of the batch after a manifest's progress: rows after `after`, up to and with `upTo`. */
const batchRange = (m: ManifestRecord) => ({ after: m.rowsDone + 1, upTo: m.rowsDone + 1 + IMPORT_BATCH_ROWS });

/**
 * Writes one lane of the batch in a transaction of its own, set-based: each row's outcome from the
 * plan and the units for listings the shop has, none of it through Node row by row. A new sku's row
 * is its draft listing, kept as the row (manifest-drafts.ts makes it a product when its intake
 * starts): writing 50,000 products and their search columns now would cost the import most of its
 * time for listings nobody has looked at. Units for a listing the shop has go to its stock at once;
 * units for a sku that is still a draft wait in their row with it. Nothing when the lane is written
 * already, or the import moved on or stopped meanwhile.
 */
async function writeLane(pool: Pool, seen: ManifestRecord, owner: string, lane: number, locations: LocationKeys): Promise<void> {
  await withTransaction(pool, async (client) => {
    // FOR SHARE: the other lanes read it too; a claim, a cancel or the progress waits for them.
    const manifest = await findManifest(client, seen.id, { lock: 'share' });
    if (!manifest || !isWriting(manifest, owner) || manifest.rowsDone !== seen.rowsDone) return;
    const range = batchRange(manifest);
    const marked = await client.query('INSERT INTO manifest_lanes_written (manifest_id, after_row, lane) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [manifest.id, range.after, lane]);
    if (marked.rowCount === 0) return;

    const input: PlanInput = { manifestId: manifest.id, headers: manifest.headers, settings: manifest.settings!, locations, basis: manifest.costBasis, ...range, lane };
    await lockSkusOf(client, batchSkus(input), Math.min(IMPORT_BATCH_ROWS, manifest.totalRows - manifest.rowsDone) / LANES, { lane, of: LANES });
    const plan = planCtes(input);
    const id = `$${plan.values.length + 1}::uuid`;
    const { rows } = await client.query<{ listings: number }>(
      `WITH ${plan.text},
       written AS (
         INSERT INTO manifest_rows (manifest_id, row, sku, outcome, product_id, variant_id, location_id, quantity, unit_cost_cents,
                                    title, brand, category_id, condition_grade, condition_notes, one_of_a_kind, price_cents, compare_at_cents, problems)
         SELECT ${id}, row, CASE WHEN read_ok THEN sku END, outcome,
                CASE WHEN outcome = 'added' THEN product_id END, CASE WHEN outcome = 'added' THEN variant_id END,
                CASE WHEN outcome <> 'refused' THEN location_id END, CASE WHEN outcome <> 'refused' THEN quantity END,
                CASE WHEN outcome <> 'refused' THEN unit_cost_cents END,
                CASE WHEN outcome <> 'refused' THEN title END, CASE WHEN outcome <> 'refused' THEN brand END,
                CASE WHEN outcome <> 'refused' THEN category_id END, CASE WHEN outcome <> 'refused' THEN condition_grade END,
                CASE WHEN outcome <> 'refused' THEN condition_notes END, CASE WHEN outcome = 'created' THEN quantity = 1 END,
                CASE WHEN outcome <> 'refused' THEN price_cents END, CASE WHEN outcome <> 'refused' THEN retail_cents END, problems
           FROM plan
         RETURNING variant_id)
       SELECT count(variant_id)::int AS listings FROM written`,
      [...plan.values, manifest.id],
    );
    if (rows[0]!.listings > 0) await addToListings(client, manifest.id, range, lane);
  });
}

/**
 * After every lane of the batch is written: the batch's counts, the POS's events and the manifest's
 * progress past the batch, in the caller's transaction (which holds the manifest FOR UPDATE). The
 * batch's rows are read once, per location (a refused row has none). Answers whether it advanced.
 */
async function advancePastBatch(client: pg.PoolClient, manifest: ManifestRecord): Promise<boolean> {
  const range = batchRange(manifest);
  const lanes = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM manifest_lanes_written WHERE manifest_id = $1 AND after_row = $2', [manifest.id, range.after]);
  // A lane left unwritten (its transaction failed, or saw the import move on): the next pass writes it.
  if (lanes.rows[0]!.n < LANES) return false;
  const { rows: places } = await client.query<{ locationId: string | null; rows: number; created: number; added: number; refused: number; units: number }>(
    `SELECT location_id AS "locationId", count(*)::int AS rows, count(*) FILTER (WHERE outcome = 'created')::int AS created,
            count(*) FILTER (WHERE outcome = 'added')::int AS added, count(*) FILTER (WHERE outcome = 'refused')::int AS refused,
            coalesce(sum(quantity) FILTER (WHERE outcome <> 'refused'), 0)::int AS units
       FROM manifest_rows WHERE manifest_id = $1 AND row > $2 AND row <= $3
      GROUP BY location_id ORDER BY min(row)`,
    [manifest.id, range.after, range.upTo],
  );
  const written = { rows: 0, created: 0, added: 0, refused: 0, units: 0 };
  for (const place of places) for (const key of Object.keys(written) as Array<keyof typeof written>) written[key] += place[key];
  const expected = Math.min(IMPORT_BATCH_ROWS, manifest.totalRows - manifest.rowsDone);
  if (written.rows !== expected) throw new Error(`manifest ${manifest.id}: the batch after row ${range.after} has ${written.rows} rows written, not ${expected}`);

  // The POS hears of the units too (pos-sync creates the new items and receives the rest): an event
  // per location of the batch naming its rows (ManifestReceivedBatch), in the order of their first
  // rows, numbered on from the manifest's earlier ones; pos-sync asks for their items.
  const placed = places.filter((p): p is typeof p & { locationId: string } => p.locationId !== null);
  const events = await writeOutboxRows(client, MANIFEST_RECEIVED, {
    text: `SELECT $1::text AS subject, e.n,
                  jsonb_build_object('manifestId', $2::uuid, 'batch', $3::int + e.n - 1, 'locationId', e.location_id,
                                     'rows', jsonb_build_object('after', $4::int, 'upTo', $5::int), 'items', e.items) AS payload
             FROM unnest($6::text[], $7::int[]) WITH ORDINALITY AS e(location_id, items, n)`,
    values: [Subjects.manifestReceived(manifest.id), manifest.id, manifest.batches, range.after, range.upTo, placed.map((p) => p.locationId), placed.map((p) => p.rows)],
  });
  await client.query('DELETE FROM manifest_lanes_written WHERE manifest_id = $1 AND after_row = $2', [manifest.id, range.after]);
  await advanceImport(client, manifest.id, { ...written, events }, IMPORT_LEASE_MS);
  return true;
}

/**
 * Units of the batch's rows for listings the shop has: to their stock now, their cost joining the
 * variant's as a weighted average over the units on hand; shoppers hear of units added to a listing
 * they can see (a draft's are announced when it is published).
 */
async function addToListings(client: pg.PoolClient, manifestId: string, range: { after: number; upTo: number }, lane: number): Promise<void> {
  const { rows } = await client.query<{ variantId: string; productId: string; sku: string; locationId: string; quantity: number; unitCostCents: number | null; published: boolean }>(
    `SELECT r.variant_id AS "variantId", r.product_id AS "productId", r.sku, r.location_id AS "locationId", r.quantity, r.unit_cost_cents AS "unitCostCents",
            p.published_at IS NOT NULL AS published
       FROM manifest_rows r JOIN products p ON p.id = r.product_id
      WHERE r.manifest_id = $1 AND r.row > $2 AND r.row <= $3 AND r.variant_id IS NOT NULL AND ${skuLane('r.sku')} = $4 ORDER BY r.row`,
    [manifestId, range.after, range.upTo, lane],
  );
  // Locked in sku order, as holds and stock changes lock them, before their cost and stock change
  // (the batch's sku locks kept every sku's variant as the plan read it).
  await client.query('SELECT 1 FROM variants WHERE id = ANY($1::uuid[]) ORDER BY sku FOR UPDATE', [[...new Set(rows.map((r) => r.variantId))]]);
  await client.query(
    `WITH d AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(variant_id uuid, qty int, cost int)),
          agg AS (SELECT variant_id, round(sum(cost::numeric * qty) / nullif(sum(qty) FILTER (WHERE cost IS NOT NULL), 0))::int AS cost,
                         sum(qty) FILTER (WHERE cost IS NOT NULL)::int AS costed FROM d GROUP BY variant_id)
     UPDATE variants v
        SET unit_cost_cents = CASE WHEN v.unit_cost_cents IS NULL THEN agg.cost
                                   ELSE round((v.unit_cost_cents::numeric * on_hand.units + agg.cost::numeric * agg.costed) / nullif(on_hand.units + agg.costed, 0))::int END
       FROM agg, LATERAL (SELECT coalesce(sum(on_hand), 0) AS units FROM inventory_levels WHERE variant_id = agg.variant_id) on_hand
      WHERE v.id = agg.variant_id AND agg.cost IS NOT NULL`,
    [JSON.stringify(rows.map((r) => ({ variant_id: r.variantId, qty: r.quantity, cost: r.unitCostCents })))],
  );
  await addOnHand(client, rows.map((r) => ({ variantId: r.variantId, locationId: r.locationId, qty: r.quantity })));
  const announced = new Map<string, VariantRef>();
  for (const r of rows) if (r.published) announced.set(r.variantId, { id: r.variantId, productId: r.productId, sku: r.sku });
  await recordInventoryUpdatedMany(client, [...announced.values()]);
}

/** This process's import runner: kicked when an import starts, and every few seconds for imports a restart left (main.ts). */
export function createManifestImporter(pool: Pool, storage: ObjectStorage, logger: Logger): KickablePass {
  const owner = importRunnerId();
  return createKickablePass('manifest-imports', logger, () => runImports(pool, storage, logger, owner));
}
