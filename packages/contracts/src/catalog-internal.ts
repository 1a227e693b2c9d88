import { z } from './zod-config.js';
import { ConditionGrade, CategoryId } from './catalog.js';
import { SKU_PATTERN } from './catalog-values.js';

/**
 * The catalog's internal API, for other services only (cart: holds; pos-sync: stock and
 * products). Never routed by the gateway; every call carries `Authorization: Bearer
 * <INTERNAL_API_TOKEN>`, a secret shared by the services (README, "Configuration").
 */
export const CatalogInternalPaths = {
  holds: '/internal/holds',
  hold: (id: string) => `/internal/holds/${id}`,
  holdsLookup: '/internal/holds/lookup',
  releaseHold: (id: string) => `/internal/holds/${id}/release`,
  extendHold: (id: string) => `/internal/holds/${id}/extend`,
  commitHold: (id: string) => `/internal/holds/${id}/commit`,
  stock: '/internal/stock',
  products: '/internal/products',
  /** PUT: up to MAX_UPSERT_BATCH products in one call (a full sync from the POS). */
  productsBatch: '/internal/products/batch',
  /** GET: which units of which location an order took (its committed holds), for the POS write-back. */
  orderAllocations: (orderId: string) => `/internal/orders/${orderId}/allocations`,
  /** GET: what the cart snapshots into a line, and how many units are available right now. */
  variant: (sku: string) => `/internal/variants/${sku}`,
  /** GET ?skus=A,B: what these variants cost now (VariantPrices); the cart prices its lines by it at every read and at payment. */
  variantPrices: '/internal/variant-prices',
  /** GET: what a product page's first HTML says of the listing (PageHead), for the gateway (decision 073). */
  productPageHead: (productId: string) => `/internal/page-heads/products/${productId}`,
  /** GET: what a category's list page (/products?category=<id>) says in its first HTML (PageHead). */
  categoryPageHead: (categoryId: string) => `/internal/page-heads/categories/${categoryId}`,
  /** GET ?locationId&after&upTo: the items of a manifest's batch (manifest.received version 2), for pos-sync. */
  manifestReceived: (manifestId: string) => `/internal/manifests/${manifestId}/received`,
} as const;

/** Longest a hold may last: the payment window is the longest anyone needs one. */
export const MAX_HOLD_SECONDS = 60 * 60;
/** One-of-a-kind items are held this long when added to a cart (spec §9). */
export const UNIQUE_ITEM_HOLD_SECONDS = 10 * 60;

const Sku = z.string().regex(SKU_PATTERN, 'unknown sku format');
const LocationId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);

/** Hold `qty` units of a sku for `holder` (a cart, an order) for `ttlSeconds`. */
export const CreateHoldRequest = z.strictObject({
  sku: Sku,
  qty: z.number().int().min(1).max(1000),
  holder: z.string().min(1).max(128),
  ttlSeconds: z.number().int().min(1).max(MAX_HOLD_SECONDS),
  /** Take the units from this location when it has them (a pickup order's store), else as usual. */
  preferLocationId: LocationId.optional(),
});
export type CreateHoldRequest = z.infer<typeof CreateHoldRequest>;

export const Hold = z.object({
  id: z.string(),
  sku: z.string(),
  qty: z.number().int(),
  holder: z.string(),
  /** 'lost': a count from the store went below what was held (the unit was sold in person). */
  status: z.enum(['active', 'released', 'expired', 'committed', 'lost']),
  expiresAt: z.string(),
});
export type Hold = z.infer<typeof Hold>;

/** POST /internal/holds/lookup: the holds with these ids as they stand now (unknown ids are left out). */
export const LookupHoldsRequest = z.strictObject({ ids: z.array(z.guid()).min(1).max(200) });
export const LookupHoldsResult = z.object({ holds: z.array(Hold) });

export const ExtendHoldRequest = z.strictObject({ ttlSeconds: z.number().int().min(1).max(MAX_HOLD_SECONDS) });
/** Commit a hold as a sale; the order id makes a repeated commit harmless. */
export const CommitHoldRequest = z.strictObject({ orderId: z.string().min(1).max(128) });
/** A committed hold, with the locations its units left (a pickup taken partly from another store takes longer). */
export const CommittedHold = Hold.extend({ allocations: z.array(z.object({ locationId: z.string(), qty: z.number().int().positive() })) });
export type CommittedHold = z.infer<typeof CommittedHold>;

/** Error codes a hold request can end with (409 unless said otherwise). */
export const HoldErrorCodes = {
  insufficientStock: 'INSUFFICIENT_STOCK',
  heldByAnother: 'HELD_BY_ANOTHER',
  holdNotActive: 'HOLD_NOT_ACTIVE',
  unknownSku: 'UNKNOWN_SKU', // 404
} as const;

/** Set what is on hand of a sku at a location (absolute, so repeating it changes nothing). */
export const SetStockRequest = z.strictObject({
  sku: Sku,
  locationId: LocationId,
  onHand: z.number().int().min(0).max(1_000_000),
});
export type SetStockRequest = z.infer<typeof SetStockRequest>;
/** The answer to a set-stock call: the variant's totals afterwards; `changed` is false when the count was already so (no event then). */
export const SetStockResult = z.object({
  sku: z.string(),
  locationId: z.string(),
  onHand: z.number().int(),
  changed: z.boolean(),
  totalOnHand: z.number().int(),
  totalReserved: z.number().int(),
  totalAvailable: z.number().int(),
});
export type SetStockResult = z.infer<typeof SetStockResult>;

