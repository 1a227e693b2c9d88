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

/**
 * Where an order is in its life. 'paid' is where every order starts; a pickup goes on to
 * 'ready_for_pickup' and 'picked_up', a shipped one to 'shipped' and 'delivered'. 'refunded': the
 * payment was given back because a unit was lost before it could be committed. 'cancelled',
 * 'return_requested' and 'returned' are the later steps (cancellation and returns).
 */
export const OrderStatuses = ['paid', 'ready_for_pickup', 'picked_up', 'shipped', 'delivered', 'cancelled', 'refunded', 'return_requested', 'returned'] as const;
export const OrderStatus = z.enum(OrderStatuses);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** One step of an order's history as its owner sees it (no one's identity). */
export const OrderTimelineEntry = z.object({ status: OrderStatus, at: z.string() });
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

export const Shipment = z.object({ carrier: z.string(), trackingNumber: z.string() });
export type Shipment = z.infer<typeof Shipment>;

export const Order = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatus,
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
  /** Every status the order has had, oldest first, starting with 'paid'. */
  timeline: z.array(OrderTimelineEntry).optional(),
  /** Set once the store has shipped it. */
  shipment: Shipment.nullable().optional(),
});
export type Order = z.infer<typeof Order>;

/**
 * The store's order desk (admin only, owned by the cart service). Every action answers the order as
 * it now is; repeating an action the order already went through changes nothing (200), and an action
 * that does not fit where the order is answers 409 ORDER_TRANSITION with the reason.
 */
export const AdminOrderPaths = {
  orders: '/api/admin/orders',
  counts: '/api/admin/orders/counts',
  order: (id: string) => `/api/admin/orders/${id}`,
  ready: (id: string) => `/api/admin/orders/${id}/ready-for-pickup`,
  pickedUp: (id: string) => `/api/admin/orders/${id}/picked-up`,
  shipped: (id: string) => `/api/admin/orders/${id}/shipped`,
  delivered: (id: string) => `/api/admin/orders/${id}/delivered`,
} as const;

export const ORDER_TRANSITION_ERROR = 'ORDER_TRANSITION';

/**
 * The query parameter of an order e-mail's link, `/orders/<id>?key=<key>`, and of the API call the
 * order page then makes: the order's own key opens it without an account (a guest on any device).
 */
export const ORDER_LINK_KEY_PARAM = 'key';
export const OrderLinkKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** The actions an admin takes on an order, by name. */
export const OrderActions = ['ready_for_pickup', 'picked_up', 'shipped', 'delivered'] as const;
export type OrderAction = (typeof OrderActions)[number];

/** POST …/picked-up: the person collecting showed a valid ID (spec §9: valid ID and the order confirmation). */
export const MarkPickedUpPayload = z.strictObject({ idChecked: z.literal(true, 'Confirm that you checked the ID of the person collecting') });
/** POST …/shipped */
export const MarkShippedPayload = z.strictObject({
  carrier: z.string().trim().min(1, 'Carrier is required').max(60),
  trackingNumber: z.string().trim().min(3, 'Tracking number is required').max(60).regex(/^[A-Za-z0-9 -]+$/, 'Tracking number: letters, digits, spaces and dashes only'),
});
/** POST …/ready-for-pickup and …/delivered take no fields. */
export const EmptyActionPayload = z.strictObject({});

export const ADMIN_ORDERS_PAGE_SIZE = 50;
/** GET /api/admin/orders: filters, search (order number, e-mail or name on the order) and a page. */
export const AdminOrderQuery = z.strictObject({
  status: OrderStatus.optional(),
  fulfilment: z.enum(['pickup', 'shipping']).optional(),
  locationId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).optional(),
  /** Orders placed on or after / before this day (YYYY-MM-DD, UTC). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().trim().max(120).optional(),
  overdue: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(ADMIN_ORDERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>;

/** One row of the order desk. */
export const AdminOrderSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatus,
  createdAt: z.string(),
  email: z.string().nullable(),
  /** The name on the order: the shipping address's, else null (a pickup's customer is known by e-mail). */
  name: z.string().nullable(),
  fulfilment: Fulfilment,
  total: DecimalString,
  itemCount: z.number().int(),
  /** A pickup ready longer than PICKUP_OVERDUE_DAYS and not collected. */
  overdue: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;
export const AdminOrderList = z.object({ data: z.array(AdminOrderSummary), total: z.number().int() });
export type AdminOrderList = z.infer<typeof AdminOrderList>;

/** GET /api/admin/orders/counts: how many orders are in each status, per pickup location (null: shipping). */
export const AdminOrderCounts = z.array(z.object({ status: OrderStatus, locationId: z.string().nullable(), count: z.number().int() }));
export type AdminOrderCounts = z.infer<typeof AdminOrderCounts>;

/** One action in an order's history, with who took it. */
export const OrderHistoryEntry = z.object({
  status: OrderStatus,
  at: z.string(),
  /** 'system' for what the shop did by itself (the payment), 'admin' or 'customer' with the account id. */
  actor: z.object({ kind: z.enum(['system', 'admin', 'customer']), id: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;

/** GET /api/admin/orders/:id: the order with what only the store sees. */
export const AdminOrder = Order.extend({
  customer: z.object({ kind: z.enum(['guest', 'customer']), id: z.string() }),
  payment: z.object({ provider: z.string(), reference: z.string().nullable(), status: z.string(), amount: DecimalString }),
  /** Where each line's units were taken from (the catalog's committed holds); empty while unknown. */
  allocations: z.array(z.object({ sku: z.string(), locationId: z.string(), qty: z.number().int() })),
  history: z.array(OrderHistoryEntry),
  overdue: z.boolean(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** order.status-changed event data (through the cart's outbox): the owner's pages and the e-mails follow it. */
export const OrderStatusChangedData = z.object({
  orderId: z.string(),
  number: z.string(),
  /** The session subject that owns the order (a customer id, or a guest's). */
  subject: z.string(),
  email: z.string().nullable(),
  status: OrderStatus,
  previous: OrderStatus,
  fulfilment: Fulfilment,
  shipment: Shipment.nullable(),
  /** The key of the order's e-mail link; never forwarded to browsers. */
  accessKey: z.string().optional(),
});
export type OrderStatusChangedData = z.infer<typeof OrderStatusChangedData>;

/**
 * order.placed event data (through the cart's outbox). The POS write-back reads the skus; the order
 * confirmation e-mail the rest (optional: events published before the order desk carry none of it).
 */
export const OrderPlacedData = z.object({
  orderId: z.string(),
  lines: z.array(z.object({ sku: z.string(), qty: z.number().int(), title: z.string().optional(), price: DecimalString.optional() })),
  total: DecimalString,
  number: z.string().optional(),
  /** The session subject that placed it (a customer id, or a guest's). */
  subject: z.string().optional(),
  customerKind: z.enum(['guest', 'customer']).optional(),
  email: z.string().nullable().optional(),
  fulfilment: Fulfilment.optional(),
  /** The key of the order's e-mail link (ORDER_LINK_KEY_PARAM): opens the order without an account. */
  accessKey: z.string().optional(),
});
export type OrderPlacedData = z.infer<typeof OrderPlacedData>;
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;

/** Tax rate applied to the cart subtotal (spec §9), in basis points to keep money integral. */
export const TAX_RATE_BASIS_POINTS = 800;
