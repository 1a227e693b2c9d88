// Request shapes of API.md, parsed at the edge. A failed parse is 400 invalid_request.
import { z } from 'zod';
import { PosError } from '../errors.js';
import { GRADES } from '../seed/seed-product.js';

const Sku = z.string().min(1).max(255);
const LocationId = z.string().min(1).max(255);

export const ProductListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: z.string().min(1).max(1024).optional(),
  updated_since: z.iso.datetime({ offset: true }).optional(),
});

export const CountBody = z.object({
  sku: Sku,
  location_id: LocationId,
  quantity: z.number().int().min(0).max(1_000_000),
});
export type CountBody = z.infer<typeof CountBody>;

export const AdjustmentBody = z
  .object({
    reason: z.enum(['sale', 'return', 'correction', 'receive']),
    reference: z.string().max(255).nullish(),
    changes: z
      .array(
        z.object({
          sku: Sku,
          location_id: LocationId,
          delta: z.number().int().min(-1_000_000).max(1_000_000).refine((d) => d !== 0, 'must not be 0'),
        }),
      )
      .min(1)
      .max(100),
  })
  // Goods received (a delivery, a supplier's manifest) only ever add units.
  .refine((body) => body.reason !== 'receive' || body.changes.every((c) => c.delta > 0), { path: ['changes'], message: "a 'receive' adds units: every delta must be positive" });
export type AdjustmentBody = z.infer<typeof AdjustmentBody>;

const Money = z.object({ amount: z.number().int().min(0).max(100_000_000), currency: z.literal('USD').default('USD') });

/** One item of POST /v1/products/batch: a product with one variant and its first stock at one location. */
export const NewItem = z.strictObject({
  sku: Sku,
  name: z.string().trim().min(1).max(255),
  brand: z.string().max(255).nullish(),
  description: z.string().max(10_000).nullish(),
  category: z.string().trim().min(1).max(255),
  condition: z.strictObject({ grade: z.enum(GRADES), notes: z.string().max(10_000).nullish() }),
  unique: z.boolean(),
  price: Money,
  compare_at_price: Money.nullish(),
  stock: z.strictObject({ location_id: LocationId, quantity: z.number().int().min(0).max(1_000_000) }),
});
export type NewItem = z.infer<typeof NewItem>;

export const MAX_BATCH_ITEMS = 500;

export const BatchCreateBody = z
  .strictObject({
    reference: z.string().max(255).nullish(),
    items: z.array(NewItem).min(1).max(MAX_BATCH_ITEMS),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((item, i) => {
      if (seen.has(item.sku)) ctx.addIssue({ code: 'custom', path: ['items', i, 'sku'], message: `sku ${item.sku} appears twice` });
      seen.add(item.sku);
    });
  });
export type BatchCreateBody = z.infer<typeof BatchCreateBody>;

export const IdempotencyKey = z.string().min(1).max(255);

export const MAX_PRICE_BATCH = 500;

/** POST /v1/prices/batch: new prices by sku (1–500, each sku once), as a shop's markdowns send them. */
export const PriceBatchBody = z
  .strictObject({
    prices: z
      .array(z.strictObject({ sku: Sku, amount: z.number().int().min(0).max(100_000_000) }))
      .min(1)
      .max(MAX_PRICE_BATCH),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.prices.forEach((price, i) => {
      if (seen.has(price.sku)) ctx.addIssue({ code: 'custom', path: ['prices', i, 'sku'], message: `sku ${price.sku} appears twice` });
      seen.add(price.sku);
    });
  });
export type PriceBatchBody = z.infer<typeof PriceBatchBody>;

export const ProductPatch = z
  .strictObject({
    name: z.string().trim().min(1).max(255).optional(),
    description: z.string().max(10_000).optional(),
    price: z.object({ sku: Sku, amount: z.number().int().min(0).max(100_000_000) }).optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.description !== undefined || patch.price !== undefined, 'nothing to change: give name, description or price');
export type ProductPatch = z.infer<typeof ProductPatch>;

export const SubscriptionBody = z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) });

/** Parses or throws 400 invalid_request naming the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new PosError('invalid_request', `Invalid ${what}: ${path}${issue?.message ?? 'invalid'}`);
}
