// The POS's HTTP API v1 as it answers (stand-ins/pos-reference/API.md), parsed at the boundary.
// These are a vendor's shapes, not the shop's contracts: they stay inside pos-sync.
import { z } from 'zod';

const Money = z.object({ amount: z.number().int(), currency: z.string() });

export const PosStock = z.object({ location_id: z.string(), quantity: z.number().int(), version: z.number().int().nonnegative() });

export const PosVariant = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string().nullable().optional(),
  price: Money,
  compare_at_price: Money.nullable().optional(),
  stock: z.array(PosStock),
});

export const PosProduct = z.object({
  id: z.string().min(1),
  name: z.string(),
  brand: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  category: z.string().nullable().optional(),
  condition: z.object({ grade: z.string().nullable().optional(), notes: z.string().nullable().optional() }).nullable().optional(),
  unique: z.boolean().optional(),
  image_url: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.iso.datetime({ offset: true }),
  variants: z.array(PosVariant),
});
export type PosProduct = z.infer<typeof PosProduct>;

export const PosMerchant = z.object({ id: z.string(), name: z.string(), currency: z.string() });
export type PosMerchant = z.infer<typeof PosMerchant>;

export const MerchantResponse = z.object({ merchant: PosMerchant, api_version: z.string() });
/** `total_count`: how many products the listing will give over all its pages, when the POS tells (a progress hint). */
export const ProductPage = z.object({ products: z.array(PosProduct), next_cursor: z.string().nullable(), total_count: z.number().int().nonnegative().optional() });
export type ProductPage = z.infer<typeof ProductPage>;
export const ProductResponse = z.object({ product: PosProduct });
export const SubscriptionResponse = z.object({ subscription: z.object({ url: z.string(), signature_key: z.string().min(1), event_types: z.array(z.string()) }) });

export const AdjustmentRequest = z.object({
  reason: z.enum(['sale', 'return', 'correction', 'receive']),
  reference: z.string().max(255).optional(),
  changes: z.array(z.object({ sku: z.string(), location_id: z.string(), delta: z.number().int() })).min(1).max(100),
});
export type AdjustmentRequest = z.infer<typeof AdjustmentRequest>;

export const AdjustmentResponse = z.object({
  adjustment: z.object({
    id: z.string(),
    reason: z.string(),
    reference: z.string().nullable().optional(),
    created_at: z.string(),
    changes: z.array(z.object({ sku: z.string(), location_id: z.string(), delta: z.number().int(), quantity: z.number().int(), version: z.number().int() })),
  }),
});
export type Adjustment = z.infer<typeof AdjustmentResponse>['adjustment'];

/** Items to create (POST /v1/products/batch): a product with one variant and its first count at one location each. */
export const NewPosItem = z.object({
  sku: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string(),
  condition: z.object({ grade: z.string(), notes: z.string().nullable() }),
  unique: z.boolean(),
  price: Money,
  compare_at_price: Money.nullable(),
  stock: z.object({ location_id: z.string(), quantity: z.number().int().nonnegative() }),
});
export type NewPosItem = z.infer<typeof NewPosItem>;
export const CreateItemsRequest = z.object({ reference: z.string().max(255).optional(), items: z.array(NewPosItem).min(1).max(500) });
export type CreateItemsRequest = z.infer<typeof CreateItemsRequest>;
export const CreateItemsResponse = z.object({ products: z.array(PosProduct) });

/** New prices by sku (POST /v1/prices/batch): the shop's markdowns, in USD cents. */
export const PriceBatchRequest = z.object({ prices: z.array(z.object({ sku: z.string(), amount: z.number().int().nonnegative() })).min(1).max(500) });
export type PriceBatchRequest = z.infer<typeof PriceBatchRequest>;
/** Each item's outcome, in the order sent: its new price, or the POS's reason it has none (e.g. an sku it does not have). */
export const PosPriceResult = z.discriminatedUnion('status', [
  z.object({ sku: z.string(), status: z.literal('updated'), product_id: z.string(), price: Money }),
  z.object({ sku: z.string(), status: z.literal('not_found'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type PosPriceResult = z.infer<typeof PosPriceResult>;
export const PriceBatchResponse = z.object({ prices: z.array(PosPriceResult) });

/** Every POS error body: `{ error: { code, message } }`. */
export const PosErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** A webhook delivery's body. */
export const PosWebhookEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  created_at: z.string(),
  data: z.unknown(),
});
export type PosWebhookEvent = z.infer<typeof PosWebhookEvent>;

export const PosEventTypes = {
  countUpdated: 'inventory.count.updated',
  productCreated: 'catalog.product.created',
  productUpdated: 'catalog.product.updated',
} as const;

export const CountUpdatedData = z.object({
  sku: z.string(),
  location_id: z.string(),
  quantity: z.number().int(),
  version: z.number().int().nonnegative(),
  product_id: z.string(),
});
/** Only the id is read: the applier fetches the product's current state (see apply-pos-events.ts). */
export const ProductEventData = z.object({ product: z.object({ id: z.string().min(1) }) });
