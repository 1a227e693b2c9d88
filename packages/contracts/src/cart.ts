import { z } from 'zod';
import { DecimalString } from './catalog.js';

/**
 * The cart's internal API (behind INTERNAL_API_TOKEN). The gateway merges a guest's cart into the
 * customer's before it answers a sign-in, so the browser's next cart read already shows the merge;
 * the customer.signed-in event stays as the backstop when this call fails.
 */
export const CartInternalPaths = {
  merges: '/internal/cart-merges',
} as const;

export const MergeGuestCartRequest = z.strictObject({
  guestSubject: z.string().min(1).max(128),
  customerId: z.string().min(1).max(128),
});
export type MergeGuestCartRequest = z.infer<typeof MergeGuestCartRequest>;

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
  /** The line's hold ran out: the item went back on sale and must be added again. */
  holdExpired: z.boolean().optional(),
  /** The store sold the held one-of-a-kind item in person: it is gone, and the line counts for nothing. */
  holdLost: z.boolean().optional(),
  /** Units still available to this cart right now (for the quantity control). */
  available: z.number().int().optional(),
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

export const PickupFulfilment = z.strictObject({ type: z.literal('pickup'), locationId: z.string().min(1).max(64) });
export const ShippingAddress = z.strictObject({
  name: z.string().trim().min(1).max(120),
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().min(2).max(50),
  zipCode: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'a ZIP code such as 43215'),
});
export const ShippingFulfilment = z.strictObject({ type: z.literal('shipping'), address: ShippingAddress });
export const Fulfilment = z.discriminatedUnion('type', [PickupFulfilment, ShippingFulfilment]);
export type Fulfilment = z.infer<typeof Fulfilment>;

/** PUT /api/cart/checkout: how the order is fulfilled, and the e-mail of a guest. Saved on the cart. */
export const CheckoutDetailsPayload = z.strictObject({
  fulfilment: Fulfilment,
  email: z.email().max(254).optional(),
});
export type CheckoutDetailsPayload = z.infer<typeof CheckoutDetailsPayload>;

/** PATCH /api/cart/lines/:lineId */
export const UpdateCartLinePayload = z.strictObject({ qty: z.number().int().min(1).max(99) });

export const Cart = z.object({
  lines: z.array(CartLine),
  checkout: CheckoutDetailsPayload.nullable().optional(),
  subtotal: DecimalString,
  tax: DecimalString,
  total: DecimalString,
});
export type Cart = z.infer<typeof Cart>;

export const PaymentIntentResponse = z.object({
  clientSecret: z.string(),
  provider: z.enum(['stripe', 'test-card']).optional(),
  publishableKey: z.string().nullable().optional(),
  /** What will be charged, computed by the server: subtotal + 8% tax, shipping free. */
  amount: DecimalString.optional(),
});

/**
 * The built-in test-card provider (no Stripe keys): the page posts the card here; the server
 * decides like a card network and confirms through the same path as a provider webhook.
 * Test numbers: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 */
export const TestCardConfirmPayload = z.strictObject({
  clientSecret: z.string().min(1).max(256),
  cardNumber: z.string().regex(/^[\d ]{12,23}$/, 'a card number'),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'MM/YY'),
  cvc: z.string().regex(/^\d{3,4}$/, '3 or 4 digits'),
});
export type TestCardConfirmPayload = z.infer<typeof TestCardConfirmPayload>;
export const TestCardConfirmResult = z.object({
  status: z.enum(['succeeded', 'failed']),
  message: z.string().optional(),
  orderId: z.string().nullable().optional(),
});
export type TestCardConfirmResult = z.infer<typeof TestCardConfirmResult>;

export const OrderStatuses = ['paid', 'refunded', 'cancelled', 'fulfilled'] as const;
export const Order = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(OrderStatuses),
  createdAt: z.string(),
  email: z.string().nullable(),
  lines: z.array(z.object({ title: z.string(), sku: z.string(), conditionGrade: z.string(), price: DecimalString, qty: z.number().int(), subtotal: DecimalString })),
  subtotal: DecimalString,
  tax: DecimalString,
  shipping: DecimalString,
  total: DecimalString,
  fulfilment: Fulfilment,
  /** Why a paid order was refunded (a held unit lost to an expiry race). */
  note: z.string().nullable().optional(),
});
export type Order = z.infer<typeof Order>;

/** order.placed event data (through the cart's outbox). */
export const OrderPlacedData = z.object({
  orderId: z.string(),
  lines: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
  total: DecimalString,
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;

/** Tax rate applied to the cart subtotal (spec §9), in basis points to keep money integral. */
export const TAX_RATE_BASIS_POINTS = 800;
