// Manifests and their rows' outcomes (migration 013).
import { centsToDecimal, type ColumnMapping, type ManifestReceivedQuery, type ManifestDetail, type WaitingDraft, type WaitingDrafts, ManifestRows, ManifestSettings, ManifestStatus, ManifestSummary } from '@pl/contracts';
import { containsPattern, type Queryable } from '@pl/service-kit';
import type { ManifestEncoding } from '../manifests/manifest-reader.js';
import { isoInstant } from './inventory.repo.js';

/**
 * A manifest row still waiting for its listing (a created draft, or units added to one), as SQL on
 * `alias`: written as an OR of the two outcomes so that PostgreSQL reads both partial indexes
 * (manifest_rows_one_draft_idx and manifest_rows_waiting_units_idx, migration 021).
 */
export const waitingRowSql = (alias: string) => `${alias}.product_id IS NULL AND (${alias}.outcome = 'created' OR ${alias}.outcome = 'added')`;

export interface ManifestRecord {
  id: string;
  fileName: string;
  bytes: number;
  encoding: ManifestEncoding;
  storageKey: string;
  headers: string[];
  detectedMapping: ColumnMapping;
  sample: string[][];
  totalRows: number;
  uploadedBySubject: string;
  uploadedAt: string;
  status: ManifestStatus;
  settings: ManifestSettings | null;
  costBasis: CostBasis | null;
  rowsDone: number;
  created: number;
  added: number;
  refused: number;
  units: number;
  batches: number;
  startedAt: string | null;
  finishedAt: string | null;
  runStartedAt: string | null;
  runStartedRows: number | null;
  leaseOwner: string | null;
  cancelRequested: boolean;
  error: string | null;
  /** The database's clock when read: the pace for the time left is measured against it. */
  readAt: string;
}

/** What a lot's cost is spread over: the retail value and the units of its valid rows. */
export interface CostBasis {
  retailCents: number;
  units: number;
}

const COLUMNS = `id, file_name AS "fileName", bytes, encoding, storage_key AS "storageKey", headers, detected_mapping AS "detectedMapping", sample,
  total_rows AS "totalRows", uploaded_by_subject AS "uploadedBySubject", ${isoInstant('uploaded_at')} AS "uploadedAt", status, settings,
  cost_basis AS "costBasis", rows_done AS "rowsDone", created, added, refused, units, batches,
  ${isoInstant('started_at')} AS "startedAt", ${isoInstant('finished_at')} AS "finishedAt", ${isoInstant('run_started_at')} AS "runStartedAt",
  run_started_rows AS "runStartedRows", lease_owner AS "leaseOwner", cancel_requested AS "cancelRequested", error,
  ${isoInstant('clock_timestamp()')} AS "readAt"`;

export interface NewManifest {
  /** Its rows are staged under this id before it is inserted (manifest-stage.ts). */
  id: string;
  fileHash: string;
  fileName: string;
  bytes: number;
  encoding: ManifestEncoding;
  storageKey: string;
  headers: string[];
  detectedMapping: ColumnMapping;
  sample: string[][];
  totalRows: number;
  uploadedBySubject: string;
}

/** Inserts the manifest unless its file came before; answers the new one, or undefined. */
export async function insertManifest(db: Queryable, m: NewManifest): Promise<ManifestRecord | undefined> {
  const { rows } = await db.query<ManifestRecord>(
    `INSERT INTO manifests (id, file_hash, file_name, bytes, encoding, storage_key, headers, detected_mapping, sample, total_rows, uploaded_by_subject)
     VALUES ($11, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (file_hash) DO NOTHING
     RETURNING ${COLUMNS}`,
    [m.fileHash, m.fileName, m.bytes, m.encoding, m.storageKey, JSON.stringify(m.headers), JSON.stringify(m.detectedMapping), JSON.stringify(m.sample), m.totalRows, m.uploadedBySubject, m.id],
  );
  return rows[0];
}

export async function findManifestByHash(db: Queryable, fileHash: string): Promise<ManifestRecord | undefined> {
  const { rows } = await db.query<ManifestRecord>(`SELECT ${COLUMNS} FROM manifests WHERE file_hash = $1`, [fileHash]);
  return rows[0];
}

/** A manifest; `lock`: FOR UPDATE, or 'share' (FOR SHARE: the lanes of an import's batch, together, keep it as it is). */
export async function findManifest(db: Queryable, id: string, options: { lock?: boolean | 'share' } = {}): Promise<ManifestRecord | undefined> {
  const lock = options.lock === 'share' ? ' FOR SHARE' : options.lock ? ' FOR UPDATE' : '';
  const { rows } = await db.query<ManifestRecord>(`SELECT ${COLUMNS} FROM manifests WHERE id = $1${lock}`, [id]);
  return rows[0];
}

