import { z } from 'zod';
import { DecimalString } from './catalog.js';

/** Add-to-cart payload: variantId carries the variant's sku (spec §3). */
export const AddToCartPayload = z.strictObject({
  variantId: z.string().min(1).max(64),
  qty: z.number().int().min(1).max(99),
});
export type AddToCartPayload = z.infer<typeof AddToCartPayload>;

export const CartLine = z.object({
  id: z.string(),
  qty: z.number().int(),
  subtotal: DecimalString,
  holdExpiresAt: z.string().nullable().optional(),
  variant: z.object({
    sku: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    conditionGrade: z.string(),
    oneOfAKind: z.boolean(),
    conditionNotes: z.string().nullable(),
    price: DecimalString,
    compareAtPrice: DecimalString.nullable().optional(),
  }),
});
export type CartLine = z.infer<typeof CartLine>;

export const Cart = z.object({
  lines: z.array(CartLine),
  subtotal: DecimalString,
  tax: DecimalString,
  total: DecimalString,
});
export type Cart = z.infer<typeof Cart>;

export const PaymentIntentResponse = z.object({
  clientSecret: z.string(),
  provider: z.enum(['stripe', 'test-card']).optional(),
  publishableKey: z.string().nullable().optional(),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;

/** Tax rate applied to the cart subtotal (spec §9), in basis points to keep money integral. */
export const TAX_RATE_BASIS_POINTS = 800;
