import { z } from './zod-config.js';
import { multiLineText, oneLineText } from './text.js';
import { ConditionGrade, Product, ProductPhoto } from './catalog.js';
import { IntakeQueues, PHOTO_ALT_MAX } from './intake-values.js';

/** One checklist answer: a check passed/failed/n.a., a percent reading, or text. */
export const ChecklistAnswer = z.union([z.enum(['pass', 'fail', 'na']), z.number().int().min(0).max(100), oneLineText(300, { trim: true })]);
export type ChecklistAnswer = z.infer<typeof ChecklistAnswer>;

/** One inspection as the desk keeps it (every re-inspection stays in the listing's history). */
export const InspectionRecord = z.object({
  id: z.string(),
  inspectedAt: z.string(),
  inspectedBy: z.string(),
  category: z.string(),
  answers: z.record(z.string(), ChecklistAnswer),
  grade: z.string(),
  notes: z.string().nullable(),
  summary: z.string(),
});
export type InspectionRecord = z.infer<typeof InspectionRecord>;

/** POST /api/admin/intake/:productId/inspections */
export const InspectionInput = z.strictObject({
  answers: z.record(z.string().regex(/^[a-z_]{1,40}$/), ChecklistAnswer).refine((a) => Object.keys(a).length <= 30, 'at most 30 answers'),
  grade: ConditionGrade,
  notes: multiLineText(2000, { trim: true }).nullable().optional(),
  /**
   * The name shoppers see as the inspector's: the signed-in admin's first name, or none for 'our
   * team' (the admin chooses). Who really inspected is kept from the session, not from this.
   */
  inspectorName: oneLineText(60, { trim: true }).nullable().optional(),
});
export type InspectionInput = z.infer<typeof InspectionInput>;

/** A listing in the work queue. */
export const IntakeEntry = z.object({
  productId: z.string(),
  title: z.string(),
  skus: z.array(z.string()),
  category: z.string(),
  conditionGrade: z.string(),
  oneOfAKind: z.boolean(),
  photoCount: z.number().int(),
  cover: ProductPhoto.nullable(),
  inspectedAt: z.string().nullable(),
  /** When the listing went on sale; null: a draft, not shown to shoppers until published. */
  publishedAt: z.string().nullable(),
});
export type IntakeEntry = z.infer<typeof IntakeEntry>;

export const IntakeQueue = z.enum(IntakeQueues);
export type IntakeQueue = z.infer<typeof IntakeQueue>;

/** GET /api/admin/intake: `q` matches title, brand or sku; `code` is a scanned barcode (an exact sku). */
export const IntakeListQuery = z.strictObject({
  queue: IntakeQueue.default('all'),
  q: oneLineText(200, { trim: true }).optional(),
  code: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a sku as the barcode has it').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type IntakeListQuery = z.infer<typeof IntakeListQuery>;

export const IntakeList = z.object({ entries: z.array(IntakeEntry), total: z.number().int() });
export type IntakeList = z.infer<typeof IntakeList>;

/** GET /api/admin/intake/counts: the dashboard's figures. */
export const IntakeCounts = z.object({
  drafts: z.number().int(),
  noPhotos: z.number().int(),
  notInspected: z.number().int(),
  stale: z.number().int(),
  staleAfterDays: z.number().int(),
});
export type IntakeCounts = z.infer<typeof IntakeCounts>;

/** GET /api/admin/intake/:productId: the listing, its inspections (newest first) and a POS grade waiting for the inspector. */
export const IntakeDetail = z.object({
  product: Product,
  /** When the listing went on sale; null: a draft, not shown to shoppers until published (POST ApiPaths.catalog.publish). */
  publishedAt: z.string().nullable(),
  inspections: z.array(InspectionRecord),
  /**
   * The grade and notes the POS sent after the listing was inspected, when they differ from the
   * inspection's: shown to the inspector, who may accept them; never applied on their own (decision 048).
   */
  posCondition: z.object({ grade: z.string(), notes: z.string().nullable() }).nullable(),
});
export type IntakeDetail = z.infer<typeof IntakeDetail>;

/** PUT /api/admin/intake/:productId/photos: the listing's photos in their new order (every id once), and its cover. */
export const PhotoOrderInput = z.strictObject({
  order: z.array(z.string().uuid()).min(1).max(50),
  coverId: z.string().uuid().optional(),
});
export type PhotoOrderInput = z.infer<typeof PhotoOrderInput>;

/** PATCH /api/admin/intake/:productId/photos/:photoId */
export const PhotoPatchInput = z.strictObject({ alt: oneLineText(PHOTO_ALT_MAX, { trim: true }).pipe(z.string().min(1, 'describe the photo')) });
export type PhotoPatchInput = z.infer<typeof PhotoPatchInput>;

/** The photo answers (upload, reorder, alt, delete): the listing's photos as they now are. */
export const PhotoList = z.object({ photos: z.array(ProductPhoto) });
export type PhotoList = z.infer<typeof PhotoList>;

/** The most listings one product.updated names (a markdown run announces its listings in events of this many). */
export const PRODUCT_UPDATED_MAX_IDS = 1000;

/**
 * product.updated data (catalog → gateways → browsers): the listings' photos, inspection or price
 * changed, pages showing one of them refetch it; or they were published (a draft went on sale), lists
 * refetch to show them. A desk's change names one listing; a markdown run names up to
 * PRODUCT_UPDATED_MAX_IDS in each event (decision 062): 100 events for 100,000 listings, not 100,000.
 */
export const ProductUpdatedData = z.object({
  productIds: z.array(z.string()).min(1).max(PRODUCT_UPDATED_MAX_IDS),
  what: z.enum(['photos', 'inspection', 'price', 'published']),
});
export type ProductUpdatedData = z.infer<typeof ProductUpdatedData>;

export const ProductUpdatedMessage = ProductUpdatedData.extend({ type: z.literal('product.updated'), id: z.string(), timestamp: z.string() });
export type ProductUpdatedMessage = z.infer<typeof ProductUpdatedMessage>;
