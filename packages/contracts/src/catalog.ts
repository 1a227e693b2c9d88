import { z } from './zod-config.js';
import { oneLineText } from './text.js';
import { ADMIN_INVENTORY_PAGE_MAX, ADMIN_INVENTORY_PAGE_SIZE, CategoryIds, ConditionGrades, PRODUCT_PAGE_MAX, PRODUCT_PAGE_SIZE, ProductSorts } from './catalog-values.js';

/** A price on the wire: a decimal string with two places, e.g. "19.99" (money is integer cents inside). */
export const DecimalString = z.string().regex(/^\d+\.\d{2}$/);

export const ConditionGrade = z.enum(ConditionGrades);
export type ConditionGrade = z.infer<typeof ConditionGrade>;

export const CategoryId = z.enum(CategoryIds);
export type CategoryId = z.infer<typeof CategoryId>;

export const InventoryLevel = z.object({
  locationId: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
});
export type InventoryLevel = z.infer<typeof InventoryLevel>;

export const Variant = z.object({
  id: z.string(),
  sku: z.string(),
  price: DecimalString,
  compareAtPrice: DecimalString.nullable().optional(),
  inventoryLevels: z.array(InventoryLevel),
  totalOnHand: z.number().int(),
  totalReserved: z.number().int(),
  totalAvailable: z.number().int(),
  /**
   * While units are reserved (held in shoppers' carts): when the last of those holds ends, the
   * moment a reserved one-of-a-kind item may be back on sale. Never who holds it.
   */
  reservedUntil: z.string().nullable().optional(),
});
export type Variant = z.infer<typeof Variant>;

/**
 * One photo of the actual unit, as every page shows it. Every file is served under a content-hashed
 * name with `Cache-Control: immutable`; `width`/`height` are the largest size's, for the box's ratio.
 */
export const ProductPhoto = z.object({
  id: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** A tiny blurred picture (a data: URL) shown while the photo loads. */
  placeholder: z.string(),
  /** The JPEG at 640 wide (or the largest below): the fallback `src`. */
  src: z.string(),
  /** Every size as JPEG and as WebP, for `srcset`. */
  srcset: z.string(),
  webpSrcset: z.string(),
  cover: z.boolean(),
});
export type ProductPhoto = z.infer<typeof ProductPhoto>;

/** What the shopper is told of the unit's latest inspection. */
export const InspectionReport = z.object({
  inspectedAt: z.string(),
  /** The inspector's first name, or 'our team'. */
  inspectedBy: z.string(),
  /** 'Tested: powers on, screen, Wi-Fi; battery health 89%; includes charger'. */
  summary: z.string(),
});
export type InspectionReport = z.infer<typeof InspectionReport>;

export const Product = z.object({
  id: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  conditionGrade: z.string(),
  conditionNotes: z.string().nullable(),
  oneOfAKind: z.boolean(),
  category: z.string().optional(),
  currentPrice: DecimalString.nullable(),
  originalPrice: DecimalString.nullable(),
  variants: z.array(Variant),
  /**
   * Photos of the actual unit (one-of-a-kind: this exact item; several units: one of them), in the
   * inspector's order. None: `images` holds an illustration. With photos, `images` is their JPEGs, cover first.
   */
  photos: z.array(ProductPhoto).optional(),
  /** The unit's latest inspection; null or absent when it has not been inspected. */
  inspection: InspectionReport.nullable().optional(),
  /**
   * On a single product's read: 'Price dropped $X on DATE', only when the current price came from a
   * drop from a price the listing really charged while on sale (the price history proves it).
   */
  priceDrop: z.object({ amount: DecimalString, from: DecimalString, on: z.string() }).nullable().optional(),
});
export type Product = z.infer<typeof Product>;

export const ProductList = z.object({
  data: z.array(Product),
  nextCursor: z.string().nullable().optional(),
  /** How many products match the query in all; on first pages only (a cursor's page leaves it out). */
  total: z.number().int().optional(),
  /** True when more than PRODUCT_COUNT_LIMIT match: `total` is then that limit ('1,000+'). */
  totalIsAtLeast: z.boolean().optional(),
});
export type ProductList = z.infer<typeof ProductList>;

export const CategoryCount = z.object({ category: z.string(), count: z.number().int() });
export type CategoryCount = z.infer<typeof CategoryCount>;

export const Location = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  hours: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Location = z.infer<typeof Location>;

/** `publishedAt`: when the listing went on sale; null: a draft, not shown to shoppers until published at the intake desk. */
export const AdminInventoryEntry = z.object({ product: Product.omit({ variants: true }), variants: z.array(Variant), publishedAt: z.string().nullable() });
export type AdminInventoryEntry = z.infer<typeof AdminInventoryEntry>;

/** GET /api/categories/counts and GET /api/locations answer with plain arrays. */
export const CategoryCountList = z.array(CategoryCount);
export const LocationList = z.array(Location);
/** GET /api/admin/inventory answers with a plain array (one page, newest products first). */
export const AdminInventoryList = z.array(AdminInventoryEntry);
/** Query of GET /api/admin/inventory: `q` matches title, brand or sku (part of a word is enough). */
export const AdminInventoryQuery = z.strictObject({
  q: oneLineText(200, { trim: true }).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_INVENTORY_PAGE_MAX).default(ADMIN_INVENTORY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type AdminInventoryQuery = z.infer<typeof AdminInventoryQuery>;

export const ProductSort = z.enum(ProductSorts);
export type ProductSort = z.infer<typeof ProductSort>;

/**
 * Query of GET /api/products. Every parameter is optional: the unfiltered first page is still
 * `{ data: [...] }` as spec §7 shows, with `nextCursor` added for the next page (null at the end).
 * `condition` takes one grade or several separated by commas; prices are decimal strings ("19.99").
 */
export const ProductListQuery = z.strictObject({
  q: oneLineText(200, { trim: true }).optional(),
  category: CategoryId.optional(),
  condition: oneLineText(200)
    .transform((raw) => raw.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(ConditionGrade).min(1).max(ConditionGrades.length))
    .optional(),
  minPrice: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'a price such as 19.99').optional(),
  maxPrice: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'a price such as 19.99').optional(),
  inStock: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  sort: ProductSort.default('newest'),
  limit: z.coerce.number().int().min(1).max(PRODUCT_PAGE_MAX).default(PRODUCT_PAGE_SIZE),
  cursor: oneLineText(512).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;