export async function listManifests(db: Queryable, limit: number): Promise<ManifestRecord[]> {
  const { rows } = await db.query<ManifestRecord>(`SELECT ${COLUMNS} FROM manifests ORDER BY uploaded_at DESC, id LIMIT $1`, [limit]);
  return rows;
}

/** An import starts, or goes on after a cancel or a failure; the settings and basis are kept from its first start. */
export async function markImporting(db: Queryable, id: string, settings: ManifestSettings, costBasis: CostBasis): Promise<void> {
  await db.query(
    `UPDATE manifests
        SET status = 'importing', settings = coalesce(settings, $2), cost_basis = coalesce(cost_basis, $3),
            started_at = coalesce(started_at, now()), run_started_at = now(), run_started_rows = rows_done,
            cancel_requested = false, error = NULL, finished_at = NULL, lease_owner = NULL, lease_until = NULL
      WHERE id = $1`,
    [id, JSON.stringify(settings), JSON.stringify(costBasis)],
  );
}

/**
 * Takes an import no instance is writing (none yet, or its lease ran out: a restart) for `owner`
 * until the lease ends; the oldest first.
 */
export async function claimImport(db: Queryable, owner: string, leaseMs: number): Promise<ManifestRecord | undefined> {
  // A new run of the import: its pace is measured from here.
  const { rows } = await db.query<{ id: string }>(
    `UPDATE manifests SET lease_owner = $1, lease_until = clock_timestamp() + make_interval(secs => $2::double precision / 1000),
            run_started_at = clock_timestamp(), run_started_rows = rows_done
      WHERE id = (SELECT id FROM manifests WHERE status = 'importing' AND (lease_until IS NULL OR lease_until < clock_timestamp())
                   ORDER BY started_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [owner, leaseMs],
  );
  return rows[0] ? findManifest(db, rows[0].id) : undefined;
}

/** A batch's counts, committed with its rows. */
export async function advanceImport(
  db: Queryable,
  id: string,
  progress: { rows: number; created: number; added: number; refused: number; units: number; events: number },
  leaseMs: number,
): Promise<void> {
  await db.query(
    `UPDATE manifests SET rows_done = rows_done + $2, created = created + $3, added = added + $4, refused = refused + $5, units = units + $6,
            batches = batches + $7, lease_until = clock_timestamp() + make_interval(secs => $8::double precision / 1000)
      WHERE id = $1`,
    [id, progress.rows, progress.created, progress.added, progress.refused, progress.units, progress.events, leaseMs],
  );
}

/** Ends the run of `owner` (who holds the lease): an import another instance took over is not theirs to end. */
export async function finishImport(
  db: Queryable,
  id: string,
  owner: string,
  status: Extract<ManifestStatus, 'imported' | 'cancelled' | 'failed'>,
  error: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE manifests SET status = $3, error = $4, finished_at = CASE WHEN $3 = 'imported' THEN now() ELSE finished_at END,
            lease_owner = NULL, lease_until = NULL, cancel_requested = false
      WHERE id = $1 AND lease_owner = $2 AND status = 'importing'`,
    [id, owner, status, error],
  );
}