/** Create or update a product and its variants by sku (pos-sync); idempotent. */
export const UpsertProductRequest = z.strictObject({
  title: z.string().min(1).max(300),
  brand: z.string().max(120).nullable().optional(),
  description: z.string().max(5000).nullable().optional(),
  conditionGrade: z.union([ConditionGrade, z.string().regex(/^[A-Z_]{1,32}$/)]),
  conditionNotes: z.string().max(2000).nullable().optional(),
  oneOfAKind: z.boolean().default(false),
  category: CategoryId.default('general'),
  images: z.array(z.string().max(2048)).max(20).default([]),
  variants: z
    .array(
      z.strictObject({
        sku: Sku,
        priceCents: z.number().int().min(0).max(100_000_000),
        compareAtCents: z.number().int().min(0).max(100_000_000).nullable().optional(),
        stock: z.array(z.strictObject({ locationId: LocationId, onHand: z.number().int().min(0).max(1_000_000) })).max(50).default([]),
      }),
    )
    .min(1)
    .max(50),
});
export type UpsertProductRequest = z.infer<typeof UpsertProductRequest>;
export const UpsertProductResult = z.object({ productId: z.string(), created: z.boolean() });
export type UpsertProductResult = z.infer<typeof UpsertProductResult>;

/**
 * GET /internal/variants/:sku?qty=&holder=: asked with `qty` (and the `holder` asking, when it holds
 * some already), the catalog also says whether those units can be had right now (`refusal` when
 * not, as a hold would be refused): a rush of shoppers for one sold item is answered without
 * anyone taking a lock.
 */
export const VariantInfoQuery = z.object({
  qty: z.coerce.number().int().min(1).max(1000).optional(),
  holder: z.string().min(1).max(128).optional(),
});
export type VariantInfoQuery = z.infer<typeof VariantInfoQuery>;

/** GET /internal/variants/:sku: a variant as the cart needs it (price in cents, availability now). */
export const VariantInfo = z.object({
  sku: z.string(),
  /** Its listing, as shoppers see it (a cart line's `variant.product`). */
  productId: z.string(),
  brand: z.string().nullable(),
  images: z.array(z.string()),
  title: z.string(),
  image: z.string().nullable(),
  conditionGrade: z.string(),
  conditionNotes: z.string().nullable(),
  oneOfAKind: z.boolean(),
  priceCents: z.number().int(),
  compareAtCents: z.number().int().nullable(),
  available: z.number().int(),
  /** With `qty` asked: why those units cannot be had now (what a hold would answer); absent when they can. */
  refusal: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type VariantInfo = z.infer<typeof VariantInfo>;

/** Most skus one price read may name (the cart asks in chunks of this many). */
export const MAX_PRICE_SKUS = 100;
/**
 * GET /internal/variant-prices?skus=A,B,C (comma-separated: no sku has a comma). A read, not a
 * POST: a write to the catalog's internal API drops its read cache, and carts are read all the time.
 */
export const VariantPricesQuery = z.strictObject({
  skus: z
    .string()
    .transform((v) => [...new Set(v.split(','))])
    .pipe(z.array(Sku).min(1).max(MAX_PRICE_SKUS)),
});
export type VariantPricesQuery = z.infer<typeof VariantPricesQuery>;
/** The price of each variant named that is on sale now; an unknown sku or a draft's is left out. */
export const VariantPrices = z.object({
  variants: z.array(z.object({ sku: z.string(), productId: z.string(), priceCents: z.number().int(), compareAtCents: z.number().int().nullable() })),
});
export type VariantPrices = z.infer<typeof VariantPrices>;

/** Most products one batch upsert may carry. */
export const MAX_UPSERT_BATCH = 100;
export const UpsertProductBatchRequest = z.strictObject({ products: z.array(UpsertProductRequest).min(1).max(MAX_UPSERT_BATCH) });
export type UpsertProductBatchRequest = z.infer<typeof UpsertProductBatchRequest>;
/** One result per product, in order: each product is its own transaction, so one bad product does not undo the others. */
export const UpsertProductBatchResult = z.object({
  results: z.array(z.union([UpsertProductResult, z.object({ error: z.object({ status: z.number().int(), code: z.string(), message: z.string() }) })])),
});
export type UpsertProductBatchResult = z.infer<typeof UpsertProductBatchResult>;

/** The units an order took, per sku and location (from its committed holds); 404 when the order committed nothing. */
export const OrderAllocations = z.object({
  orderId: z.string(),
  lines: z.array(z.object({ sku: z.string(), locationId: z.string(), qty: z.number().int().positive() })),
});
export type OrderAllocations = z.infer<typeof OrderAllocations>;

/** GET CatalogInternalPaths.productPageHead: the document's title and description, and the elements the gateway adds to the page's head. */
export const PageHead = z.object({ title: z.string(), description: z.string(), head: z.string() });
export type PageHead = z.infer<typeof PageHead>;
