// Manifests (issue 30): a supplier's CSV of what a lot holds, read, mapped, checked and imported as
// draft listings awaiting inspection. The catalog owns them; pos-sync creates their units in the POS.
import { z } from './zod-config.js';
import { DecimalString } from './catalog.js';
import { oneLineText } from './text.js';
import { ManifestFields, ManifestStatuses, MANIFEST_PRICE_PCT_DEFAULT } from './manifests-values.js';

export const ManifestField = z.enum(ManifestFields);
export type ManifestField = z.infer<typeof ManifestField>;

/** Column index (0-based) of each field the manifest has; a field it lacks is absent. */
export const ColumnMapping = z.partialRecord(ManifestField, z.number().int().min(0).max(199));
export type ColumnMapping = z.infer<typeof ColumnMapping>;

export const ManifestStatus = z.enum(ManifestStatuses);
export type ManifestStatus = z.infer<typeof ManifestStatus>;

/** What an import is told besides the mapping: where the units are, how they are priced, what the lot cost. */
export const ManifestSettings = z.strictObject({
  mapping: ColumnMapping,
  /** The location the lot's units are received at. */
  locationId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'not a location id'),
  /** A new listing's price as a percent of its retail price (rounded to the cent). */
  pricePct: z.number().int().min(1).max(100).default(MANIFEST_PRICE_PCT_DEFAULT),
  /**
   * What the whole lot cost, spread over its units by their share of the retail value, for rows
   * without a unit cost of their own; null when the rows carry their costs (or none is known).
   */
  lotCost: DecimalString.nullable().default(null),
});
export type ManifestSettings = z.infer<typeof ManifestSettings>;

/** A problem in one row: 'row 214: Qty "two" is not a number'. Row 1 is the header. */
export const ManifestRowProblem = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ManifestRowProblem = z.infer<typeof ManifestRowProblem>;

/** A row as it will be imported (the preview's first rows). */
export const ManifestPreviewRow = z.object({
  row: z.number().int(),
  sku: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  quantity: z.number().int(),
  retail: DecimalString.nullable(),
  unitCost: DecimalString.nullable(),
  price: DecimalString.nullable(),
  condition: z.string(),
  notes: z.string().nullable(),
  /** 'create' a draft listing, or 'add' the units to the listing that has this sku. */
  action: z.enum(['create', 'add']),
});
export type ManifestPreviewRow = z.infer<typeof ManifestPreviewRow>;