/** Asks a running import to stop after its batch; one no instance is writing stops at once. Answers whether it was importing. */
export async function requestCancel(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE manifests SET cancel_requested = true,
            status = CASE WHEN lease_owner IS NULL OR lease_until < clock_timestamp() THEN 'cancelled' ELSE status END,
            lease_owner = CASE WHEN lease_owner IS NULL OR lease_until < clock_timestamp() THEN NULL ELSE lease_owner END
      WHERE id = $1 AND status = 'importing'`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}

export async function listRowOutcomes(db: Queryable, manifestId: string, query: { outcome?: 'created' | 'added' | 'refused'; after: number; limit: number }): Promise<ManifestRows> {
  const { rows } = await db.query<ManifestRows['rows'][number]>(
    `SELECT row, sku, outcome, product_id AS "productId", quantity, problems
       FROM manifest_rows WHERE manifest_id = $1 AND row > $2 AND ($3::text IS NULL OR outcome = $3)
      ORDER BY row LIMIT $4`,
    [manifestId, query.after, query.outcome ?? null, query.limit + 1],
  );
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  return { rows: page, next: more ? page[page.length - 1]!.row : null };
}

/**
 * A page of a batch's items at a location, in row order, as pos-sync sends them to the POS
 * (manifest.received version 2): the answer's JSON text (ManifestReceivedItems), built by
 * PostgreSQL. Made in Node, 50,000 items cost the catalog ~0.5 s of CPU while an import ran.
 */
export async function receivedItemsJson(db: Queryable, manifestId: string, query: ManifestReceivedQuery): Promise<string> {
  const { rows } = await db.query<{ body: string }>(
    `SELECT json_build_object(
              'items', coalesce(json_agg(json_build_object(
                         'sku', sku, 'action', outcome, 'title', title, 'brand', brand, 'category', category_id, 'conditionGrade', condition_grade,
                         'conditionNotes', condition_notes, 'oneOfAKind', coalesce(one_of_a_kind, false),
                         'price', (coalesce(price_cents, 0) / 100.0)::numeric(14, 2)::text,
                         'compareAtPrice', (compare_at_cents / 100.0)::numeric(14, 2)::text, 'quantity', quantity) ORDER BY row) FILTER (WHERE n <= $5), '[]'),
              'next', CASE WHEN count(*) > $5 THEN max(row) FILTER (WHERE n <= $5) END)::text AS body
       FROM (SELECT r.*, row_number() OVER (ORDER BY row) AS n
               FROM manifest_rows r WHERE manifest_id = $1 AND row > $2 AND row <= $3 AND location_id = $4 AND outcome <> 'refused'
              ORDER BY row LIMIT $5 + 1) page`,
    [manifestId, query.after, query.upTo, query.locationId, query.limit],
  );
  return rows[0]!.body;
}

/** The manifest as the admin remote shows it. */
export function toManifestSummary(m: ManifestRecord): ManifestSummary {
  return {
    id: m.id,
    fileName: m.fileName,
    encoding: m.encoding,
    bytes: m.bytes,
    uploadedAt: m.uploadedAt,
    uploadedBy: m.uploadedBySubject,
    status: m.status,
    totalRows: m.totalRows,
    rowsDone: m.rowsDone,
    created: m.created,
    added: m.added,
    refused: m.refused,
    units: m.units,
    startedAt: m.startedAt,
    finishedAt: m.finishedAt,
    secondsLeft: secondsLeft(m),
    error: m.error,
  };
}

export function toManifestDetail(m: ManifestRecord): ManifestDetail {
  return { ...toManifestSummary(m), headers: m.headers, mapping: m.settings?.mapping ?? m.detectedMapping, sample: m.sample, settings: m.settings };
}

/** The rest at the pace of this run so far; null until a batch of this run is done. */
function secondsLeft(m: ManifestRecord): number | null {
  if (m.status !== 'importing' || !m.runStartedAt || m.runStartedRows === null) return null;
  const done = m.rowsDone - m.runStartedRows;
  const elapsedMs = Date.parse(m.readAt) - Date.parse(m.runStartedAt);
  if (done <= 0 || elapsedMs <= 0) return null;
  return Math.max(0, Math.ceil(((m.totalRows - m.rowsDone) * elapsedMs) / done / 1000));
}

/** The drafts waiting for their intake, oldest manifest first, and how many there are. */
export async function listWaitingDrafts(db: Queryable, query: { q?: string; limit: number; offset: number }): Promise<WaitingDrafts> {
  const { rows } = await db.query<WaitingDraft & { total: number; priceCents: number; compareAtCents: number | null }>(
    `SELECT r.sku, r.title, r.brand, r.category_id AS category, r.condition_grade AS "conditionGrade",
            (SELECT sum(w.quantity) FROM manifest_rows w WHERE w.sku = r.sku AND ${waitingRowSql('w')})::int AS units,
            r.price_cents AS "priceCents", r.compare_at_cents AS "compareAtCents", r.manifest_id AS "manifestId", m.file_name AS "fileName", r.row,
            count(*) OVER ()::int AS total
       FROM manifest_rows r JOIN manifests m ON m.id = r.manifest_id
      WHERE r.product_id IS NULL AND r.outcome = 'created'
        AND ($1::text IS NULL OR r.sku ILIKE $1 OR r.title ILIKE $1 OR r.brand ILIKE $1)
      ORDER BY m.uploaded_at, r.manifest_id, r.row
      LIMIT $2 OFFSET $3`,
    [query.q ? containsPattern(query.q) : null, query.limit, query.offset],
  );
  return {
    drafts: rows.map(({ total: _total, priceCents, compareAtCents, ...d }) => ({ ...d, price: centsToDecimal(priceCents), compareAtPrice: compareAtCents === null ? null : centsToDecimal(compareAtCents) })),
    total: rows[0]?.total ?? (query.offset > 0 ? (await listWaitingDrafts(db, { ...query, offset: 0, limit: 1 })).total : 0),
  };
}

/** The product a sku's manifest rows went to, once made. */
export async function productOfSku(db: Queryable, sku: string): Promise<string | undefined> {
  const { rows } = await db.query<{ productId: string }>(`SELECT product_id AS "productId" FROM variants WHERE sku = $1`, [sku]);
  return rows[0]?.productId;
}