/** A manifest in the list and on its page. */
export const ManifestSummary = z.object({
  id: z.string(),
  fileName: z.string(),
  /** What the bytes were read as: 'utf-8', 'utf-8 with BOM' or 'windows-1252'. */
  encoding: z.string(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  status: ManifestStatus,
  /** Data rows in the file (the header not counted). */
  totalRows: z.number().int(),
  rowsDone: z.number().int(),
  created: z.number().int(),
  added: z.number().int(),
  refused: z.number().int(),
  /** Units received by the rows done. */
  units: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** While importing: the seconds the rest should take at the pace so far; null before there is a pace. */
  secondsLeft: z.number().int().nullable(),
  /** Why it stopped, when it failed. */
  error: z.string().nullable(),
});
export type ManifestSummary = z.infer<typeof ManifestSummary>;

export const ManifestDetail = ManifestSummary.extend({
  headers: z.array(z.string()),
  /** The mapping detected from the headers, or the one the import used. */
  mapping: ColumnMapping,
  /** The first rows as the file has them (cells as text). */
  sample: z.array(z.array(z.string())),
  /** The settings the import ran with; null before an import started. */
  settings: ManifestSettings.nullable(),
});
export type ManifestDetail = z.infer<typeof ManifestDetail>;

/** POST the CSV's bytes (or pasted text): 201 with the new manifest; 200 with the earlier one when the same file came before. */
export const ManifestUploadQuery = z.strictObject({ name: oneLineText(200, { trim: true }).optional() });
export const ManifestUploaded = z.object({ manifest: ManifestDetail, duplicate: z.boolean() });
export type ManifestUploaded = z.infer<typeof ManifestUploaded>;

/** POST ManifestSettings to …/dry-run: what an import with these settings would do, changing nothing. */
export const ManifestDryRun = z.object({
  rows: z.number().int(),
  toCreate: z.number().int(),
  toAdd: z.number().int(),
  refused: z.number().int(),
  units: z.number().int(),
  /** The lot's cost over every unit, when known. */
  cost: DecimalString.nullable(),
  /** The first problems (at most MANIFEST_PROBLEMS_SHOWN), in row order. */
  problems: z.array(ManifestRowProblem),
  /** The first rows as they will be imported. */
  preview: z.array(ManifestPreviewRow),
});
export type ManifestDryRun = z.infer<typeof ManifestDryRun>;

export const ManifestList = z.object({ manifests: z.array(ManifestSummary) });
export type ManifestList = z.infer<typeof ManifestList>;

/** GET …/rows?outcome=refused: the rows' outcomes, in row order. */
export const ManifestRowsQuery = z.strictObject({
  outcome: z.enum(['created', 'added', 'refused']).optional(),
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const ManifestRowOutcome = z.object({
  row: z.number().int(),
  sku: z.string().nullable(),
  outcome: z.enum(['created', 'added', 'refused']),
  productId: z.string().nullable(),
  quantity: z.number().int().nullable(),
  problems: z.array(ManifestRowProblem),
});
export const ManifestRows = z.object({ rows: z.array(ManifestRowOutcome), next: z.number().int().nullable() });
export type ManifestRows = z.infer<typeof ManifestRows>;

/**
 * `manifest.received.<manifestId>`: one committed batch of a manifest's rows at one location, for
 * pos-sync to create in the POS (`created`: a new item with its units at the location) or receive
 * there (`added`: units added to an item the shop had). Ids are stable: a batch is announced once
 * per (manifestId, batch), whatever the redeliveries. Version 1 carried the items; version 2
 * (ManifestReceivedBatch) names the rows and pos-sync asks the catalog for their items
 * (CatalogInternalPaths.manifestReceived): a 50,000-row manifest's items are 15 MB of JSON, which
 * the outbox and the bus need not carry (decision 065).
 */
export const ManifestReceivedItem = z.object({
  sku: z.string(),
  action: z.enum(['created', 'added']),
  title: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  conditionGrade: z.string(),
  conditionNotes: z.string().nullable(),
  oneOfAKind: z.boolean(),
  price: DecimalString,
  compareAtPrice: DecimalString.nullable(),
  quantity: z.number().int().min(1),
});
export type ManifestReceivedItem = z.infer<typeof ManifestReceivedItem>;

export const ManifestReceivedData = z.object({
  manifestId: z.string(),
  batch: z.number().int().min(0),
  locationId: z.string(),
  items: z.array(ManifestReceivedItem).min(1),
});
export type ManifestReceivedData = z.infer<typeof ManifestReceivedData>;

/** manifest.received version 2: the batch's rows at its location, and how many items they are. */
export const ManifestReceivedBatch = z.object({
  manifestId: z.string().uuid(),
  batch: z.number().int().min(0),
  locationId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  /** The manifest's rows after this row number, up to and with `upTo` (the header is row 1). */
  rows: z.object({ after: z.number().int().min(1), upTo: z.number().int().min(1) }),
  items: z.number().int().min(1),
});
export type ManifestReceivedBatch = z.infer<typeof ManifestReceivedBatch>;

/**
 * Items of a batch asked at a time: ~75 kB of JSON, under V8's large-object size (128 kB), so
 * neither side keeps a page's text past its young generation's next collection.
 */
export const MANIFEST_RECEIVED_PAGE = 250;

/** GET CatalogInternalPaths.manifestReceived(manifestId): a page of a batch's items at a location, in row order. */
export const ManifestReceivedQuery = z.strictObject({
  locationId: ManifestReceivedBatch.shape.locationId,
  after: z.coerce.number().int().min(1),
  upTo: z.coerce.number().int().min(1),
  limit: z.coerce.number().int().min(1).max(1000).default(MANIFEST_RECEIVED_PAGE),
});
export type ManifestReceivedQuery = z.infer<typeof ManifestReceivedQuery>;
/** A page of items, and the row to ask after for the next (null: none left). */
export const ManifestReceivedItems = z.object({ items: z.array(ManifestReceivedItem), next: z.number().int().nullable() });
export type ManifestReceivedItems = z.infer<typeof ManifestReceivedItems>;

/** A manifest's new sku waiting for its intake: a draft listing that is not a product yet. */
export const WaitingDraft = z.object({
  sku: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  conditionGrade: z.string(),
  /** Units waiting with it, over every manifest that brought some. */
  units: z.number().int(),
  price: DecimalString,
  compareAtPrice: DecimalString.nullable(),
  manifestId: z.string(),
  fileName: z.string(),
  row: z.number().int(),
});
export type WaitingDraft = z.infer<typeof WaitingDraft>;

/** GET /api/admin/manifests/drafts: the drafts waiting for their intake, oldest manifest first. */
export const WaitingDraftsQuery = z.strictObject({
  q: oneLineText(200, { trim: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const WaitingDrafts = z.object({ drafts: z.array(WaitingDraft), total: z.number().int() });
export type WaitingDrafts = z.infer<typeof WaitingDrafts>;

/** POST …/drafts/:sku/intake: the draft's product (made now: 201; made before: 200), to open at the intake desk. */
export const DraftIntakeStarted = z.object({ productId: z.string(), sku: z.string() });
export type DraftIntakeStarted = z.infer<typeof DraftIntakeStarted>;
